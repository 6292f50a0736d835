import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one queue holds, always accessed under `QueueDriver.state`'s lock: the machine that decides (and
/// keeps the records in memory while the directory can't be opened), and the resources it decides about
/// (the log, what holds it, the callers waiting).
struct DriverState {
  var machine: QueueMachine
  var log: SegmentLog
  /// The `flush()` and `relinquishDirectory` calls waiting, by their ticket in the machine.
  var flushWaiters: [FlushTicket: CheckedContinuation<Void, Never>] = [:]
  private var nextTicket = 0
  /// What holds the log on the directory: the sender lock, a writer directory, or nothing (in memory, let
  /// go of, closed).
  var hold = DirectoryHold.none
  /// Whether this queue counts in `QueueDirectories` (until it is released).
  var registered = true
  /// While the directory can't be opened (Data Protection before the first unlock), `log` is a closed
  /// placeholder, and records wait in the machine's unopened role (`QueueMachine.kept`).
  /// The queue's directory, whichever role its log plays.
  let directory: String
  /// What the machine answered to run in this hold of the lock, in order (`applyLockedEffects`), before
  /// `QueueDriver.withState` releases it.
  private(set) var underLock: [QueueMachine.LockedEffect] = []
  /// What the machine answered to run once the lock is released, in order (see `QueueDriver.run`).
  var outbox: [QueueMachine.Effect] = []
  /// The sending loop's next step, answered to the loop's own input (`QueueDriver.feed(_:_:)`).
  private var step: QueueMachine.LoopStep?

  init(log: SegmentLog, directory: String, machine: QueueMachine) {
    self.log = log
    self.directory = directory
    self.machine = machine
  }

  /// Feeds the machine `input`: its answer is taken (`take`), to run under the lock, after it, or as the
  /// loop's next step.
  mutating func handle(_ input: QueueMachine.Input, at now: Duration) {
    take(machine.handle(input, at: now))
  }

  /// A record was appended: the machine says whether to wake the sender (`QueueMachine.appended`).
  mutating func appended(at now: Duration) {
    if machine.appended(pendingEvents: log.pendingEvents, pendingBytes: log.pendingBytes, at: now) {
      outbox.append(.wakeSender)
    }
  }

  /// Asks the machine a question whose reply the caller acts on (where a record goes, whether the log is
  /// handed over); its answer is taken like any input's.
  mutating func ask<Reply>(_ question: (inout QueueMachine) -> (Reply, QueueMachine.Answer)) -> Reply {
    let (reply, answer) = question(&machine)
    take(answer)
    return reply
  }

  /// Holds what the machine answered until it is run: the effects under the lock, those after it, and the
  /// loop's step. Two steps in one hold would be two answers the loop can't both follow: a machine bug.
  private mutating func take(_ answer: QueueMachine.Answer) {
    if !answer.underLock.isEmpty { underLock += answer.underLock }
    if !answer.afterUnlock.isEmpty { outbox += answer.afterUnlock }
    if let next = answer.next {
      precondition(step == nil, "two loop steps in one hold of the lock: \(step!), \(next)")
      step = next
    }
  }

  /// The loop's next step, no longer held.
  mutating func takeStep() -> QueueMachine.LoopStep? {
    defer { step = nil }
    return step
  }

  /// Runs what the machine answered to run under the lock, oldest first, with what those effects answer
  /// in turn: decided and done in one hold, so no other thread sees the decision without its effect.
  mutating func applyLockedEffects(at now: Duration) {
    while !underLock.isEmpty {
      switch underLock.removeFirst() {
      case .letGo: letGo(at: now)
      case .purge:
        do throws(DeliveryError) {
          try purge(at: now)
        } catch {
          handle(.storageFailed("could not purge after taking the directory back: \(error)"), at: now)
        }
      case .sealForHandover: sealForHandover(at: now)
      }
    }
  }

  /// Lets go of the directory now: to whoever sends next (this queue too, once it takes the directory back),
  /// if the machine says the log is this queue's to hand over.
  mutating func letGo(at now: Duration) {
    if ask({ $0.letGo(at: now) }) { handOverLog() }
  }

