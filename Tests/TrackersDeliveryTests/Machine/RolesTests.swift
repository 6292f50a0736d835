import Testing
@testable import TrackersDelivery

/// The parts a queue plays, decided from the machine's role alone (and whether it closes, whether its task
/// runs).
@Suite struct RolesTests {
  static let waiting = UnopenedStorage(now: .zero)

  @Test func enqueueWhileRelinquishedGoesToTheInbox() {
    #expect(Roles.route(.relinquished(.heldLog(purgeWhenReclaimed: false)), closing: false) == .writeToInbox)
    #expect(Roles.route(.sender(.init()), closing: false) == .append)
    #expect(Roles.route(.writer, closing: false) == .append)
    #expect(Roles.route(.unopened(Self.waiting), closing: false) == .keepInMemory)
    #expect(Roles.route(.relinquished(.neverOpened(Self.waiting)), closing: false) == .keepInMemory)
    #expect(Roles.route(.relinquished(.heldLog(purgeWhenReclaimed: false)), closing: true) == .refuse)
    // Closed (the queue's end without close()): as it stood, let go of or not, opened or not.
    #expect(Roles.route(.closed(relinquished: true, waiting: nil), closing: false) == .writeToInbox)
    #expect(Roles.route(.closed(relinquished: false, waiting: nil), closing: false) == .append)
    #expect(Roles.route(.closed(relinquished: false, waiting: Self.waiting), closing: false) == .keepInMemory)
  }

  @Test func relinquishWaitsOnlyForASenderThatMayHaveARequestInFlight() {
    #expect(Roles.relinquishWaitsForSender(.sender(.init()), task: .running(wait: nil)))
    #expect(!Roles.relinquishWaitsForSender(.writer, task: .running(wait: nil)))
    #expect(!Roles.relinquishWaitsForSender(.unopened(Self.waiting), task: .running(wait: nil)))
    #expect(!Roles.relinquishWaitsForSender(.relinquished(.heldLog(purgeWhenReclaimed: false)), task: .running(wait: nil)))
    #expect(!Roles.relinquishWaitsForSender(.sender(.init()), task: .gone))
    #expect(!Roles.relinquishWaitsForSender(.closed(relinquished: false, waiting: nil), task: .running(wait: nil)))
  }

  @Test func theSenderTaskRunsTheLoopOfItsRole() {
    #expect(Roles.loop(.sender(.init())) == .send)
    #expect(Roles.loop(.writer) == .handOver)
    #expect(Roles.loop(.relinquished(.heldLog(purgeWhenReclaimed: false))) == .waitWhileRelinquished)
    #expect(Roles.loop(.relinquished(.neverOpened(Self.waiting))) == .waitForStorage)
    #expect(Roles.loop(.unopened(Self.waiting)) == .waitForStorage)
    #expect(Roles.role(.unopened(Self.waiting)) == .sender)
    #expect(Roles.role(.writer) == .writer)
    #expect(Roles.role(.relinquished(.heldLog(purgeWhenReclaimed: false))) == .relinquished)
    #expect(Roles.role(.closed(relinquished: true, waiting: nil)) == .relinquished)
    #expect(Roles.role(.closed(relinquished: false, waiting: nil)) == .sender)
  }
}
