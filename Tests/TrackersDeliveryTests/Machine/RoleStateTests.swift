import Foundation
import Testing
@testable import TrackersDelivery

/// The state each role carries, and the state only a close or a drain has: what a role does not hold
/// can't be set in it, and goes when the role does (issue 39 item 1). Exact commands, as everywhere here.
@Suite struct RoleStateTests {
  func machine(configure: (inout DeliveryConfiguration) -> Void = { _ in }) -> QueueMachine {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configuration.handoverInterval = .seconds(5)
    configure(&configuration)
    return QueueMachine(
      destination: "Test", limits: BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60)),
      configuration: configuration, random: SeededQueueRandom(seed: 3))
  }

  func facts(pending: Int) -> QueueMachine.SendFacts {
    .init(
      pendingEvents: pending, pendingBytes: Int64(pending * 10), logEnd: LogPosition(segment: 1, offset: Int64(pending * 10)),
      writerEnd: LogPosition(segment: 1, offset: Int64(pending * 10)))
  }

  /// A close deadline exists only with a close: the earliest of the calls, the timer cancels at it.
  @Test func aCloseCarriesItsDeadlineTheEarliestOfTheCalls() {
    var m = machine()
    #expect(m.closeRequest == nil && m.closeDeadline == nil)
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.handle(.closeRequested(deadline: .seconds(3)), at: .zero) == [.startTimer(.close, deadline: .seconds(3))])
    #expect(m.handle(.closeRequested(deadline: .seconds(9)), at: .zero) == [])
    #expect(m.closeRequest == QueueMachine.Closing(deadline: .seconds(3)))
    #expect(m.handle(.closeTimerFired, at: .seconds(2)) == [])
    #expect(m.handle(.closeTimerFired, at: .seconds(3)) == [.cancelSending])
  }

  /// relinquishDirectory's request is the sender role's: it goes when the queue lets go, and a queue
  /// released while a caller still waits for its sender (cancelled at close's deadline) answers it then.
  @Test func theRelinquishRequestIsTheSendersAndGoesWithTheRole() {
    var m = machine()
    #expect(
      m.handle(.relinquishAsked(FlushTicket(id: 1), deadline: .seconds(5)), at: .zero) == [
        .wakeSender, .startTimer(.relinquish, deadline: .seconds(5)),
      ])
    #expect(
      m.handle(.relinquishAsked(FlushTicket(id: 2), deadline: .seconds(3)), at: .zero) == [
        .wakeSender, .startTimer(.relinquish, deadline: .seconds(3)),
      ])
    #expect(m.role == .sender(.init(relinquishDeadline: .seconds(3))))
    #expect(m.handle(.released, at: .seconds(1)) == [.answer([FlushTicket(id: 1), FlushTicket(id: 2)]), .cancelTimer(.relinquish)])
    #expect(m.role == .closed(relinquished: false, waiting: nil) && m.relinquishTickets.isEmpty)
    #expect(m.handle(.relinquishTimerFired, at: .seconds(10)) == [])

    var letGo = machine()
    #expect(letGo.handle(.relinquishAsked(FlushTicket(id: 3), deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.relinquish, deadline: .seconds(5))])
    #expect(letGo.letGo(at: .seconds(1)) == (true, [.wakeSender, .answer([FlushTicket(id: 3)]), .cancelTimer(.relinquish)]))
    #expect(letGo.role == .relinquished(.heldLog(purgeWhenReclaimed: false)) && !letGo.relinquishRequested)
    #expect(letGo.handle(.relinquishTimerFired, at: .seconds(10)) == [])
  }

  /// The handover cadence is the sender's: a writer never takes what other processes hand over.
  @Test func theHandoverCadenceIsTheSendersOnly() {
    var m = machine()
    #expect(m.step(.handoverTimerFired, at: .seconds(10)) == QueueMachine.Answer(next: .takeHandedOver))
    #expect(m.role == .sender(.init(nextHandoverLook: .seconds(15))))
    var writer = machine()
    #expect(writer.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .zero) == [])
    #expect(writer.step(.handoverTimerFired, at: .seconds(10)) == [])
    #expect(writer.role == .writer)
  }

  /// A drain's hold and the flush() calls it answers exist from its start to its end only.
  @Test func aDrainHoldsItsTicketsAndItsHoldFromStartToEnd() {
    var m = machine()
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .zero) == [.wakeSender])
    _ = m.appended(pendingEvents: 3, pendingBytes: 30, at: .zero)
    #expect(m.drain == nil)
    #expect(m.sendStep(facts(pending: 3), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 30), takingHandedOverFirst: true)))
    #expect(m.drain == QueueMachine.Drain(held: false, tickets: [FlushTicket(id: 1)]))
    #expect(m.answered(.withheld, ids: [RecordID()], attempts: [0], at: .zero) == ([.sendAgain([[0]])], []))
    #expect(m.drain == QueueMachine.Drain(held: true, tickets: [FlushTicket(id: 1)]))
    #expect(!m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 3), at: .seconds(1)) == [.answer([FlushTicket(id: 1)])])
    #expect(m.drain == nil && m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
  }
}