  /// Deletes what `purge()` deletes where the queue stands (`QueueMachine.purgeRoute`): nothing on disk
  /// while the directory can't be opened yet, nor the log while it is let go of (the machine purges those
  /// once it opens or is taken back, `.purge`).
  mutating func purge(at now: Duration) throws(DeliveryError) {
    let route = machine.purgeRoute
    let purged: (removed: Int, takenBySender: Int)
    switch route {
    case .memory: purged = (machine.takeKept().frames.count, 0)
    case .inbox: purged = (Handover.removeInboxRecords(writtenBy: getpid(), in: directory), 0)
    case .log, .openedLate: purged = try log.purge()
    }
    handle(.purgeDone(route, removed: purged.removed, takenBySender: purged.takenBySender), at: now)
  }

  /// Writing for another process's sender: seals the segment being written so the sender can take it,
  /// and counts what the sender has taken.
  mutating func sealForHandover(at now: Duration) {
    guard hold.isWriter else { return }
    handle(.handedOver(log.forgetTakenSegments()), at: now)
    do throws(DeliveryError) {
      try log.sealForHandover()
    } catch {
      handle(.storageFailed("could not seal a segment for the sending process: \(error)"), at: now)
    }
  }

  /// Asks the machine what becomes of `batch` after `answer` (`QueueMachine.answered`), with what the log
  /// holds of it now, and applies its log edits at once, under the lock (while the positions still name
  /// the batch's records); its reports go to the outbox. Returns the parts of the batch to send again,
  /// first first.
  mutating func answer(_ answer: QueueMachine.BatchAnswer, for batch: PendingBatch, at now: Duration) -> [PendingBatch] {
    var entries = batch.entries
    // The log was replaced: its positions may name other records; nothing of the batch is pending.
    var attempts = [Int?](repeating: nil, count: entries.count)
    for index in machine.stillPending(batchGeneration: batch.generation, isPending: entries.map { log.isPending($0.position) }) {
      attempts[index] = log.attemptsSoFar(entries[index].position)
    }
    var again: [PendingBatch] = []
    let (edits, effects) = machine.answered(answer, ids: entries.map(\.record.id), attempts: attempts, at: now)
    // The reports first: a failed cursor save's report follows them, as it follows the answer.
    take(effects)
    for edit in edits {
      switch edit {
      case .finishRecords(let indices):
        for index in indices { log.finish(entries[index].position, length: entries[index].length) }
      case .recordAttempts(let indices):
        for index in indices {
          let r = entries[index].record
          entries[index].record = Record(
            id: r.id, enqueuedAt: r.enqueuedAt, attempts: log.recordAttempt(entries[index].position),
            partition: r.partition, payload: r.payload)
        }
      case .sendAgain(let parts):
        again += parts.map { PendingBatch(entries: $0.map { entries[$0] }, partition: batch.partition, generation: batch.generation) }
      case .saveCursor:
        log.advanceHead()
        do throws(DeliveryError) {
          try log.persistCursor()
        } catch {
          handle(.storageFailed(error.description), at: now)
        }
      }
    }
    return again
  }

  /// Saves the log's cursor; a failure is reported (`.storageFailed`), not ignored: the records it covers
  /// are sent again by the next sender, and the app should know why. `after` says what the save follows.
  mutating func saveCursor(at now: Duration, after: String) {
    do throws(DeliveryError) {
      try log.persistCursor()
    } catch {
      handle(.storageFailed("could not save the cursor after \(after): \(error)"), at: now)
    }
  }

  /// Holds `continuation` as a `flush()` waiting; returns its ticket.
  mutating func ticket(for continuation: CheckedContinuation<Void, Never>) -> FlushTicket {
    nextTicket += 1
    let ticket = FlushTicket(id: nextTicket)
    flushWaiters[ticket] = continuation
    return ticket
  }

  /// The callers of `tickets`, no longer held.
  mutating func takeWaiters(_ tickets: [FlushTicket]) -> [CheckedContinuation<Void, Never>] {
    tickets.compactMap { flushWaiters.removeValue(forKey: $0) }
  }

