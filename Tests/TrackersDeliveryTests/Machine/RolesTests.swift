import Testing
@testable import TrackersDelivery

/// The parts a queue plays, decided from facts alone.
@Suite struct RolesTests {
  @Test func enqueueWhileRelinquishedGoesToTheInbox() {
    #expect(Roles.route(.init(relinquished: true)) == .writeToInbox)
    #expect(Roles.route(.init()) == .append)
    #expect(Roles.route(.init(writing: true)) == .append)
    #expect(Roles.route(.init(unopened: true)) == .keepInMemory)
    #expect(Roles.route(.init(unopened: true, relinquished: true)) == .keepInMemory)
    #expect(Roles.route(.init(closing: true, relinquished: true)) == .refuse)
  }

  @Test func relinquishWaitsOnlyForASenderThatMayHaveARequestInFlight() {
    #expect(Roles.relinquishWaitsForSender(.init()))
    #expect(!Roles.relinquishWaitsForSender(.init(writing: true)))
    #expect(!Roles.relinquishWaitsForSender(.init(unopened: true)))
    #expect(!Roles.relinquishWaitsForSender(.init(relinquished: true)))
    #expect(!Roles.relinquishWaitsForSender(.init(senderGone: true)))
    #expect(!Roles.relinquishWaitsForSender(.init(closed: true)))
  }

  @Test func theSenderTaskRunsTheLoopOfItsRole() {
    #expect(Roles.loop(.init()) == .send)
    #expect(Roles.loop(.init(writing: true)) == .handOver)
    #expect(Roles.loop(.init(relinquished: true)) == .waitWhileRelinquished)
    #expect(Roles.loop(.init(unopened: true, relinquished: true)) == .waitForStorage)
    #expect(Roles.role(.init(unopened: true)) == .sender)
    #expect(Roles.role(.init(writing: true)) == .writer)
    #expect(Roles.role(.init(relinquished: true, writing: true)) == .relinquished)
  }
}
