import Foundation
import Testing
@testable import TrackersDelivery

/// The queue's decisions as inputs and commands: no log, no socket, no clock but the instants passed in,
/// and a seeded random source.
@Suite struct QueueMachineTests {
  static let limits = BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60))

  func machine(seed: UInt64 = 21) -> QueueMachine {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configuration.handoverInterval = .seconds(5)
    return QueueMachine(
      destination: "Test", limits: Self.limits, configuration: configuration, random: SeededQueueRandom(seed: seed))
  }

  /// A sender's look with `pending` records and nothing read ahead, from the machine's own generation.
  func look(_ m: QueueMachine, pending: Int = 0, hasCarry: Bool = false, readGeneration: Int? = nil) -> QueueMachine.SendFacts {
    .init(
      hasCarry: hasCarry, readGeneration: readGeneration ?? m.generation, pendingEvents: pending,
      pendingBytes: Int64(pending * 10), logEnd: LogPosition(segment: 1, offset: Int64(pending * 10)),
      writerEnd: LogPosition(segment: 1, offset: Int64(pending * 10)))
  }

  @Test func relinquishWaitsForTheBatchInFlightThenLetsGo() {
    var m = machine()
    let (waits, commands) = m.requestRelinquish(deadline: .seconds(3))
    #expect(waits && commands == [.wakeSender, .startTimer(.relinquish, deadline: .seconds(3))])
    // The drain sends nothing more, but the batch in flight is answered and counted first.
    #expect(!m.drainContinues(readGeneration: 0))
    #expect(!m.relinquished)
    #expect(m.step(.finished(delivered: 3, rejected: 0, reasons: []), at: .seconds(2)) == [])
    #expect(m.counters.delivered == 3)
    // Between two requests: let go now.
    #expect(m.sendStep(look(m, pending: 4), at: .seconds(2)) == QueueMachine.Answer(underLock: [.letGo], [], next: .modeChanged))
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(2)) == [.wakeSender])
    #expect(m.relinquished && !m.relinquishRequested)
    #expect(m.generation == 1)
  }

  @Test func relinquishDoesNotWaitWithoutASenderThatMaySend() {
    var m = machine()
    m.role = .writer
    #expect(m.requestRelinquish(deadline: .seconds(2)) == (false, QueueMachine.Answer(underLock: [.letGo])))
    m.role = .unopened(UnopenedStorage(now: .zero))
    #expect(m.requestRelinquish(deadline: .seconds(2)) == (false, QueueMachine.Answer(underLock: [.letGo])))
    #expect(!m.relinquishRequested)
    // Waiting to open the directory: nothing was read, the generation stays.
    #expect(m.step(.relinquished(heldLog: false), at: .zero) == [.wakeSender])
    #expect(m.generation == 0)
  }

  @Test func enqueueWhileRelinquishedGoesToTheInboxAndFlushIsAnsweredAtOnce() {
    var m = machine()
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(Roles.route(m.role, closing: m.closing) == .writeToInbox)
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .zero) == [.wakeSender])
    #expect(m.step(.relinquishedTimerFired, at: .zero) == QueueMachine.Answer([.answer([FlushTicket(id: 1)])], next: .wait(nil)))
    // Taken back: the loop of the sender runs.
    #expect(m.handle(.reclaimed(heldLog: true), at: .zero) == [.wakeSender])
    #expect(m.step(.relinquishedTimerFired, at: .zero) == QueueMachine.Answer(next: .modeChanged))
  }

  @Test func reclaimBumpsTheGenerationAndVoidsWhatWasCarried() {
    var m = machine()
    #expect(
      m.step(.retried(kept: 2, exhausted: 0, serverDelay: .seconds(30), detail: "503"), at: .zero)
        == [.retry(2, .seconds(30), "503")])
    #expect(m.step(.relinquished(heldLog: true), at: .seconds(1)) == [.wakeSender])
    // The old log's pause went with it.
    #expect(m.pace.backoffUntil == nil)
    #expect(m.handle(.purgeDone(.inbox, removed: 0, takenBySender: 0), at: .seconds(1)) == [])
    // The purge asked while let go of is the role's: done in the hold that installs the log taken back.
    #expect(
      m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(2))
        == QueueMachine.Answer(underLock: [.purge]))
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(2)) == [.wakeSender])
    #expect(m.generation == 2)
    #expect(!m.purgeWhenReclaimed)
    // A batch read from generation 0 is carried: no drain with it, it is dropped and the log read again.
    #expect(!m.drainContinues(readGeneration: 0))
    #expect(
      m.sendStep(look(m, pending: 2, hasCarry: true, readGeneration: 0), at: .seconds(2))
        == QueueMachine.Answer([.voidReadAhead(generation: 2)], next: .wait(.seconds(0))))
    #expect(
      m.sendStep(look(m, pending: 2), at: .seconds(2))
        == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 20), takingHandedOverFirst: false)))
  }

  @Test func theWriterSealsOnItsTimerAndBecomesTheSenderWhenTheLockIsFree() {
    var m = machine()
    #expect(m.handle(.flushRequested(FlushTicket(id: 7)), at: .zero) == [.wakeSender])
    #expect(m.step(.writerTimerFired, at: .zero) == QueueMachine.Answer(next: .probeSenderLock))
    // Held by another process: seal, answer the flush made before the seal, look again at the interval.
    #expect(
      m.handle(.senderLock(free: false), at: .zero)
        == QueueMachine.Answer(underLock: [.sealForHandover], [.answer([FlushTicket(id: 7)])], next: .wait(.seconds(5))))
    // Free: this queue sends; the flush waiting is the sender loop's to answer, after sending.
    #expect(m.handle(.flushRequested(FlushTicket(id: 8)), at: .seconds(5)) == [.wakeSender])
    #expect(m.step(.writerTimerFired, at: .seconds(5)) == QueueMachine.Answer(next: .probeSenderLock))
    #expect(m.handle(.senderLock(free: true), at: .seconds(5)) == QueueMachine.Answer(next: .modeChanged))
    #expect(m.flushTickets == [FlushTicket(id: 8)])
    #expect(
      m.sendStep(look(m, pending: 3), at: .seconds(5))
        == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 30), takingHandedOverFirst: true)))
    // Closing while writing: seal once more and end.
    #expect(
      m.handle(.closeRequested(deadline: .seconds(10)), at: .seconds(6))
        == [.wakeSender, .startTimer(.close, deadline: .seconds(10))])
    #expect(
      m.handle(.senderLock(free: false), at: .seconds(6))
        == QueueMachine.Answer(underLock: [.sealForHandover], [.answer([])], next: .exit))
  }

  @Test func corruptionFoundWhileReadingIsCountedAndReportedOnce() {
    var m = machine()
    let commands = m.handle(.readSkipped(aged: 0, corruptRegions: 2, corruptBytes: 30), at: .zero)
    #expect(commands == [.corrupt(2, 30, "damage found while reading")])
    #expect(m.counters.dropped(.corrupt) == 2)
    #expect(m.counters.corruptBytes == 30)
    // Aged records and damage in one read: one report each.
    #expect(
      m.handle(.readSkipped(aged: 4, corruptRegions: 1, corruptBytes: 8), at: .zero)
        == [.dropped(4, .maxAge, "older than 604800.0 seconds"), .corrupt(1, 8, "damage found while reading")])
    #expect(m.counters.dropped(.corrupt) == 3)
    #expect(m.counters.dropped(.maxAge) == 4)
    // Found opening the log or taking what others handed over: counted the same way.
    let region = CorruptRegion(segment: 1, offset: 0, length: 12)
    #expect(m.countCorrupt([region]) != nil)
    #expect(m.countCorrupt([]) == nil)
    #expect(m.counters.dropped(.corrupt) == 4)
    #expect(m.counters.corruptBytes == 50)
  }

  @Test func retryAfterPausesExactlyAndFlushDoesNotWaitThroughIt() {
    var m = machine()
    let commands = m.step(.retried(kept: 3, exhausted: 1, serverDelay: .seconds(1), detail: "429"), at: .seconds(10))
    #expect(commands == [.dropped(1, .maxAttempts, "failed 10 times, last: 429"), .retry(3, .seconds(1), "429")])
    #expect(m.counters.retried == 3)
    #expect(m.handle(.flushRequested(FlushTicket(id: 1)), at: .seconds(10)) == [.wakeSender])
    #expect(
      m.sendStep(look(m, pending: 3), at: .milliseconds(10_250))
        == QueueMachine.Answer([.answer([FlushTicket(id: 1)])], next: .wait(.milliseconds(750))))
    #expect(
      m.sendStep(look(m, pending: 3), at: .seconds(11))
        == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 30), takingHandedOverFirst: false)))
  }

  @Test func theSameSeedGivesTheSameBackoff() {
    var a = machine(seed: 5)
    var b = machine(seed: 5)
    for failure in 0..<6 {
      let now = Duration.seconds(failure * 100)
      let pauseA = a.step(.retried(kept: 1, exhausted: 0, serverDelay: nil, detail: "500"), at: now)
      let pauseB = b.step(.retried(kept: 1, exhausted: 0, serverDelay: nil, detail: "500"), at: now)
      #expect(pauseA == pauseB)
    }
    #expect(a.pace == b.pace)
  }

  @Test func anEnqueueWakesTheSenderOnlyWhenItWaitsForIt() {
    var m = machine()
    // Idle: the first record starts the interval.
    #expect(m.sendStep(look(m), at: .zero) == QueueMachine.Answer([.answer([])], next: .wait(nil)))
    let firstWakes = m.appended(pendingEvents: 1, pendingBytes: 10, at: .seconds(1))
    #expect(firstWakes)
    #expect(m.pendingSince == .seconds(1))
    #expect(m.sendStep(look(m, pending: 1), at: .seconds(1)) == QueueMachine.Answer(next: .wait(.seconds(60))))
    // Waiting for the interval: only a full batch wakes it early.
    let secondWakes = m.appended(pendingEvents: 2, pendingBytes: 20, at: .seconds(2))
    #expect(!secondWakes)
    let fullBatchWakes = m.appended(pendingEvents: 10, pendingBytes: 100, at: .seconds(3))
    #expect(fullBatchWakes)
    #expect(m.counters.enqueued == 3)
    #expect(
      m.sendStep(look(m, pending: 10), at: .seconds(3))
        == QueueMachine.Answer(next: .drain(target: LogPosition(segment: 1, offset: 100), takingHandedOverFirst: false)))
  }

  @Test func closeEndsTheLoopAndAnswersEveryFlush() {
    var m = machine()
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.handle(.closeRequested(deadline: .seconds(9)), at: .zero) == [])
    #expect(m.handle(.flushRequested(FlushTicket(id: 3)), at: .zero) == [.wakeSender])
    #expect(m.sendStep(look(m), at: .zero) == QueueMachine.Answer([.answer([FlushTicket(id: 3)])], next: .exit))
    #expect(m.step(.senderExited, at: .zero) == [.answer([]), .cancelTimer(.close)])
    // After the sender's end, a flush is answered at once.
    #expect(m.handle(.flushRequested(FlushTicket(id: 4)), at: .zero) == [.answer([FlushTicket(id: 4)])])
  }

  @Test func theCapRefusesOrDropsTheOldestWithExactCounters() {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configuration.maxPendingBytes = 1000
    configuration.overflowPolicy = .refuseNew
    var m = QueueMachine(destination: "Test", limits: Self.limits, configuration: configuration, random: SeededQueueRandom(seed: 21))
    let id = RecordID()
    let refused = m.enqueue(.init(id: id, frameBytes: 20, pendingBytes: 990), at: .zero)
    #expect(
      refused.0 == .refuse(.queueFull(pendingBytes: 990, maxPendingBytes: 1000)) && refused.1
        == [.dropped(1, .refused, "queue full (990 of 1000 bytes pending), record \(id) refused")])
    #expect(
      m.step(.droppedOldest(3, cap: 1000), at: .zero)
        == [.dropped(3, .overflow, "oldest records dropped to stay under 1000 pending bytes")])
    #expect(m.step(.droppedOldest(0, cap: 1000), at: .zero) == [])
    #expect(m.counters.dropped(.refused) == 1)
    #expect(m.counters.dropped(.overflow) == 3)
    // Let go of: an enqueued record is the next sender's.
    #expect(m.handle(.wroteToInbox, at: .zero) == [])
    #expect(m.counters.enqueued == 1 && m.counters.handedOver == 1)
    // Closed before the directory opened: what memory held is lost, counted once.
    #expect(
      m.step(.lostInMemory(2), at: .zero)
        == [.dropped(2, .storageUnavailable, "the queue closed before its directory could be opened; the records kept in memory are lost")])
    #expect(m.counters.dropped(.storageUnavailable) == 2)
  }

  @Test func waitingForTheDirectoryTriesAtItsBackOffOrWhenAsked() {
    var m = machine()
    // Not due: wait exactly until the attempt. Due at its time, when asked, or when a flush() waits.
    #expect(
      m.step(.storageLook(attemptRequested: false, nextAttempt: .seconds(4)), at: .seconds(1))
        == QueueMachine.Answer([.answer([])], next: .wait(.seconds(3))))
    #expect(
      m.step(.storageLook(attemptRequested: false, nextAttempt: .seconds(4)), at: .seconds(4))
        == QueueMachine.Answer(next: .openStorage))
    #expect(
      m.step(.storageLook(attemptRequested: true, nextAttempt: .seconds(4)), at: .seconds(1))
        == QueueMachine.Answer(next: .openStorage))
    #expect(m.handle(.flushRequested(FlushTicket(id: 2)), at: .seconds(1)) == [.wakeSender])
    #expect(
      m.step(.storageLook(attemptRequested: false, nextAttempt: .seconds(4)), at: .seconds(1))
        == QueueMachine.Answer(next: .openStorage))
    // The attempt failed: the flush is answered at once, nothing can be sent.
    #expect(
      m.step(.idleTimerFired(nextAttempt: .seconds(8)), at: .seconds(1))
        == QueueMachine.Answer([.answer([FlushTicket(id: 2)])], next: .wait(.seconds(7))))
    // Let go of: no attempt, no lock; wait to be taken back.
    #expect(m.step(.relinquished(heldLog: false), at: .seconds(1)) == [.wakeSender])
    #expect(
      m.step(.storageLook(attemptRequested: true, nextAttempt: .zero), at: .seconds(9))
        == QueueMachine.Answer([.answer([])], next: .wait(nil)))
    // Closing: one last attempt, then the end.
    #expect(m.handle(.reclaimed(heldLog: false), at: .seconds(9)) == [])
    #expect(
      m.handle(.closeRequested(deadline: .seconds(20)), at: .seconds(9))
        == [.wakeSender, .startTimer(.close, deadline: .seconds(20))])
    #expect(
      m.step(.storageLook(attemptRequested: false, nextAttempt: .seconds(60)), at: .seconds(9))
        == QueueMachine.Answer(next: .openStorage))
    #expect(m.step(.idleTimerFired(nextAttempt: .seconds(60)), at: .seconds(9)) == QueueMachine.Answer([.answer([])], next: .exit))
  }
}