  /// Closes the log and lets another queue open the directory (or, writing for another process's
  /// sender, lets that one take everything left).
  mutating func release() {
    guard !machine.closed else { return }
    // The time only orders reports: a release has no clock of its own.
    saveCursor(at: .zero, after: "closing the log")
    log.closeFiles()
    handle(.released, at: .zero)
    letGoOfLocks()
    if registered { QueueDirectories.closed(directory) }
    registered = false
  }

  /// Unlocks the directory (or this process's writer directory): whoever sends next takes what is left.
  mutating func letGoOfLocks() {
    hold.release()
    hold = .none
  }

  /// Lets go of the log and what holds it: everything it holds is the next sender's, counted handed over
  /// (what a sender already took from a writer's directory included).
  mutating func handOverLog() {
    handle(.handedOver(log.forgetTakenSegments() + log.pendingEvents), at: .zero)
    saveCursor(at: .zero, after: "letting go of the log")
    log.closeFiles()
    letGoOfLocks()
  }

  /// Makes `opened` the queue's log, with what holds it: what it found on disk counts as recovered, its
  /// damage as dropped (and reported).
  mutating func install(_ opened: OpenedLog, now: Duration) {
    log = opened.log
    hold = opened.hold
    handle(
      .logInstalled(pendingEvents: log.pendingEvents, recovered: log.recoveredEvents, writing: hold.isWriter),
      at: now)
    handle(.corruptFound(log.corruptRegions), at: now)
    saveCursor(at: now, after: "opening the log")
  }

  /// Asks the machine where a frame of `frameBytes` goes (`QueueMachine.enqueue`), with what the queue
  /// holds; its reports and wake-up go to the outbox.
  mutating func enqueue(
    _ id: RecordID, payloadBytes: Int, requestBytes: Int, frameBytes: Int, droppedOldest: Int?, now: QueueNow
  ) -> QueueMachine.EnqueueAnswer {
    let request = QueueMachine.EnqueueRequest(
      id: id, frameBytes: frameBytes, payloadBytes: payloadBytes, requestBytes: requestBytes,
      pendingBytes: log.pendingBytes,
      pendingEvents: log.pendingEvents, droppedOldest: droppedOldest)
    let (reply, answer) = machine.enqueue(request, at: now.instant)
    take(answer)
    return reply
  }

  /// Writes the records kept in memory to the log just installed, oldest first, where the machine says
  /// (`QueueMachine.writeKept`: under the pending cap as `enqueue` would); what can't be written is counted
  /// lost (and reported).
  mutating func persist(_ frames: [[UInt8]], configuration: DeliveryConfiguration, now: Duration) {
    let cap = Int64(configuration.maxPendingBytes)
    var overflow = 0
    var lost = 0
    var failure: DeliveryError?
    for frame in frames {
      var droppedOldest: Int?
      // The machine answers `.dropOldest` once: asked again, it appends or loses.
      write: while true {
        switch machine.writeKept(
          frameBytes: Int64(frame.count), pendingBytes: log.pendingBytes, droppedOldest: droppedOldest,
          failedBefore: failure != nil)
        {
        case .dropOldest(let needed):
          let dropped = log.dropOldest(toFit: needed, cap: cap)
          overflow += dropped
          droppedOldest = dropped
        case .lose:
          lost += 1
          break write
        case .append:
          do throws(DeliveryError) {
            try log.append(size: frame.count) { space in frame.withUnsafeBytes { space.copyMemory(from: $0) } }
          } catch {
            failure = error
            lost += 1
          }
          break write
        }
      }
    }
    handle(.adopted(events: 0, pendingEvents: log.pendingEvents), at: now)
    handle(
      .wroteKeptRecords(
        overflow: overflow, lost: lost, cap: cap,
        lostBecause: failure.map { "\($0)" } ?? "the queue is full (\(log.pendingBytes) of \(cap) bytes pending)"),
      at: now)
  }
}
