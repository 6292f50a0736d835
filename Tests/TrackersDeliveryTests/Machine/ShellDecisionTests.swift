import Foundation
import Testing
@testable import TrackersDelivery

/// The decisions the shell used to make itself, now the machine's: exact command lists (and answers) for
/// an enqueue past the cap asked again, the sender's end, `relinquishDirectory` and `reclaimDirectory`,
/// the directory opened late, a batch withheld, and a storage failure's report.
extension QueueMachine.Unsent {
  /// Nothing unsent besides the batch read: the drain stops at its target.
  static let nothing = QueueMachine.Unsent(events: 0, bytes: 0)
}

@Suite struct ShellDecisionTests {
  static let destination = "Test"
  let ids = (0..<3).map { _ in RecordID() }

  func machine(configure: (inout DeliveryConfiguration) -> Void = { _ in }) -> QueueMachine {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configure(&configuration)
    return QueueMachine(
      destination: Self.destination, limits: BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60)),
      configuration: configuration, random: SeededQueueRandom(seed: 8))
  }

  // MARK: Enqueue

  /// A payload that can never fit a request is refused first, whatever the queue's part, and counted by
  /// no one here (the caller gets the error).
  @Test func aPayloadTooLargeForAnyRequestIsRefusedFirstUncounted() {
    var m = machine()
    #expect(m.handle(.closeRequested(deadline: .seconds(1)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(1))])
    let request = QueueMachine.EnqueueRequest(id: ids[0], frameBytes: 1100, payloadBytes: 1000, requestBytes: 1001)
    #expect(
      m.enqueue(request, at: .zero) == (
        .refuse(.payloadTooLarge(size: 1000, maxBytes: 1000, destination: Self.destination)), []
      ))
    // One byte less fits a request: then the queue's part decides (closing: refused as closed).
    let fits = QueueMachine.EnqueueRequest(id: ids[0], frameBytes: 1099, payloadBytes: 999, requestBytes: 1000)
    #expect(m.enqueue(fits, at: .zero) == (.refuse(.closed), []))
    #expect(m.counters.dropped(.refused) == 0)
  }

  /// Under dropOldest, the machine answers `.dropOldest` once; asked again with how many went, it counts
  /// them and appends, or refuses with the refusal counted in `dropped[.refused]` and reported once; the
  /// same refusal under refuseNew reads the same.
  @Test func askedAgainAfterDroppingTheOldestItAppendsOrRefusesCountedOnce() {
    var m = machine { $0.maxPendingBytes = 100 }
    let full = QueueMachine.EnqueueRequest(id: ids[1], frameBytes: 40, pendingBytes: 90)
    #expect(m.enqueue(full, at: .zero) == (.dropOldest(toFit: 40), []))
    var again = full
    again.droppedOldest = 5
    again.pendingBytes = 80
    let refusal = QueueMachine.Effect.dropped(1, .refused, "queue full (80 of 100 bytes pending), record \(ids[1]) refused")
    #expect(
      m.enqueue(again, at: .zero) == (
        .refuse(.queueFull(pendingBytes: 80, maxPendingBytes: 100)),
        [.dropped(5, .overflow, "oldest records dropped to stay under 100 pending bytes"), refusal]
      ))
    #expect(m.counters.dropped(.overflow) == 5 && m.counters.dropped(.refused) == 1 && m.counters.enqueued == 0)
    // Nothing could be dropped and there is room after all: appended, nothing counted but the record.
    again.droppedOldest = 0
    again.pendingBytes = 60
    #expect(m.enqueue(again, at: .zero) == (.append, []))
    // The same refusal under refuseNew reads the same.
    var refusing = machine {
      $0.maxPendingBytes = 100
      $0.overflowPolicy = .refuseNew
    }
    #expect(
      refusing.enqueue(QueueMachine.EnqueueRequest(id: ids[1], frameBytes: 40, pendingBytes: 80), at: .zero)
        == (.refuse(.queueFull(pendingBytes: 80, maxPendingBytes: 100)), [refusal]))
  }

  // MARK: The sender's end

  /// The sending task ended: what memory held is counted lost, each cause once, then the folded reports
  /// and the flush() calls waiting; with nothing lost, only the end.
  @Test func theSendersEndCountsWhatMemoryHeldThenAnswersTheFlushes() {
    var m = machine()
    #expect(m.handle(.flushRequested(FlushTicket(id: 7)), at: .zero) == [.wakeSender])
    #expect(
      m.handle(.senderEnded(lostKept: 2, lostFromMemory: 3), at: .zero) == [
        .dropped(
          2, .storageUnavailable,
          "the queue closed before its directory could be opened; the records kept in memory are lost"),
        .dropped(3, .closedInMemory, "the queue lives in memory only and closed with 3 records not delivered"),
        .answer([FlushTicket(id: 7)]),
      ])
    #expect(m.counters.dropped(.storageUnavailable) == 2 && m.counters.dropped(.closedInMemory) == 3)
    var empty = machine()
    #expect(empty.handle(.senderEnded(lostKept: 0, lostFromMemory: 0), at: .zero) == [.answer([])])
    #expect(empty.senderGone && empty.counters.dropped(.closedInMemory) == 0)
  }

  // MARK: Several processes

  /// relinquishDirectory: a sender's caller waits for the sender to let go (woken), and is answered when
  /// the queue lets go, which hands the log over; a writer lets go now, its caller answered then too.
  @Test func relinquishAsksAndLetGoAnswersTheCallersWaiting() {
    var m = machine()
    #expect(
      m.handle(.relinquishAsked(FlushTicket(id: 1), deadline: .seconds(5)), at: .zero) == [
        .wakeSender, .startTimer(.relinquish, deadline: .seconds(5)),
      ])
    #expect(m.relinquishRequested && m.relinquishDeadline == .seconds(5))
    let (handOver, commands) = m.letGo(at: .seconds(1))
    #expect(handOver && commands == [.wakeSender, .answer([FlushTicket(id: 1)]), .cancelTimer(.relinquish)])
    #expect(m.relinquished && !m.relinquishRequested && m.relinquishTickets.isEmpty)
    // Let go of already: nothing more to hand over, nobody to answer.
    #expect(m.letGo(at: .seconds(2)) == (false, []))
    var writer = machine()
    #expect(writer.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .zero) == [])
    #expect(writer.handle(.relinquishAsked(FlushTicket(id: 2), deadline: .seconds(5)), at: .zero) == QueueMachine.Answer(underLock: [.letGo]))
    #expect(writer.letGo(at: .zero) == (true, [.wakeSender, .answer([FlushTicket(id: 2)])]))
  }

  /// Never opened: letting go hands nothing over; `reclaimDirectory()` goes back to waiting for the
  /// directory with an attempt now. A queue that had its log takes it back by the shell (`wants`).
  @Test func reclaimGoesBackToWaitingOnlyWhenTheDirectoryNeverOpened() {
    var unopened = machine()
    #expect(unopened.step(.startedWithoutStorage, at: .zero) == [])
    #expect(unopened.letGo(at: .zero) == (false, [.wakeSender]))
    #expect(unopened.handle(.reclaimAsked, at: .seconds(1)) == [.wakeSender])
    #expect(unopened.isWaitingForStorage && !unopened.relinquished && unopened.storageWait?.attemptRequested == true)
    var sender = machine()
    #expect(sender.letGo(at: .zero) == (true, [.wakeSender]))
    #expect(sender.handle(.reclaimAsked, at: .seconds(1)) == [])
    #expect(sender.wants(.takeBack))
    // Closing: nothing to go back to.
    var closing = machine()
    #expect(closing.step(.startedWithoutStorage, at: .zero) == [])
    #expect(closing.letGo(at: .zero) == (false, [.wakeSender]))
    #expect(closing.handle(.closeRequested(deadline: .seconds(1)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(1))])
    #expect(closing.handle(.reclaimAsked, at: .zero) == [])
  }

  /// The directory opened late: purged first only if purge() was called while it could not be opened;
  /// the purge is the shell's answer, not a command `run` would run after the records kept are written.
  /// The request is the wait's (`UnopenedStorage.purgeWhenOpened`) and ends with it.
  @Test func openedLatePurgesFirstOnlyWhenAPurgeWaited() {
    var m = machine()
    #expect(m.step(.startedWithoutStorage, at: .zero) == [])
    m.keep([1, 2, 3], droppingOldest: 0)
    let opening = m.openingLate()
    #expect(opening.kept.frames == [[1, 2, 3]] && !opening.purgeFirst)
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: false), at: .seconds(1)) == [])
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    var purging = machine()
    #expect(purging.step(.startedWithoutStorage, at: .zero) == [])
    #expect(purging.handle(.purgeDone(.memory, removed: 0, takenBySender: 0), at: .zero) == [])
    #expect(purging.purgeWhenReclaimed && purging.storageWait?.purgeWhenOpened == true)
    #expect(purging.openingLate().purgeFirst)
    #expect(purging.handle(.logInstalled(pendingEvents: 4, recovered: 4, writing: false), at: .seconds(1)) == [])
    #expect(purging.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(!purging.purgeWhenReclaimed && purging.isSender)
  }

  /// A purge() while let go of a log it held is the relinquished role's: the log taken back is purged in
  /// the hold that installs it (`.logInstalled` answers `.purge` under the lock), once; a queue let go of
  /// with no purge asked installs its log with nothing to do.
  @Test func aPurgeWhileLetGoIsTheRolesAndPurgesTheLogTakenBackOnce() {
    var m = machine()
    #expect(m.letGo(at: .zero) == (true, [.wakeSender]))
    #expect(m.role == .relinquished(.heldLog(purgeWhenReclaimed: false)))
    #expect(m.purgeRoute == .inbox)
    #expect(m.handle(.purgeDone(.inbox, removed: 0, takenBySender: 0), at: .zero) == [])
    #expect(m.role == .relinquished(.heldLog(purgeWhenReclaimed: true)) && m.purgeWhenReclaimed)
    #expect(
      m.handle(.logInstalled(pendingEvents: 2, recovered: 2, writing: false), at: .seconds(1))
        == QueueMachine.Answer(underLock: [.purge]))
    #expect(m.handle(.reclaimed(heldLog: true), at: .seconds(1)) == [.wakeSender])
    #expect(!m.purgeWhenReclaimed && m.isSender)
    var plain = machine()
    #expect(plain.letGo(at: .zero) == (true, [.wakeSender]))
    #expect(plain.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .seconds(1)) == [])
    #expect(plain.role == .writer)
  }

  // MARK: Sending

  /// A batch withheld (the send gate closed while it was built, or the task cancelled at close's
  /// deadline) goes again as it is, nothing counted, no pause; the drain starts no more until it ends.
  @Test func aWithheldBatchGoesAgainUncountedAndHoldsTheDrain() {
    var m = machine()
    #expect(m.answered(.withheld, ids: ids, attempts: [1, nil, 0], at: .zero) == ([.sendAgain([[0, 2]])], []))
    #expect(m.counters == DeliveryCounters() && m.pace.backoffUntil == nil)
    #expect(!m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 2), at: .zero) == [])
    #expect(m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
    // Nothing of it pending any more: nothing goes again, the drain still stops.
    #expect(m.answered(.withheld, ids: ids, attempts: [nil, nil, nil], at: .zero) == ([], []))
    #expect(!m.mayStartRequest(inFlight: 0, readGeneration: m.generation))
  }

  /// What a drain sends next: the top of what waits to go again unless a batch of its partition, in order,
  /// is out; reads pass over the partitions in order out or waiting, and over the batch out at all only
  /// once a partition in any order was read.
  @Test func theNextBatchKeepsEachOrderedPartitionInOrder() {
    var m = QueueMachine(
      destination: Self.destination, limits: BatchLimits(maxEvents: 10, maxBytes: 1000, flushInterval: .seconds(60)),
      configuration: DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused")),
      random: SeededQueueRandom(seed: 8), keepsOrder: { $0 != "any" })
    #expect(m.nextBatch(carry: [], out: []) == .read(busy: []))
    #expect(m.nextBatch(carry: ["a", "b"], out: []) == .again(1))
    #expect(m.nextBatch(carry: ["a", "b"], out: ["b"]) == .again(0))
    #expect(m.nextBatch(carry: ["any", "b"], out: ["b", "any"]) == .again(0))
    // Nothing of the carry may go, and no partition in any order was read: wait for the batch out.
    #expect(m.nextBatch(carry: ["b"], out: ["b"]) == .wait)
    #expect(m.nextBatch(carry: [], out: ["a"]) == .wait)
    #expect(m.read(partition: "a", startingAt: LogPosition(segment: 1, offset: 0), target: LogPosition(segment: 1, offset: 10), unsent: .nothing, at: .zero) == .send)
    #expect(m.nextBatch(carry: [], out: ["a"]) == .wait)
    #expect(m.read(partition: "any", startingAt: LogPosition(segment: 1, offset: 0), target: LogPosition(segment: 1, offset: 10), unsent: .nothing, at: .zero) == .send)
    #expect(m.nextBatch(carry: ["b"], out: ["b", "any"]) == .read(busy: ["b"]))
    #expect(m.nextBatch(carry: ["c", "any"], out: ["a", "any"]) == .again(1))
    #expect(m.read(partition: "a", startingAt: LogPosition(segment: 1, offset: 0), target: LogPosition(segment: 1, offset: 10), unsent: .nothing, at: .zero) == .send)
    #expect(m.readUnordered)
    #expect(m.nextBatch(carry: [], out: ["a"]) == .read(busy: ["a"]))
  }

  /// The directory could not be opened at start: the queue waits for it, and says so with what it does
  /// meanwhile (the memory bound and when it tries again).
  @Test func unopenedAtStartWaitsForTheDirectoryAndSaysWhatItDoesMeanwhile() {
    var m = machine { $0.unopenedMaxRecords = 50 }
    #expect(
      m.handle(.unopenedAtStart(detail: "EACCES"), at: .seconds(2)) == [
        .report(
          .storageFailure(
            destination: Self.destination,
            detail: "could not open the queue's directory yet (EACCES); up to 50 records are kept in memory until it "
              + "opens (tried again with a back-off, on flush() and when protected data becomes available)"))
      ])
    #expect(m.role == .unopened(UnopenedStorage(now: .seconds(2))))
  }

  /// A storage failure outside a batch's answer is reported through the machine, like every report.
  @Test func aStorageFailureIsReported() {
    var m = machine()
    #expect(
      m.handle(.storageFailed("could not seal"), at: .zero) == [
        .report(.storageFailure(destination: Self.destination, detail: "could not seal"))
      ])
  }

  // MARK: Decisions moved out of the shell (issue 39 item 3)

  /// The records kept in memory, written to the log opened late: under the cap as an enqueue is (the
  /// oldest dropped once, then asked again: written, or lost if still no room), lost after a failed write
  /// (the oldest still dropped for it first), and refused at the cap under refuseNew or writing for another
  /// process's sender. `DriverState.persist` only acts on these answers.
  @Test func keptRecordsWrittenLateFollowTheCapAsAnEnqueueDoes() {
    var m = machine { $0.maxPendingBytes = 1000 }
    #expect(m.writeKept(frameBytes: 100, pendingBytes: 900, droppedOldest: nil, failedBefore: false) == .append)
    #expect(m.writeKept(frameBytes: 101, pendingBytes: 900, droppedOldest: nil, failedBefore: false) == .dropOldest(toFit: 101))
    #expect(m.writeKept(frameBytes: 101, pendingBytes: 700, droppedOldest: 2, failedBefore: false) == .append)
    #expect(m.writeKept(frameBytes: 101, pendingBytes: 950, droppedOldest: 0, failedBefore: false) == .lose)
    #expect(m.writeKept(frameBytes: 100, pendingBytes: 0, droppedOldest: nil, failedBefore: true) == .lose)
    #expect(m.writeKept(frameBytes: 101, pendingBytes: 900, droppedOldest: nil, failedBefore: true) == .dropOldest(toFit: 101))
    // The pending-event bound of a memory-only queue is an enqueue's, not this write's: bytes decide.
    #expect(m.writeKept(frameBytes: 10, pendingBytes: 0, droppedOldest: nil, failedBefore: false) == .append)
    let refusing = machine {
      $0.maxPendingBytes = 1000
      $0.overflowPolicy = .refuseNew
    }
    #expect(refusing.writeKept(frameBytes: 101, pendingBytes: 900, droppedOldest: nil, failedBefore: false) == .lose)
    #expect(m.handle(.logInstalled(pendingEvents: 0, recovered: 0, writing: true), at: .zero) == [])
    #expect(m.writeKept(frameBytes: 101, pendingBytes: 900, droppedOldest: nil, failedBefore: false) == .lose)
    #expect(m.counters == DeliveryCounters())
  }

  /// A batch read for a drain is sent if it starts before the drain's target; one at or past it is the
  /// next drain's (with no full batch unsent besides), and the drain has reached its target.
  @Test func aBatchReadAtOrPastTheDrainsTargetIsNotSent() {
    var m = machine()
    let target = LogPosition(segment: 2, offset: 40)
    #expect(m.read(partition: "", startingAt: LogPosition(segment: 2, offset: 39), target: target, unsent: .nothing, at: .zero) == .send)
    #expect(m.read(partition: "", startingAt: LogPosition(segment: 1, offset: 900), target: target, unsent: .nothing, at: .zero) == .send)
    #expect(m.read(partition: "", startingAt: target, target: target, unsent: .nothing, at: .zero) == .pastTarget)
    #expect(m.read(partition: "", startingAt: LogPosition(segment: 3, offset: 0), target: target, unsent: .nothing, at: .zero) == .pastTarget)
  }

  /// Past its target, a drain goes on while a full batch is unsent (10 events, or 1000 bytes, besides the
  /// batches out or waiting to go again), so the requests in flight fill as records arrive: not for a drain
  /// that answers a flush() or while one waits, not while closing, not once the handover look is due.
  @Test func pastItsTargetADrainGoesOnWhileAFullBatchIsUnsent() {
    let target = LogPosition(segment: 2, offset: 40)
    let past = LogPosition(segment: 2, offset: 400)
    let full = QueueMachine.Unsent(events: 10, bytes: 100)
    let fullBytes = QueueMachine.Unsent(events: 3, bytes: 1000)
    let short = QueueMachine.Unsent(events: 9, bytes: 999)
    var m = machine { $0.handoverInterval = .seconds(5) }
    // The sender looked for what other processes hand over at 0 s: the next look is due at 5 s.
    #expect(m.step(.handoverTimerFired, at: .zero) == QueueMachine.Answer(next: .takeHandedOver))
    #expect(m.read(partition: "", startingAt: past, target: target, unsent: full, at: .seconds(1)) == .send)
    #expect(m.read(partition: "", startingAt: past, target: target, unsent: fullBytes, at: .seconds(1)) == .send)
    #expect(m.read(partition: "", startingAt: past, target: target, unsent: short, at: .seconds(1)) == .pastTarget)
    #expect(m.read(partition: "", startingAt: past, target: target, unsent: full, at: .seconds(5)) == .pastTarget)
    // A flush() waits: the drain stops at its target, and the next one answers it.
    #expect(m.handle(.flushRequested(FlushTicket(id: 1), reach: target), at: .seconds(1)) == [.wakeSender])
    #expect(m.read(partition: "", startingAt: past, target: target, unsent: full, at: .seconds(1)) == .pastTarget)
    // Closing: no further than the target either.
    var closing = machine { $0.handoverInterval = .seconds(5) }
    #expect(closing.step(.handoverTimerFired, at: .zero) == QueueMachine.Answer(next: .takeHandedOver))
    #expect(closing.handle(.closeRequested(deadline: .seconds(4)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(4))])
    #expect(closing.read(partition: "", startingAt: past, target: target, unsent: full, at: .seconds(1)) == .pastTarget)
    // Before any handover look: not past the target.
    var unlooked = machine { $0.handoverInterval = .seconds(5) }
    #expect(unlooked.read(partition: "", startingAt: past, target: target, unsent: full, at: .zero) == .pastTarget)
  }

  /// The age cut: records enqueued before the wall time less maxAge are too old.
  @Test func theAgeCutIsTheWallTimeLessMaxAge() {
    let m = machine { $0.maxAge = .seconds(3600) }
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(m.ageCut(now: now) == Date(timeIntervalSince1970: 996_400))
    let short = machine { $0.maxAge = .milliseconds(1500) }
    #expect(short.ageCut(now: now) == Date(timeIntervalSince1970: 999_998.5))
  }

  /// What counts as a drain's progress: a batch taken to send, or stopping at the target. Without either,
  /// records counted pending could not be read: the loop waits for new work instead of spinning (or ends,
  /// closing); a pause under way is waited out by the next look instead.
  @Test func aDrainProgressedIfItTookABatchOrReachedItsTarget() {
    var m = machine()
    #expect(m.handle(.drainEnded(tookBatches: true, reachedTarget: false, pendingEvents: 3), at: .zero) == [])
    #expect(m.handle(.drainEnded(tookBatches: false, reachedTarget: true, pendingEvents: 3), at: .zero) == [])
    #expect(m.handle(.drainEnded(tookBatches: false, reachedTarget: false, pendingEvents: 0), at: .zero) == [])
    #expect(m.handle(.drainEnded(tookBatches: false, reachedTarget: false, pendingEvents: 3), at: .zero) == QueueMachine.Answer(next: .wait(.seconds(60))))
    #expect(m.handle(.closeRequested(deadline: .seconds(5)), at: .zero) == [.wakeSender, .startTimer(.close, deadline: .seconds(5))])
    #expect(m.handle(.drainEnded(tookBatches: false, reachedTarget: false, pendingEvents: 3), at: .zero) == QueueMachine.Answer(next: .exit))
    var paused = machine()
    #expect(
      paused.step(.retried(kept: 3, exhausted: 0, serverDelay: .seconds(30), detail: "503"), at: .zero)
        == [.retry(3, .seconds(30), "503")])
    #expect(paused.handle(.drainEnded(tookBatches: false, reachedTarget: false, pendingEvents: 3), at: .zero) == [.answer([])])
  }


  /// A drain that took what other processes handed over first goes up to the end of what the log holds
  /// with it; one that took nothing keeps its target.
  @Test func aDrainThatTookWhatWasHandedOverGoesToTheWritersEnd() {
    let m = machine()
    let target = LogPosition(segment: 1, offset: 30)
    let writerEnd = LogPosition(segment: 4, offset: 12)
    #expect(m.drainTarget(target, tookHandedOver: 0, writerEnd: writerEnd) == target)
    #expect(m.drainTarget(target, tookHandedOver: 3, writerEnd: writerEnd) == writerEnd)
  }

  /// What of a batch is still pending when it is sent or answered: the records the log still holds, none
  /// once the log was replaced since it was read.
  @Test func aBatchOfAReplacedLogHasNothingPending() {
    var m = machine()
    #expect(m.stillPending(batchGeneration: 0, isPending: [true, false, true]) == [0, 2])
    #expect(m.stillPending(batchGeneration: 0, isPending: []) == [])
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(m.generation == 1)
    #expect(m.stillPending(batchGeneration: 0, isPending: [true, true]) == [])
    #expect(m.stillPending(batchGeneration: 1, isPending: [false, true]) == [1])
  }

  /// A read that found records too old or damaged (the sender's `buildBatch` and `dropWhileReading`, whose
  /// `if`s decided this before): they are dropped only from the log they were read from, and a read that
  /// found nothing to send reads again only past records it dropped.
  @Test func whatAReadFoundTooOldOrDamagedIsDroppedFromItsOwnLogAndReadPastOnce() {
    var m = machine()
    #expect(m.dropsWhatAReadFound(readGeneration: 0))
    #expect(QueueMachine.readsAgain(afterDropping: 3))
    #expect(!QueueMachine.readsAgain(afterDropping: 0))
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(!m.dropsWhatAReadFound(readGeneration: 0))
    #expect(m.dropsWhatAReadFound(readGeneration: 1))
  }

  /// A batch about to go out (the sender's `prepare`, whose `if`s decided this before): what is still
  /// pending goes if the send gate is open, is withheld if it closed since the batch was built, and a batch
  /// with nothing pending is neither sent nor answered, whatever the gate.
  @Test func aBatchAboutToGoOutIsSentWithheldOrLeftByTheMachine() {
    var m = machine()
    #expect(m.prepare(batchGeneration: 0, isPending: [true, false, true], maySend: true) == .send([0, 2]))
    #expect(m.prepare(batchGeneration: 0, isPending: [true, false, true], maySend: false) == .withhold([0, 2]))
    #expect(m.prepare(batchGeneration: 0, isPending: [false, false], maySend: true) == .nothingLeft)
    #expect(m.prepare(batchGeneration: 0, isPending: [false, false], maySend: false) == .nothingLeft)
    #expect(m.step(.relinquished(heldLog: true), at: .zero) == [.wakeSender])
    #expect(m.prepare(batchGeneration: 0, isPending: [true], maySend: true) == .nothingLeft)
  }

}
