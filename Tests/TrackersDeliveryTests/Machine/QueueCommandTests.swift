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

  func look(_ m: QueueMachine, pending: Int = 0, maySend: Bool = true, flushesBeforeGate: Int? = nil) -> QueueMachine.SendFacts {
    .init(
      maySend: maySend, flushesBeforeGate: flushesBeforeGate, readGeneration: m.generation, pendingEvents: pending, pendingBytes: Int64(pending * 10),
      logEnd: LogPosition(segment: 1, offset: Int64(pending * 10)),
      writerEnd: LogPosition(segment: 1, offset: Int64(pending * 10)))
  }

  func dropped(_ count: Int, _ reason: DropReason, _ detail: String) -> DeliveryReport {
    .dropped(destination: Self.destination, count: count, reason: reason, detail: detail)
  }

  @Test func answersCompareByEveryField() {
    let a = QueueMachine.Effect.report(dropped(1, .refused, "x"))
    #expect(a == .report(dropped(1, .refused, "x")))
    #expect(a != .report(dropped(2, .refused, "x")))
    #expect(a != .report(dropped(1, .refused, "y")))
    #expect(a != .report(dropped(1, .rejected, "x")))
    #expect(QueueMachine.LoopStep.wait(nil) != .wait(.zero))
    #expect(
      QueueMachine.LoopStep.drain(target: LogPosition(segment: 1, offset: 5), takingHandedOverFirst: true)
        != .drain(target: LogPosition(segment: 1, offset: 5), takingHandedOverFirst: false))
    // The same effects, under the lock or after it, are different answers; so are the same effects with
    // and without a step.
    #expect(QueueMachine.Answer(underLock: [.purge]) != QueueMachine.Answer(underLock: [.sealForHandover]))
    #expect(QueueMachine.Answer([.wakeSender]) != QueueMachine.Answer([.wakeSender], next: .exit))
    #expect(QueueMachine.Answer([.wakeSender, .answer([])]) != QueueMachine.Answer([.answer([]), .wakeSender]))
  }

  /// Bounds: at the cap, refuseNew refuses the record with a report and `queueFull`; the oldest dropped
  /// are reported too, a cause of its own.
  @Test func theCapRefusesWithAReportAndQueueFull() {
    var m = machine {
      $0.maxPendingBytes = 1000
      $0.overflowPolicy = .refuseNew
    }
    let id = RecordID()
    #expect(
      m.enqueue(Request(id: id, frameBytes: 20, pendingBytes: 990), at: .zero) == (
        .refuse(.queueFull(pendingBytes: 990, maxPendingBytes: 1000)),
        [.report(dropped(1, .refused, "queue full (990 of 1000 bytes pending), record \(id) refused"))]
      ))
    #expect(
      m.step(.droppedOldest(3, cap: 1000), at: .zero) == [
        .report(dropped(3, .overflow, "oldest records dropped to stay under 1000 pending bytes"))
      ])
    #expect(m.step(.droppedOldest(0, cap: 1000), at: .zero) == [])
  }

  /// Outcomes and backoff: Retry-After is the pause, exactly; flush() does not wait through it.
  @Test func retryAfterIsThePauseAndFlushIsAnsweredDuringIt() {
    var m = machine()
    #expect(
      m.step(.retried(kept: 2, exhausted: 0, serverDelay: .seconds(30), detail: "429"), at: .seconds(10)) == [
        .report(.retryScheduled(destination: Self.destination, count: 2, delay: .seconds(30), detail: "429")),
      ])
    #expect(m.pace.backoffUntil == .seconds(40))
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .seconds(11)) == [.wakeSender])
    #expect(m.sendStep(look(m, pending: 2), at: .seconds(20)) == QueueMachine.Answer([.answer([FlushTicket(id: 1)])], next: .wait(.seconds(20))))
    #expect(m.sendStep(look(m, pending: 2), at: .seconds(40)) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 20), takingHandedOverFirst: false)))
  }

  /// close(timeout:) ends at its deadline: a pause past it ends the loop at once.
  @Test func closeDoesNotWaitThroughAPausePastItsDeadline() {
    var m = machine()
    #expect(
      m.step(.retried(kept: 1, exhausted: 0, serverDelay: .seconds(60), detail: "503"), at: .zero)
        == [.retry(1, .seconds(60), "503")])
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .seconds(1)) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.sendStep(look(m, pending: 1), at: .seconds(1)) == QueueMachine.Answer([.answer([])], next: .exit))
  }

  /// Consent: records held by the send gate are not sent; flush() does not wait for the gate.
  @Test func theSendGateHoldsRecordsAndFlushIsAnswered() {
    var m = machine()
    #expect(m.handle(.flushRequested(FlushTicket(id: 4)), at: .zero) == [.wakeSender])
    #expect(m.sendStep(look(m, pending: 3, maySend: false), at: .zero) == QueueMachine.Answer([.answer([FlushTicket(id: 4)])], next: .wait(nil)))
    // Closing while the gate is shut: nothing is sent, the loop ends.
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.sendStep(look(m, pending: 3, maySend: false), at: .zero) == QueueMachine.Answer([.answer([])], next: .exit))
  }

  /// A closed gate read before a flush() came (consent granted, then `flush()`, while the sender was
  /// between its read of the gate and its look) is read again at once: the flush is not answered on it.
  /// CI saw this race as a flush() that returned before anything was sent.
  @Test func aGateReadBeforeTheFlushIsReadAgainNotAnswered() {
    var m = machine()
    let seenByGate = m.flushesReceived
    #expect(m.handle(.flushRequested(FlushTicket(id: 7)), at: .zero) == [.wakeSender])
    #expect(m.sendStep(look(m, pending: 3, maySend: false, flushesBeforeGate: seenByGate), at: .zero) == QueueMachine.Answer(next: .wait(.zero)))
    #expect(m.flushTickets == [FlushTicket(id: 7)])
    // Read after the flush came: the gate is open now, and the flush waits for the drain.
    #expect(
      m.sendStep(look(m, pending: 3, flushesBeforeGate: m.flushesReceived), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 30), takingHandedOverFirst: true)))
    // Still closed when read after the flush: nothing will be sent, the flush is answered.
    var closed = machine()
    #expect(closed.handle(.flushRequested(FlushTicket(id: 8)), at: .zero) == [.wakeSender])
    #expect(
      closed.sendStep(look(closed, pending: 3, maySend: false, flushesBeforeGate: closed.flushesReceived), at: .zero) == QueueMachine.Answer([.answer([FlushTicket(id: 8)])], next: .wait(nil)))
  }

  /// A flush() is answered by a drain that stops where the log ended at its call (`reach`), whoever
  /// started sending first: a drain the tenth record began (target 12) leaves the flush waiting, and the
  /// next drain goes to the flush's reach (25), not to what was enqueued since (39). The latest of several
  /// calls reaches farthest; a reach from a log since replaced, or none given, is the log's end then.
  @Test func aFlushsDrainStopsWhereTheLogEndedAtItsCall() {
    func at(_ records: Int) -> LogPosition { LogPosition(segment: 1, offset: Int64(records * 10)) }
    var m = machine()
    #expect(m.sendStep(look(m, pending: 12), at: .zero) == QueueMachine.Answer(next: .drain(target: at(12), takingHandedOverFirst: false)))
    #expect(m.handle(.flushRequested(FlushTicket(id: 1), reach: at(25)), at: .zero) == [.wakeSender])
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: true, pendingEvents: 19), at: .zero) == [])
    #expect(m.sendStep(look(m, pending: 39), at: .zero) == QueueMachine.Answer(next: .drain(target: at(25), takingHandedOverFirst: true)))
    #expect(m.flushReach == nil)
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: true, pendingEvents: 9), at: .zero) == [.answer([FlushTicket(id: 1)])])

    // Two calls: the later one's reach.
    #expect(m.handle(.flushRequested(FlushTicket(id: 2), reach: at(40)), at: .zero) == [.wakeSender])
    #expect(m.handle(.flushRequested(FlushTicket(id: 3), reach: at(45)), at: .zero) == [.wakeSender])
    #expect(m.sendStep(look(m, pending: 50), at: .zero) == QueueMachine.Answer(next: .drain(target: at(45), takingHandedOverFirst: true)))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: true, pendingEvents: 5), at: .zero) == [.answer([FlushTicket(id: 2), FlushTicket(id: 3)])])

    // A call whose reach is not known: the log's end when the drain starts.
    #expect(m.handle(.flushRequested(FlushTicket(id: 4), reach: at(46)), at: .zero) == [.wakeSender])
    #expect(m.handle(.flushRequested(FlushTicket(id: 5)), at: .zero) == [.wakeSender])
    #expect(m.flushReach == nil)
    #expect(m.sendStep(look(m, pending: 50), at: .zero) == QueueMachine.Answer(next: .drain(target: at(50), takingHandedOverFirst: true)))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: true, pendingEvents: 0), at: .zero) == [.answer([FlushTicket(id: 4), FlushTicket(id: 5)])])

    // The log was replaced after the call: its positions may name other records.
    #expect(m.handle(.flushRequested(FlushTicket(id: 6), reach: at(3)), at: .zero) == [.wakeSender])
    m.generation += 1
    #expect(m.sendStep(look(m, pending: 8), at: .zero) == QueueMachine.Answer(next: .drain(target: at(8), takingHandedOverFirst: true)))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: true, pendingEvents: 0), at: .zero) == [.answer([FlushTicket(id: 6)])])

    // Segments other processes sealed, taken after the call: they may lie past its reach, and are sent.
    #expect(m.handle(.flushRequested(FlushTicket(id: 7), reach: at(8)), at: .zero) == [.wakeSender])
    #expect(m.flushReach != nil)
    #expect(m.handle(.adopted(events: 5, pendingEvents: 5), at: .zero) == [])
    #expect(m.flushReach == nil)
    #expect(m.handle(.drainEnded(tookBatches: false, reachedTarget: true, pendingEvents: 5), at: .zero) == [])

    // A writer's log is not the one a drain reads, should it become the sender: no reach.
    var writer = machine()
    writer.role = .writer
    #expect(writer.handle(.flushRequested(FlushTicket(id: 1), reach: at(3)), at: .zero) == [.wakeSender])
    #expect(writer.flushReach == nil && writer.flushTickets == [FlushTicket(id: 1)])
  }

  /// Outcomes: a partial success delivers the rest and reports the rejected records with their reasons.
  @Test func partialSuccessCountsDeliveredAndReportsTheRejected() {
    var m = machine()
    #expect(
      m.step(.finished(delivered: 3, rejected: 1, reasons: ["#2 x: bad"]), at: .zero) == [
        .report(dropped(1, .rejected, "#2 x: bad"))
      ])
    #expect(m.counters.delivered == 3 && m.counters.dropped(.rejected) == 1)
  }

  // MARK: Enqueue: asked, not told

  typealias Request = QueueMachine.EnqueueRequest

  func enqueue(
    _ m: inout QueueMachine, _ request: Request, at now: Duration = .zero
  ) -> (QueueMachine.EnqueueAnswer, QueueMachine.Answer) {
    m.enqueue(request, at: now)
  }

  /// Keeps frames of these sizes in memory, as the shell does after `.keepInMemory`.
  func keep(_ m: inout QueueMachine, sizes: [Int], droppingOldest dropped: Int = 0) {
    for (index, size) in sizes.enumerated() {
      m.keep([UInt8](repeating: 0, count: size), droppingOldest: index == 0 ? dropped : 0)
    }
  }

  /// Bounds: a frame that fits is appended; past the cap dropOldest makes room, then asks again with how
  /// many went: they are counted, and the frame appended, or refused and counted once, never dropped for twice.
  @Test func aFrameThatFitsIsAppendedAndPastTheCapTheOldestMakeRoom() {
    var m = machine { $0.maxPendingBytes = 1000 }
    let id = RecordID()
    #expect(enqueue(&m, Request(id: id, frameBytes: 100, pendingBytes: 900)) == (.append, []))
    #expect(enqueue(&m, Request(id: id, frameBytes: 101, pendingBytes: 900)) == (.dropOldest(toFit: 101), []))
    #expect(
      enqueue(&m, Request(id: id, frameBytes: 101, pendingBytes: 700, droppedOldest: 2)) == (
        .append, [.report(dropped(2, .overflow, "oldest records dropped to stay under 1000 pending bytes"))]
      ))
    // Nothing more could go (what is left is in flight): refused, counted and reported once, not dropped twice.
    #expect(
      enqueue(&m, Request(id: id, frameBytes: 101, pendingBytes: 950, droppedOldest: 0)) == (
        .refuse(.queueFull(pendingBytes: 950, maxPendingBytes: 1000)),
        [.report(dropped(1, .refused, "queue full (950 of 1000 bytes pending), record \(id) refused"))]
      ))
    #expect(m.counters.dropped(.overflow) == 2 && m.counters.dropped(.refused) == 1)
  }

  /// Bounds: refuseNew, and any writer for another process's sender, refuse at the cap, counted once.
  @Test func refuseNewAndWritersRefuseAtTheCapCountedOnce() {
    var m = machine {
      $0.maxPendingBytes = 1000
      $0.overflowPolicy = .refuseNew
    }
    let id = RecordID()
    #expect(
      enqueue(&m, Request(id: id, frameBytes: 101, pendingBytes: 900)) == (
        .refuse(.queueFull(pendingBytes: 900, maxPendingBytes: 1000)),
        [.report(dropped(1, .refused, "queue full (900 of 1000 bytes pending), record \(id) refused"))]
      ))
    var writer = machine { $0.maxPendingBytes = 1000 }
    #expect(writer.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .zero) == [])
    #expect(writer.role == .writer)
    #expect(enqueue(&writer, Request(id: id, frameBytes: 101, pendingBytes: 900)).0 == .refuse(.queueFull(pendingBytes: 900, maxPendingBytes: 1000)))
    #expect(m.counters.dropped(.refused) == 1 && writer.counters.dropped(.refused) == 1)
    #expect(m.counters.enqueued == 0)
  }

  /// Several processes: let go of the directory, a record goes to the inbox; closing, it is refused.
  @Test func relinquishedWritesToTheInboxAndClosingRefuses() {
    var m = machine()
    let id = RecordID()
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(enqueue(&m, Request(id: id, frameBytes: 10)) == (.writeToInbox, []))
    #expect(m.handle(.wroteToInbox, at: .zero) == [])
    #expect(m.counters.enqueued == 1 && m.counters.handedOver == 1)
    #expect(m.handle(.closeRequested(deadline: .seconds(1)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(1))])
    #expect(enqueue(&m, Request(id: id, frameBytes: 10)) == (.refuse(.closed), []))
    #expect(m.counters.droppedTotal == 0)
  }

  /// Before the first unlock: records wait in memory within its bounds, the oldest dropped past them (or,
  /// under refuseNew, the new one refused); an enqueue past the back-off wakes the sender to try again.
  @Test func beforeTheFirstUnlockRecordsWaitInMemoryWithinItsBounds() {
    var m = machine {
      $0.unopenedMaxRecords = 3
      $0.unopenedMaxBytes = 1000
    }
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    let id = RecordID()
    keep(&m, sizes: [10, 10])
    #expect(enqueue(&m, Request(id: id, frameBytes: 10)) == (.keepInMemory(droppingOldest: 0), []))
    keep(&m, sizes: [10])
    // The back-off (1 s after the first failure) is up: the enqueue wakes the sender to try again.
    #expect(
      enqueue(&m, Request(id: id, frameBytes: 10), at: .seconds(1)) == (
        .keepInMemory(droppingOldest: 1),
        [
          .report(
            dropped(
              1, .storageUnavailable,
              "the queue's directory can't be opened yet and the memory it waits in holds 3 records or 1000 bytes: the oldest dropped")),
          .wakeSender,
        ]
      ))
    #expect(m.counters.enqueued == 2 && m.counters.dropped(.storageUnavailable) == 1)
    // The machine's unopened role holds the records: the oldest went, the new one is the last.
    keep(&m, sizes: [7], droppingOldest: 1)
    #expect(m.kept.frames.map(\.count) == [10, 10, 7] && m.kept.bytes == 27)
    var refusing = machine {
      $0.unopenedMaxRecords = 3
      $0.overflowPolicy = .refuseNew
    }
    #expect(refusing.step(.startedWithoutStorage, at: .zero) == [])
    keep(&refusing, sizes: [10, 10, 10])
    let (answer, commands) = enqueue(&refusing, Request(id: id, frameBytes: 10), at: .seconds(2))
    #expect(answer == .refuse(.queueFull(pendingBytes: 30, maxPendingBytes: 1 << 20)))
    #expect(
      commands == [
        .report(dropped(
          1, .refused,
          "the queue's directory can't be opened yet and the memory it waits in is full (3 records, 30 bytes); "
            + "record \(id) refused")),
        .wakeSender,
      ])
    #expect(refusing.counters.dropped(.refused) == 1 && refusing.counters.enqueued == 0)
  }

  /// Before the first unlock: records written to the log opened late are counted and reported once.
  @Test func keptRecordsWrittenLateAreCountedAndReported() {
    var m = machine()
    #expect(
      m.handle(.wroteKeptRecords(overflow: 2, lost: 1, cap: 500, lostBecause: "disk full"), at: .zero) == [
        .report(dropped(2, .overflow, "oldest records dropped to stay under 500 pending bytes while writing the records kept in memory")),
        .report(dropped(1, .storageUnavailable, "records kept in memory until the directory opened could not be written to it: disk full")),
      ])
    #expect(m.handle(.wroteKeptRecords(overflow: 0, lost: 0, cap: 500, lostBecause: ""), at: .zero) == [])
    #expect(m.counters.dropped(.overflow) == 2 && m.counters.dropped(.storageUnavailable) == 1)
  }

  /// Corruption found opening the log or taking handed-over segments: counted and reported once.
  @Test func corruptionFoundIsCountedAndReported() {
    var m = machine()
    let regions = [CorruptRegion(segment: 1, offset: 4, length: 12), CorruptRegion(segment: 2, offset: 0, length: 8)]
    #expect(
      m.handle(.corruptFound(regions), at: .zero) == [
        .report(
          .corruptDataSkipped(
            destination: Self.destination, regions: 2, bytes: 20,
            detail: "\(SegmentLog.segmentFileName(1))@4+12, \(SegmentLog.segmentFileName(2))@0+8"))
      ])
    #expect(m.handle(.corruptFound([]), at: .zero) == [])
    #expect(m.counters.dropped(.corrupt) == 2 && m.counters.corruptBytes == 20)
  }

  // MARK: A batch's answer: asked, not told

  let ids = (0..<4).map { _ in RecordID() }

  func answered(
    _ m: inout QueueMachine, _ outcome: DeliveryOutcome, count: Int = 4, status: Int = 200
  ) -> (BatchResolution, QueueMachine.Answer) {
    m.resolve(.outcome(outcome, ids: Array(ids.prefix(count)), response: HTTPResponse(statusCode: status)), at: .zero)
  }

  /// Outcomes: delivered finishes the batch; a partial success finishes it with the rejected records.
  @Test func deliveredAndPartialSuccessFinishTheBatch() {
    var m = machine()
    #expect(answered(&m, .delivered) == (.finish(rejected: [:]), []))
    #expect(answered(&m, .partiallyDelivered(rejected: [1: "bad"])) == (.finish(rejected: [1: "bad"]), []))
  }

  /// Outcomes, misbehaving servers: 413 splits in halves (the server answered: the backoff starts again
  /// from its base); a single record still too large is dropped, its report folded.
  @Test func tooLargeSplitsThenDropsASingleRecordFolded() {
    var m = machine()
    #expect(
      m.step(.retried(kept: 4, exhausted: 0, serverDelay: nil, detail: "500"), at: .zero)
        == [.retry(4, .microseconds(26_520), "500")])
    #expect(m.pace.consecutiveFailures == 1)
    #expect(answered(&m, .tooLarge, status: 413) == (.split(at: 2), []))
    #expect(m.pace.consecutiveFailures == 0)
    #expect(
      answered(&m, .tooLarge, count: 1, status: 413) == (
        .drop(.tooLarge, detail: "a single record is too large for Test: HTTP 413", folding: true, permanentFailure: nil), []
      ))
  }

  /// Outcomes: a permanent failure is reported loudly before the batch is dropped.
  @Test func aPermanentFailureIsReportedThenTheBatchDropped() {
    var m = machine()
    let refusal = BatchResolution.PermanentFailure(statusCode: 401, detail: "bad key")
    #expect(
      answered(&m, .drop(reason: "bad key"), status: 401) == (
        .drop(.permanentFailure, detail: "bad key", folding: false, permanentFailure: refusal),
        [.report(.permanentFailure(destination: Self.destination, statusCode: 401, detail: "bad key"))]
      ))
    #expect(
      m.resolve(.requestFailed("insecure URL"), at: .zero) == (
        .drop(
          .permanentFailure, detail: "insecure URL", folding: false,
          permanentFailure: .init(statusCode: nil, detail: "insecure URL")),
        [.report(.permanentFailure(destination: Self.destination, statusCode: nil, detail: "insecure URL"))]
      ))
  }

  /// Outcomes: Retry-After and unexpected answers retry, counting an attempt; no answer at all counts one
  /// only if the configuration says so.
  @Test func retriesCountAttemptsAsConfigured() {
    var m = machine()
    #expect(
      answered(&m, .retry(after: .seconds(3)), status: 429) == (
        .retry(serverDelay: .seconds(3), countsAsAttempt: true, detail: "HTTP 429"), []
      ))
    #expect(
      answered(&m, .unexpectedAnswer(reason: "a redirect")) == (
        .retry(serverDelay: nil, countsAsAttempt: true, detail: "a redirect"), []
      ))
    let offline = URLError(.notConnectedToInternet)
    for counts in [false, true] {
      var n = machine { $0.networkErrorsCountAsAttempts = counts }
      #expect(
        n.resolve(.noAnswer(offline), at: .zero) == (
          .retry(serverDelay: nil, countsAsAttempt: counts, detail: "network error: \(offline)"), []
        ))
    }
  }

  /// Bounds (time): after a retry, the records out of attempts are given up and counted, the others wait
  /// for the pause.
  @Test func retryPartitionsTheBatchByAttempts() {
    var m = machine { $0.maxAttempts = 3 }
    let ids = (0..<4).map { _ in RecordID() }
    let answer = QueueMachine.BatchAnswer.outcome(.retry(after: .seconds(2)), ids: ids, response: HTTPResponse(statusCode: 503))
    #expect(
      m.answered(answer, ids: ids, attempts: [0, 2, 1, 3], at: .seconds(1)) == (
        [.recordAttempts([0, 1, 2, 3]), .finishRecords([1, 3]), .saveCursor, .sendAgain([[0, 2]])],
        [
          .report(dropped(2, .maxAttempts, "failed 3 times, last: HTTP 503")),
          .report(.retryScheduled(destination: Self.destination, count: 2, delay: .seconds(2), detail: "HTTP 503")),
        ]
      ))
    #expect(m.counters.retried == 2 && m.counters.dropped(.maxAttempts) == 2)
    #expect(m.pace.backoffUntil == .seconds(3))
  }

  // MARK: Time: every wait on the machine's clock

  /// Before the first unlock: the attempts to open the directory back off 1 s, 2 s, 4 s ... on the
  /// machine's schedule; asking for one tries at once; an attempt that opens ends the wait.
  @Test func theDirectoryIsTriedAgainOnTheMachinesBackOff() {
    var m = machine()
    #expect(m.step(.storageTimerFired, at: .zero) == QueueMachine.Answer(next: .modeChanged))  // opened: the sender's loop runs
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    #expect(m.isWaitingForStorage)
    #expect(m.step(.storageTimerFired, at: .zero) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(1))))
    #expect(m.step(.storageTimerFired, at: .seconds(1)) == QueueMachine.Answer(next: .openStorage))
    #expect(m.handle(.openFailed(.late, detail: "EPERM"), at: .seconds(1)) == [])
    #expect(m.handle(.storageIdle, at: .seconds(1)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(2))))
    #expect(m.handle(.storageAttemptRequested, at: .seconds(2)) == [.wakeSender])
    #expect(m.step(.storageTimerFired, at: .seconds(2)) == QueueMachine.Answer(next: .openStorage))
    #expect(m.handle(.openFailed(.late, detail: "EPERM"), at: .seconds(2)) == [])
    #expect(m.handle(.storageIdle, at: .seconds(2)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(4))))
    // Opened: the wait is over, a request for an attempt does nothing.
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(6)) == [.wakeSender])
    #expect(!m.isWaitingForStorage)
    #expect(m.handle(.storageAttemptRequested, at: .seconds(6)) == [])
  }

  /// Several processes: the sender takes what writers handed over at its loop's first look, then every
  /// handoverInterval, and no wait outlasts the next look.
  @Test func theSenderLooksForHandedOverSegmentsOnTheInterval() {
    var m = machine()
    #expect(m.step(.handoverTimerFired, at: .seconds(10)) == QueueMachine.Answer(next: .takeHandedOver))
    #expect(m.step(.handoverTimerFired, at: .seconds(14)) == [])
    // Idle: the wait ends at the next look (5 s after the last), not only when woken.
    #expect(m.sendStep(look(m), at: .seconds(12)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(3))))
    #expect(m.step(.handoverTimerFired, at: .seconds(15)) == QueueMachine.Answer(next: .takeHandedOver))
    // A new loop (taken over, taken back) looks at once.
    #expect(m.handle(.look(look(m)), at: .seconds(16)) == QueueMachine.Answer(next: .takeHandedOver))
  }

  // MARK: One role

  /// The queue's part is one value: unopened, sender, writer, relinquished, closed; each move is an input.
  @Test func theRoleMovesThroughItsInputs() {
    var m = machine()
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    #expect(m.role == .unopened(UnopenedStorage(now: .zero)))
    // Let go of before it opened: no attempts, and back to waiting when taken back, with an attempt now.
    #expect(m.step(.relinquished(heldLog: false), at: .zero) == [.wakeSender])
    #expect(m.role == .relinquished(.neverOpened(UnopenedStorage(now: .zero))))
    #expect(m.relinquished && m.isWaitingForStorage)
    #expect(m.handle(.reclaimed(heldLog: false), at: .zero) == [.wakeSender])
    var asked = UnopenedStorage(now: .zero)
    asked.attemptRequested = true
    #expect(m.role == .unopened(asked))
    // Opened late, as another process's writer; then that sender has gone: this one sends.
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .seconds(1)) == [])
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(m.role == .writer)
    #expect(Roles.role(m.role) == .writer)
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(2)) == [])
    #expect(m.isSender)
    // Let go of, then closed: nothing is pending here, and nothing more moves it.
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(3)) == [.wakeSender])
    #expect(m.handle(.released, at: .seconds(4)) == [])
    #expect(m.role == .closed(relinquished: true, waiting: nil))
    #expect(m.closed && m.relinquished)
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(5)) == [])
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(5)) == [])
    #expect(m.closed)
  }

  // MARK: More rows of the guarantees

  /// Bounds (time): records older than maxAge found while reading are dropped and counted, never sent.
  @Test func recordsPastMaxAgeAreDroppedWhenRead() {
    var m = machine { $0.maxAge = .seconds(3600) }
    #expect(
      m.handle(.readSkipped(aged: 3, corruptRegions: 0, corruptBytes: 0), at: .zero) == [
        .report(dropped(3, .maxAge, "older than 3600.0 seconds"))
      ])
    #expect(m.counters.dropped(.maxAge) == 3)
  }

  /// Several processes: a writer's flush() seals what it wrote and is answered; closing, it seals once
  /// more and ends.
  @Test func aWritersFlushSealsAndIsAnswered() {
    var m = machine()
    #expect(m.handle(.logInstalled(pendingEvents: 2, recovered: 2, writing: true), at: .zero) == [])
    #expect(m.counters.recovered == 2)
    #expect(m.handle(.flushRequested(FlushTicket(id: 9)), at: .zero) == [.wakeSender])
    #expect(m.step(.writerTimerFired, at: .zero) == QueueMachine.Answer(next: .probeSenderLock))
    #expect(m.handle(.senderLock(free: false), at: .zero) == QueueMachine.Answer(underLock: [.sealForHandover], [.answer([FlushTicket(id: 9)])], next: .wait(.seconds(5))))
    #expect(m.handle(.handedOver(2), at: .zero) == [])
    #expect(m.counters.handedOver == 2)
    #expect(m.handle(.closeRequested(deadline: .seconds(1)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(1))])
    #expect(m.handle(.senderLock(free: false), at: .zero) == QueueMachine.Answer(underLock: [.sealForHandover], [.answer([])], next: .exit))
  }

  /// Counters balance: taking what writers handed over counts it adopted and starts the interval.
  @Test func adoptedRecordsAreCountedAndStartTheInterval() {
    var m = machine()
    #expect(m.handle(.adopted(events: 5, pendingEvents: 5), at: .seconds(3)) == [])
    #expect(m.counters.adopted == 5 && m.pendingSince == .seconds(3))
    #expect(m.sendStep(look(m, pending: 5), at: .seconds(4)) == QueueMachine.Answer(next: .wait(.seconds(59))))
  }

  /// close(timeout:) drains what is pending, then the loop ends and every flush() is answered.
  @Test func closeDrainsThenEndsAndAnswersEveryFlush() {
    var m = machine()
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .zero) == [.wakeSender])
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.sendStep(look(m, pending: 2), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 20), takingHandedOverFirst: true)))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 0), at: .seconds(1)) == [.answer([FlushTicket(id: 1)])])
    #expect(m.sendStep(look(m), at: .seconds(1)) == QueueMachine.Answer([.answer([])], next: .exit))
    #expect(m.step(.senderExited, at: .seconds(1)) == [.answer([]), .cancelTimer(.close)])
    #expect(m.handle(.flushRequested(FlushTicket(id: 2)), at: .seconds(2)) == [.answer([FlushTicket(id: 2)])])
  }

  // MARK: The remaining rows

  /// Durability, corruption: damage found opening the log is counted and reported once, and the records
  /// around it are recovered and sent as usual, counted delivered (the balance holds without the damage).
  @Test func damageFoundOnOpenLeavesItsNeighboursToBeSent() {
    var m = machine()
    // As `DriverState.install` feeds them: the log, then its damage.
    #expect(m.handle(.logInstalled(pendingEvents: 4, recovered: 4, writing: false), at: .zero) == [])
    #expect(
      m.handle(.corruptFound([CorruptRegion(segment: 1, offset: 40, length: 13)]), at: .zero) == [
        .report(
          .corruptDataSkipped(
            destination: Self.destination, regions: 1, bytes: 13, detail: "\(SegmentLog.segmentFileName(1))@40+13"))
      ])
    #expect(m.counters.recovered == 4 && m.counters.dropped(.corrupt) == 1 && m.counters.corruptBytes == 13)
    // The recovered records wait for the interval from the moment the log opened, then go.
    #expect(m.sendStep(look(m, pending: 4), at: .seconds(1)) == QueueMachine.Answer(next: .wait(.seconds(59))))
    #expect(
      m.sendStep(look(m, pending: 4), at: .seconds(60)) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 40), takingHandedOverFirst: false)))
    #expect(m.step(.finished(delivered: 4, rejected: 0, reasons: []), at: .seconds(61)) == [])
    let c = m.counters
    #expect(c.recovered + c.enqueued + c.adopted == c.delivered + c.droppedTotal - c.dropped(.corrupt) + c.handedOver)
  }

  /// purge(): every pending record is deleted, counted and reported once, and the log's pause goes with
  /// it: nothing is left to wait for.
  @Test func purgeCountsReportsAndEndsThePause() {
    var m = machine()
    #expect(m.appended(pendingEvents: 3, pendingBytes: 30, at: .zero) == false)
    #expect(
      m.step(.retried(kept: 3, exhausted: 0, serverDelay: .seconds(30), detail: "503"), at: .seconds(1))
        == [.retry(3, .seconds(30), "503")])
    // As `QueueDriver.purge` feeds them on the sender's log.
    #expect(m.handle(.handedOver(0), at: .seconds(2)) == [])
    #expect(
      m.handle(.purgeDone(.log, removed: 3, takenBySender: 0), at: .seconds(2)) == [
        .report(dropped(3, .purged, "purge() deleted every pending record"))
      ])
    #expect(m.pace == DeliveryPace() && m.pendingSince == nil)
    #expect(m.step(.purgedRecords(0, detail: "nothing"), at: .seconds(2)) == [])
    #expect(m.counters.dropped(.purged) == 3)
    // Nothing pending and no pause: the sender waits for the next enqueue.
    #expect(m.sendStep(look(m), at: .seconds(3)) == QueueMachine.Answer([.answer([])], next: .wait(nil)))
  }

  /// purge() while the directory is let go of deletes what this process wrote to the inbox (no longer
  /// handed over), and the log is purged once taken back, before anything is sent from it; before the
  /// directory ever opened, the records in memory go at once and the log once it opens.
  @Test func purgeWhileLetGoOfOrUnopenedIsRunOnceTheLogIsBack() {
    var m = machine()
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(m.handle(.wroteToInbox, at: .zero) == [])
    #expect(m.handle(.wroteToInbox, at: .zero) == [])
    #expect(m.handle(.handedOver(-2), at: .zero) == [])
    #expect(m.handle(.purgeDone(.inbox, removed: 0, takenBySender: 0), at: .zero) == [])
    #expect(m.step(.purgedRecords(2, detail: "inbox"), at: .zero) == [.report(dropped(2, .purged, "inbox"))])
    #expect(m.counters.enqueued == 2 && m.counters.handedOver == 0 && m.counters.dropped(.purged) == 2)
    #expect(
      m.handle(.logInstalled(pendingEvents: 5, recovered: 0, writing: false), at: .seconds(1))
        == QueueMachine.Answer(underLock: [.purge]))
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(!m.purgeWhenReclaimed)

    var unopened = machine()
    #expect(unopened.step(.startedWithoutStorage, at: .zero) == [])
    #expect(unopened.handle(.purgeDone(.memory, removed: 0, takenBySender: 0), at: .zero) == [])
    #expect(unopened.step(.purgedRecords(3, detail: "memory"), at: .zero) == [.report(dropped(3, .purged, "memory"))])
    // Opened late: the log is purged first, before the records kept meanwhile are written (the shell's
    // `open(.late)`, on `openingLate()`'s answer), and the request ends with the wait.
    #expect(unopened.openingLate().purgeFirst)
    #expect(unopened.handle(.logInstalled(pendingEvents: 1, recovered: 1, writing: false), at: .seconds(1)) == [])
    #expect(unopened.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(!unopened.isWaitingForStorage && !unopened.purgeWhenReclaimed)
  }

  /// Consent: the send gate shutting holds the records (a pause under way still runs out first, then is
  /// forgotten: nothing is sent anyway), an enqueue does not wake the sender meanwhile, and once the gate
  /// opens the records go at the next look that finds them due.
  @Test func theSendGateHoldsThenSendsWhenItOpens() {
    var m = machine()
    #expect(m.appended(pendingEvents: 3, pendingBytes: 30, at: .zero) == false)
    #expect(
      m.step(.retried(kept: 3, exhausted: 0, serverDelay: .seconds(5), detail: "503"), at: .zero)
        == [.retry(3, .seconds(5), "503")])
    #expect(m.sendStep(look(m, pending: 3, maySend: false), at: .seconds(1)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(4))))
    #expect(m.sendStep(look(m, pending: 3, maySend: false), at: .seconds(5)) == QueueMachine.Answer([.answer([])], next: .wait(nil)))
    #expect(m.pace.backoffUntil == nil)
    let wakesTheSender = m.appended(pendingEvents: 4, pendingBytes: 40, at: .seconds(6))
    #expect(!wakesTheSender)
    // Open again (shouldSendChanged wakes the sender): due since the first record, sent now.
    #expect(
      m.sendStep(look(m, pending: 4), at: .seconds(60)) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 40), takingHandedOverFirst: false)))
    // Open before the interval is up: the records wait for it as usual.
    var n = machine()
    #expect(n.appended(pendingEvents: 1, pendingBytes: 10, at: .zero) == false)
    #expect(n.sendStep(look(n, pending: 1, maySend: false), at: .seconds(1)) == QueueMachine.Answer([.answer([])], next: .wait(nil)))
    #expect(n.sendStep(look(n, pending: 1), at: .seconds(2)) == QueueMachine.Answer(next: .wait(.seconds(58))))
  }

  /// Outcomes: rejected records are dropped and reported with their reasons, the rest is sent again at
  /// once (no pause); rejections that name no record of the batch count as a failed attempt, so a server
  /// that keeps answering so can't loop.
  @Test func rejectedRecordsAreDroppedAndTheRestResentAtOnce() {
    var m = machine()
    #expect(
      answered(&m, .rejectedResendRest(rejected: [1: "bad time", 3: "bad name"]), status: 400) == (
        .dropAndResend(dropped: [1, 3], detail: "#1 \(ids[1]): bad time; #3 \(ids[3]): bad name", rest: [0, 2]), []
      ))
    #expect(
      m.step(.dropped(count: 2, reason: .rejected, detail: "two rejected", folding: false), at: .zero) == [
        .report(dropped(2, .rejected, "two rejected"))
      ])
    #expect(m.pace == DeliveryPace() && m.counters.dropped(.rejected) == 2)
    #expect(
      answered(&m, .rejectedResendRest(rejected: [0: "a", 1: "b"]), count: 2, status: 400) == (
        .dropAndResend(dropped: [0, 1], detail: "#0 \(ids[0]): a; #1 \(ids[1]): b", rest: []), []
      ))
    #expect(
      answered(&m, .rejectedResendRest(rejected: [7: "?"]), status: 400) == (
        .retry(serverDelay: nil, countsAsAttempt: true, detail: "rejections match no record: HTTP 400"), []
      ))
  }

  /// Counters balance, reports: what one input drops is reported in a fixed order, the drop before what
  /// follows from it; the pending cap's and single too-large records' drops fold (one report per cause
  /// and interval, see `theRepeatedCausesFoldOnTheQueuesClock`), the others do not.
  @Test func theReportsOfOneInputComeInAFixedOrderAndOnlyRepeatedCausesFold() {
    var m = machine {
      $0.maxAttempts = 2
      $0.maxPendingBytes = 10
      $0.overflowPolicy = .refuseNew
    }
    let id = RecordID()
    #expect(
      m.enqueue(Request(id: id, frameBytes: 5, pendingBytes: 10), at: .zero) == (
        .refuse(.queueFull(pendingBytes: 10, maxPendingBytes: 10)),
        [.report(dropped(1, .refused, "queue full (10 of 10 bytes pending), record \(id) refused"))]
      ))
    #expect(m.enqueue(Request(id: id, frameBytes: 5, pendingBytes: 10), at: .zero).1 == [])  // folded
    #expect(
      m.step(.dropped(count: 1, reason: .tooLarge, detail: "one", folding: true), at: .zero) == [
        .report(dropped(1, .tooLarge, "one"))
      ])
    #expect(m.step(.dropped(count: 1, reason: .tooLarge, detail: "two", folding: true), at: .zero) == [])  // folded
    #expect(
      m.step(.dropped(count: 1, reason: .rejected, detail: "not folded", folding: false), at: .zero) == [
        .report(dropped(1, .rejected, "not folded"))
      ])
    #expect(
      m.handle(.readSkipped(aged: 1, corruptRegions: 1, corruptBytes: 5), at: .zero) == [
        .report(dropped(1, .maxAge, "older than \(m.configuration.maxAge)")),
        .report(.corruptDataSkipped(destination: Self.destination, regions: 1, bytes: 5, detail: "damage found while reading")),
      ])
    let retried = QueueMachine.BatchAnswer.outcome(.retry(after: .seconds(1)), ids: [id, id], response: HTTPResponse(statusCode: 500))
    #expect(
      m.answered(retried, ids: [id, id], attempts: [1, 0], at: .zero) == (
        [.recordAttempts([0, 1]), .finishRecords([0]), .saveCursor, .sendAgain([[1]])],
        [
          .report(dropped(1, .maxAttempts, "failed 2 times, last: HTTP 500")),
          .report(.retryScheduled(destination: Self.destination, count: 1, delay: .seconds(1), detail: "HTTP 500")),
        ]
      ))
    #expect(
      m.resolve(.outcome(.drop(reason: "gone"), ids: [id], response: HTTPResponse(statusCode: 410)), at: .zero) == (
        .drop(.permanentFailure, detail: "gone", folding: false, permanentFailure: .init(statusCode: 410, detail: "gone")),
        [.report(.permanentFailure(destination: Self.destination, statusCode: 410, detail: "gone"))]
      ))
  }

  /// close(timeout:): at its deadline on the queue's clock the sending task is cancelled, the request in
  /// flight with it; not before, and not once the sender has ended. Called again, the earliest deadline
  /// holds.
  @Test func closesDeadlineCancelsTheSendingTask() {
    var m = machine()
    #expect(m.handle(.closeTimerFired, at: .seconds(9)) == [])  // not closing
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.handle(.closeRequested(deadline: .seconds(3)), at: .seconds(1)) == [.startTimer(.close, deadline: .seconds(3))])
    #expect(m.closeDeadline == .seconds(3))
    #expect(m.handle(.closeRequested(deadline: .seconds(8)), at: .seconds(1)) == [])
    #expect(m.closeDeadline == .seconds(3))
    #expect(m.handle(.closeTimerFired, at: .seconds(2)) == [])
    #expect(m.handle(.closeTimerFired, at: .seconds(3)) == [.cancelSending])
    #expect(m.step(.senderExited, at: .seconds(4)) == [.answer([]), .cancelTimer(.close)])
    #expect(m.handle(.closeTimerFired, at: .seconds(5)) == [])
  }

  /// Several processes, before the first unlock: a log opened outside the lock is installed only if the
  /// queue still wants it for what it was opened for; closing, let go of or taken back meanwhile, it is not.
  @Test func aLogOpenedOutsideTheLockIsInstalledOnlyIfStillWanted() {
    var m = machine()
    #expect(!m.wants(.late) && !m.wants(.takeBack) && !m.wants(.takeOver))  // a sender wants none
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    #expect(m.wants(.late) && !m.wants(.takeBack))
    #expect(m.step(.relinquished(heldLog: false), at: .zero) == [.wakeSender])
    #expect(!m.wants(.late))  // let go of: no lock may be taken
    #expect(m.handle(.reclaimed(heldLog: false), at: .zero) == [.wakeSender])
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .seconds(1)) == [])
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(!m.wants(.late) && m.wants(.takeOver))
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(2)) == [.wakeSender])
    #expect(m.wants(.takeBack) && !m.wants(.takeOver))
    #expect(m.handle(.closeRequested(deadline: .seconds(9)), at: .seconds(3)) == [.wakeSender, .startTimer(.close, deadline: .seconds(9))])
    #expect(!m.wants(.takeBack) && !m.wants(.takeOver))
  }

  /// purge(): where it deletes is the machine's (memory before the directory opens, the inbox while let
  /// go of, the log otherwise), and what it deleted is counted and reported once by that route.
  @Test func purgeDeletesByTheQueuesPartAndCountsByRoute() {
    var m = machine()
    #expect(m.purgeRoute == .log)
    #expect(
      m.step(.retried(kept: 1, exhausted: 0, serverDelay: .seconds(9), detail: "503"), at: .zero)
        == [.retry(1, .seconds(9), "503")])
    #expect(
      m.handle(.purgeDone(.log, removed: 0, takenBySender: 2), at: .seconds(1)) == [])
    #expect(m.counters.handedOver == 2 && m.pace == DeliveryPace() && m.counters.dropped[.purged] == 0)
    #expect(
      m.handle(.purgeDone(.log, removed: 4, takenBySender: 0), at: .seconds(1)) == [
        .report(dropped(4, .purged, "purge() deleted every pending record"))
      ])
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(2)) == [.wakeSender])
    #expect(m.purgeRoute == .inbox)
    #expect(m.handle(.purgeDone(.inbox, removed: 0, takenBySender: 0), at: .seconds(2)) == [])
    #expect(m.purgeWhenReclaimed)
    #expect(
      m.handle(.purgeDone(.inbox, removed: 1, takenBySender: 0), at: .seconds(2)) == [
        .report(
          dropped(
            1, .purged,
            "purge() deleted the records not yet taken by a sender; the rest is purged when the directory is taken back"))
      ])
    #expect(m.counters.handedOver == 1 && m.counters.dropped(.purged) == 5)

    var unopened = machine()
    #expect(unopened.step(.startedWithoutStorage, at: .zero) == [])
    #expect(unopened.purgeRoute == .memory)
    #expect(
      unopened.handle(.purgeDone(.memory, removed: 2, takenBySender: 0), at: .zero) == [
        .report(
          dropped(2, .purged, "purge() deleted the records kept in memory; what the directory holds is purged once it opens"))
      ])
    #expect(unopened.purgeWhenReclaimed)
    #expect(
      unopened.handle(.purgeDone(.openedLate, removed: 3, takenBySender: 1), at: .seconds(1)) == [
        .report(
          dropped(3, .purged, "purge() was called before the directory could be opened; what it held is deleted now"))
      ])
    #expect(unopened.counters.handedOver == 1 && unopened.counters.dropped(.purged) == 5)
  }

  /// Outcomes: a finished batch is counted from the records that were still pending (one purged or
  /// dropped at the cap meanwhile is not counted twice), the rejected ones reported with their reasons,
  /// ten at most.
  @Test func aFinishedBatchCountsWhatWasPendingAndNamesTheRejected() {
    var m = machine()
    let ids = (0..<14).map { _ in RecordID() }
    #expect(
      m.step(.batchFinished(ids: Array(ids.prefix(4)), finished: [0, 2, 3], rejected: [1: "gone", 2: "bad"]), at: .zero) == [
        .report(dropped(1, .rejected, "#2 \(ids[2]): bad"))
      ])
    #expect(m.counters.delivered == 2 && m.counters.dropped(.rejected) == 1)
    let all = Dictionary(uniqueKeysWithValues: (0..<14).map { ($0, "no") })
    let reasons = (0..<10).map { "#\($0) \(ids[$0]): no" }.joined(separator: "; ")
    #expect(
      m.step(.batchFinished(ids: ids, finished: Array(0..<14), rejected: all), at: .zero) == [
        .report(dropped(14, .rejected, reasons + "; ..."))
      ])
  }

  /// Counters balance, several processes: what the log holds is pending here until the directory is let
  /// go of (then it is the next sender's, counted handed over); records kept in memory are pending
  /// whatever the queue's part.
  @Test func pendingIsTheLogsUntilLetGoOfAndMemorysAlways() {
    var m = machine()
    #expect(m.counters(log: (3, 30)).pendingEvents == 3)
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    let letGo = m.counters(log: (3, 30))
    #expect(letGo.pendingEvents == 0 && letGo.pendingBytes == 0)
    // Never opened, then let go of: what it keeps in memory is still its own, and goes with its role.
    var unopened = machine()
    #expect(unopened.step(.startedWithoutStorage, at: .zero) == [])
    keep(&unopened, sizes: [10, 10])
    #expect(unopened.step(.relinquished(heldLog: false), at: .zero) == [.wakeSender])
    let kept = unopened.counters(log: (0, 0))
    #expect(kept.pendingEvents == 2 && kept.pendingBytes == 20)
    #expect(unopened.takeKept().frames.count == 2 && unopened.kept.frames.isEmpty)
  }

  // MARK: Decisions that were the shell's

  /// Counters balance, reports: a repeated cause reports once per interval on the queue's clock; the next
  /// report after the interval carries the summary of what was folded (since the wall time of the first
  /// fold), and what is still folded is told when the sender's task ends, before the flush() answers.
  @Test func theRepeatedCausesFoldOnTheQueuesClock() {
    var m = QueueMachine(
      destination: Self.destination, limits: Self.limits,
      configuration: {
        var c = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
        c.repeatedReportInterval = .seconds(10)
        return c
      }(), random: SeededQueueRandom(seed: 1), dateAtZero: Date(timeIntervalSince1970: 43_200))
    let cap = "oldest records dropped to stay under 1000 pending bytes"
    #expect(m.step(.droppedOldest(1, cap: 1000), at: .seconds(1)) == [.report(dropped(1, .overflow, cap))])
    #expect(m.step(.droppedOldest(2, cap: 1000), at: .seconds(2)) == [])
    #expect(m.step(.droppedOldest(3, cap: 1000), at: .seconds(10)) == [])
    // Another cause has its own window.
    #expect(m.step(.dropped(count: 1, reason: .tooLarge, detail: "big", folding: true), at: .seconds(10)) == [
      .report(dropped(1, .tooLarge, "big"))
    ])
    #expect(
      m.step(.droppedOldest(4, cap: 1000), at: .seconds(11)) == [
        .report(
          dropped(
            5, .overflow,
            "2 more reports like the last one since 12:00:02 UTC, folded into this one (the counters have each event)")),
        .report(dropped(4, .overflow, cap)),
      ])
    #expect(m.step(.dropped(count: 1, reason: .tooLarge, detail: "big", folding: true), at: .seconds(12)) == [])
    #expect(m.handle(.flushRequested(FlushTicket(id: 7)), at: .seconds(12)) == [.wakeSender])
    #expect(
      m.step(.senderExited, at: .seconds(13)) == [
        .report(
          dropped(
            1, .tooLarge,
            "1 more report like the last one since 12:00:12 UTC, folded into this one (the counters have each event)")),
        .answer([FlushTicket(id: 7)]),
      ])
    #expect(m.counters.dropped(.overflow) == 10 && m.counters.dropped(.tooLarge) == 2)
  }

  /// Several processes: relinquishDirectory(timeout:) waits for the request in flight until its deadline
  /// on the queue's clock, then lets go anyway; called again, the earliest deadline holds; once let go
  /// of, the timer does nothing.
  @Test func relinquishLetsGoAtItsDeadlineOnTheQueuesClock() {
    var m = machine()
    #expect(m.handle(.relinquishTimerFired, at: .seconds(9)) == [])  // nothing asked
    #expect(m.requestRelinquish(deadline: .seconds(4)) == (true, [.wakeSender, .startTimer(.relinquish, deadline: .seconds(4))]))
    #expect(m.requestRelinquish(deadline: .seconds(6)) == (true, [.wakeSender, .startTimer(.relinquish, deadline: .seconds(4))]))
    #expect(m.handle(.relinquishTimerFired, at: .seconds(3)) == [])
    #expect(m.handle(.relinquishTimerFired, at: .seconds(4)) == QueueMachine.Answer(underLock: [.letGo]))
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(4)) == [.wakeSender])
    #expect(m.handle(.relinquishTimerFired, at: .seconds(6)) == [])
    #expect(m.relinquishDeadline == nil)
  }

  /// Several processes, lifecycle: between two requests the sender lets go in the same hold of the lock as
  /// the decision (`.letGo` under it, no thread can start a request on the log meanwhile), and its loop then
  /// runs the new role's: one step, not a list the shell reads the first of.
  @Test func theSenderLetsGoUnderTheLockBetweenTwoRequests() {
    var m = machine()
    #expect(m.requestRelinquish(deadline: .seconds(4)) == (true, [.wakeSender, .startTimer(.relinquish, deadline: .seconds(4))]))
    #expect(m.sendStep(look(m, pending: 2), at: .seconds(1)) == QueueMachine.Answer(underLock: [.letGo], next: .modeChanged))
    // The shell's `.letGo`: the log is handed over, the sender woken, the timer no longer needed.
    let (handOver, answer) = m.letGo(at: .seconds(1))
    #expect(handOver && answer == [.wakeSender, .cancelTimer(.relinquish)])
    #expect(m.relinquished && m.relinquishDeadline == nil)
  }

  /// Several processes, lifecycle: a log that could not be taken over or back is reported, the queue goes
  /// on as it was (the next look or call tries again); one that could not be opened late waits longer.
  @Test func aLogThatCouldNotBeOpenedIsReportedOrTriedLater() {
    var m = machine()
    #expect(
      m.handle(.openFailed(.takeOver, detail: "EIO"), at: .zero) == [
        .report(.storageFailure(destination: Self.destination, detail: "could not take over sending: EIO"))
      ])
    #expect(
      m.handle(.openFailed(.takeBack, detail: "EIO"), at: .zero) == [
        .report(.storageFailure(destination: Self.destination, detail: "could not take the directory back: EIO"))
      ])
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    #expect(m.handle(.openFailed(.late, detail: "EPERM"), at: .seconds(1)) == [])
    #expect(m.storageWait?.nextAttempt == .seconds(3))
  }

  /// Before the first unlock: taken back before it ever opened, the queue waits for its directory again and
  /// tries at once; once it is open, the waiting loop's next look ends it (the sender's loop runs).
  @Test func takenBackBeforeItOpenedTheQueueTriesAtOnce() {
    var m = machine()
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    #expect(m.step(.relinquished(heldLog: false), at: .zero) == [.wakeSender])
    #expect(m.handle(.reclaimed(heldLog: false), at: .seconds(1)) == [.wakeSender])
    #expect(m.isWaitingForStorage && !m.relinquished && m.storageWait?.attemptRequested == true)
    #expect(m.step(.storageTimerFired, at: .seconds(1)) == QueueMachine.Answer(next: .openStorage))
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(1)) == [])
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(m.handle(.storageIdle, at: .seconds(1)) == QueueMachine.Answer(next: .modeChanged))
  }

  /// flush(): the calls a drain was started for are answered when it ends, not before; a drain cut short
  /// by the task's end is answered with the sender's end; a flush() made during the drain waits for the
  /// next one.
  @Test func theFlushesADrainHoldsAreAnsweredWhenItEnds() {
    var m = machine()
    #expect(m.appended(pendingEvents: 2, pendingBytes: 20, at: .zero) == false)
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .zero) == [.wakeSender])
    #expect(m.sendStep(look(m, pending: 2), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 20), takingHandedOverFirst: true)))
    #expect(m.handle(.flushRequested(FlushTicket(id: 2)), at: .zero) == [.wakeSender])
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 1), at: .zero) == [.answer([FlushTicket(id: 1)])])
    #expect(m.sendStep(look(m, pending: 1), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 10), takingHandedOverFirst: true)))
    // The task ends mid-drain (close's deadline): the drain's flush() is answered with the others.
    #expect(m.handle(.flushRequested(FlushTicket(id: 3)), at: .zero) == [.wakeSender])
    #expect(m.step(.senderExited, at: .zero) == [.answer([FlushTicket(id: 2), FlushTicket(id: 3)])])
    // Without a flush() waiting, a drain takes nothing handed over first.
    var n = machine()
    #expect(n.appended(pendingEvents: 10, pendingBytes: 100, at: .zero) == false)
    #expect(n.sendStep(look(n, pending: 10), at: .zero) == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 100), takingHandedOverFirst: false)))
    #expect(n.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 0), at: .zero) == [])
  }

  static func facts(_ readGeneration: Int, pending: Int = 0) -> QueueMachine.SendFacts {
    .init(
      readGeneration: readGeneration, pendingEvents: pending, pendingBytes: Int64(pending * 10),
      logEnd: LogPosition(segment: 1, offset: Int64(pending * 10)),
      writerEnd: LogPosition(segment: 1, offset: Int64(pending * 10)))
  }

  /// One loop: the sending task only looks (`.look`), the machine runs the loop of the queue's part.
  /// Entering the sender's loop takes what was handed over at once; entering a waiting loop voids what was
  /// read ahead; a writer whose sender has gone sends from its next look.
  @Test func oneLookRunsTheLoopOfTheQueuesPart() {
    var m = machine()
    #expect(m.handle(.look(Self.facts(0)), at: .seconds(10)) == QueueMachine.Answer(next: .takeHandedOver))
    #expect(m.handle(.look(Self.facts(0)), at: .seconds(10)) == QueueMachine.Answer([.answer([])], next: .wait(.seconds(5))))
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(11)) == [.wakeSender])
    #expect(m.handle(.look(Self.facts(0)), at: .seconds(11)) == QueueMachine.Answer([.voidReadAhead(generation: 1), .answer([])], next: .wait(nil)))
    #expect(m.handle(.look(Self.facts(1)), at: .seconds(11)) == QueueMachine.Answer([.answer([])], next: .wait(nil)))
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(12)) == [.wakeSender])
    #expect(m.handle(.look(Self.facts(1)), at: .seconds(12)) == QueueMachine.Answer(next: .takeHandedOver))

    var writer = machine()
    #expect(writer.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .zero) == [])
    #expect(writer.handle(.look(Self.facts(0)), at: .zero) == QueueMachine.Answer(next: .probeSenderLock))
    #expect(writer.handle(.senderLock(free: false), at: .zero) == QueueMachine.Answer(underLock: [.sealForHandover], [.answer([])], next: .wait(.seconds(5))))
    #expect(writer.handle(.look(Self.facts(0)), at: .seconds(5)) == QueueMachine.Answer(next: .probeSenderLock))
    #expect(writer.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(5)) == [])
    #expect(writer.handle(.senderLock(free: true), at: .seconds(5)) == QueueMachine.Answer(next: .modeChanged))
    #expect(writer.handle(.look(Self.facts(0)), at: .seconds(5)) == QueueMachine.Answer(next: .takeHandedOver))

    var unopened = machine()
    #expect(unopened.step(.startedWithoutStorage, at: .zero) == [])
    #expect(
      unopened.handle(.look(Self.facts(0)), at: .zero) == QueueMachine.Answer([.voidReadAhead(generation: 0), .answer([])], next: .wait(.seconds(1))))
    #expect(unopened.handle(.look(Self.facts(0)), at: .seconds(1)) == QueueMachine.Answer(next: .openStorage))
  }
}
