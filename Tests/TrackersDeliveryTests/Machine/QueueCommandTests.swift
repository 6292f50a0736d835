import Foundation
import Testing
@testable import TrackersDelivery

/// The machine's answers as exact command lists, compared with `==` (reports with every field), the way
/// AsyncHTTPClient's state-machine tests compare actions: each test is a row of <doc:Guarantees>.
@Suite struct QueueCommandTests {
  static let limits = BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60))
  static let destination = "Test"

  func machine(seed: UInt64 = 21, configure: (inout DeliveryConfiguration) -> Void = { _ in }) -> QueueMachine {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configuration.handoverInterval = .seconds(5)
    configure(&configuration)
    return QueueMachine(
      destination: Self.destination, limits: Self.limits, configuration: configuration,
      random: SeededQueueRandom(seed: seed))
  }

  func look(_ m: QueueMachine, pending: Int = 0, maySend: Bool = true) -> QueueMachine.Input {
    .timerFired(
      .init(
        maySend: maySend, readGeneration: m.generation, pendingEvents: pending, pendingBytes: Int64(pending * 10),
        logEnd: LogPosition(segment: 1, offset: Int64(pending * 10)),
        writerEnd: LogPosition(segment: 1, offset: Int64(pending * 10))))
  }

  func dropped(_ count: Int, _ reason: DropReason, _ detail: String) -> DeliveryReport {
    .dropped(destination: Self.destination, count: count, reason: reason, detail: detail)
  }

  @Test func commandsCompareByEveryField() {
    let a = QueueMachine.Command.report(dropped(1, .refused, "x"))
    #expect(a == .report(dropped(1, .refused, "x")))
    #expect(a != .report(dropped(2, .refused, "x")))
    #expect(a != .report(dropped(1, .refused, "y")))
    #expect(a != .reportFolding(dropped(1, .refused, "x")))
    #expect(QueueMachine.Command.wait(nil) != .wait(.zero))
    #expect(
      QueueMachine.Command.drain(target: LogPosition(segment: 1, offset: 5), answerAfter: [FlushTicket(id: 1)])
        != .drain(target: LogPosition(segment: 1, offset: 5), answerAfter: []))
  }

  /// Bounds: at the cap, refuseNew refuses the record with a folded report and `queueFull`.
  @Test func theCapRefusesWithAFoldedReportAndQueueFull() {
    var m = machine()
    let id = RecordID()
    #expect(
      m.handle(.refusedAtCap(id, pendingBytes: 990, cap: 1000), at: .zero) == [
        .reportFolding(dropped(1, .refused, "queue full (990 of 1000 bytes pending), record \(id) refused")),
        .refuse(.queueFull(pendingBytes: 990, maxPendingBytes: 1000)),
      ])
    #expect(
      m.handle(.droppedOldest(3, cap: 1000), at: .zero) == [
        .reportFolding(dropped(3, .overflow, "oldest records dropped to stay under 1000 pending bytes"))
      ])
    #expect(m.handle(.droppedOldest(0, cap: 1000), at: .zero) == [])
  }

  /// Outcomes and backoff: Retry-After is the pause, exactly; flush() does not wait through it.
  @Test func retryAfterIsThePauseAndFlushIsAnsweredDuringIt() {
    var m = machine()
    #expect(
      m.handle(.retried(kept: 2, exhausted: 0, serverDelay: .seconds(30), detail: "429"), at: .seconds(10)) == [
        .pause(.seconds(30)),
        .report(.retryScheduled(destination: Self.destination, count: 2, delay: .seconds(30), detail: "429")),
      ])
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .seconds(11)) == [.wakeSender])
    #expect(m.handle(look(m, pending: 2), at: .seconds(20)) == [.answer([FlushTicket(id: 1)]), .wait(.seconds(20))])
    #expect(m.handle(look(m, pending: 2), at: .seconds(40)) == [.drain(target: LogPosition(segment: 1, offset: 20), answerAfter: [])])
  }

  /// close(timeout:) ends at its deadline: a pause past it ends the loop at once.
  @Test func closeDoesNotWaitThroughAPausePastItsDeadline() {
    var m = machine()
    _ = m.handle(.retried(kept: 1, exhausted: 0, serverDelay: .seconds(60), detail: "503"), at: .zero)
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .seconds(1)) == [.wakeSender])
    #expect(m.handle(look(m, pending: 1), at: .seconds(1)) == [.answer([]), .exit])
  }

  /// Consent: records held by the send gate are not sent; flush() does not wait for the gate.
  @Test func theSendGateHoldsRecordsAndFlushIsAnswered() {
    var m = machine()
    _ = m.handle(.flushRequested(FlushTicket(id: 4)), at: .zero)
    #expect(m.handle(look(m, pending: 3, maySend: false), at: .zero) == [.answer([FlushTicket(id: 4)]), .wait(nil)])
    // Closing while the gate is shut: nothing is sent, the loop ends.
    _ = m.handle(.closeRequested(deadline: .seconds(5)), at: .zero)
    #expect(m.handle(look(m, pending: 3, maySend: false), at: .zero) == [.answer([]), .exit])
  }

  /// Outcomes: a partial success delivers the rest and reports the rejected records with their reasons.
  @Test func partialSuccessCountsDeliveredAndReportsTheRejected() {
    var m = machine()
    #expect(
      m.handle(.finished(delivered: 3, rejected: 1, reasons: ["#2 x: bad"]), at: .zero) == [
        .report(dropped(1, .rejected, "#2 x: bad"))
      ])
    #expect(m.counters.delivered == 3 && m.counters.dropped(.rejected) == 1)
  }
}
