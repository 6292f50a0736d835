import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one queue holds, always accessed under `QueueDriver.state`'s lock: the machine that decides, and
/// the resources it decides about (the log, the locks, the records kept in memory, the callers waiting).
struct DriverState {
  var machine: QueueMachine
  var log: SegmentLog
  /// The `flush()` and `relinquishDirectory` calls waiting, by their ticket in the machine.
  var flushWaiters: [FlushTicket: CheckedContinuation<Void, Never>] = [:]
  private var nextTicket = 0
  /// The locked file (see `Handover.lockExclusively`) that makes this queue the directory's sender; -1 while another process sends
  /// (see ``Handover``) and once released by `close`.
  var lockFD: Int32 = -1
  /// This process's writer directory while another process sends for the directory.
  var writerDirectory: Handover.WriterDirectory?
  /// Whether this queue counts in `QueueDirectories` (until it is released).
  var registered = true
  /// While the directory can't be opened (Data Protection before the first unlock, see
  /// `QueueMachine.storageWait`), records wait here, in memory, and `log` is a closed placeholder.
  var kept = KeptFrames()
  /// The queue's directory, whichever role its log plays.
  let directory: String
  /// What the machine answered under the lock, run by `QueueDriver.withState` once it is released, in
  /// order (see `QueueDriver.run`).
  var outbox: [QueueMachine.Command] = []

  init(log: SegmentLog, directory: String, machine: QueueMachine) {
    self.log = log
    self.directory = directory
    self.machine = machine
  }

  /// What `Roles` decides from: the machine's role. A mutating getter: a plain one made a copy of the whole
  /// state (every array and dictionary retained and released) to read a few facts.
  var roleFacts: Roles.Facts {
    mutating get { machine.facts }
  }

  /// Feeds the machine `input`: its commands go to the outbox, which `QueueDriver.withState` runs once the
  /// lock is released; they are returned too, for the caller to read the ones only it can act on
  /// (the sender's loop).
  @discardableResult
  mutating func handle(_ input: QueueMachine.Input, at now: Duration) -> [QueueMachine.Command] {
    let commands = machine.handle(input, at: now)
    if !commands.isEmpty { outbox += commands }
    return commands
  }

  /// Asks the machine a question whose answer the caller acts on (what becomes of a batch, whether
  /// `relinquishDirectory` waits); its commands go to the outbox like any input's.
  mutating func ask<Answer>(_ question: (inout QueueMachine) -> (Answer, [QueueMachine.Command])) -> Answer {
    let (answer, commands) = question(&machine)
    if !commands.isEmpty { outbox += commands }
    return answer
  }

  /// Asks the machine what becomes of `batch` after `answer` (`QueueMachine.answered`), with what the log
  /// holds of it now, and applies its log edits at once, under the lock (while the positions still name
  /// the batch's records); its commands go to the outbox. Returns the parts of the batch to send again,
  /// first first.
  mutating func answer(_ answer: QueueMachine.BatchAnswer, for batch: PendingBatch, at now: Duration) -> [PendingBatch] {
    var entries = batch.entries
    // The log was replaced: its positions may name other records; nothing of the batch is pending.
    let pending = Set(
      machine.stillPending(batchGeneration: batch.generation, isPending: entries.map { log.isPending($0.position) }))
    let attempts = entries.indices.map { pending.contains($0) ? log.attemptsSoFar(entries[$0].position) : nil }
    var again: [PendingBatch] = []
    let (edits, commands) = machine.answered(answer, ids: entries.map(\.record.id), attempts: attempts, at: now)
    // The reports first: a failed cursor save's report follows them, as it follows the answer.
    if !commands.isEmpty { outbox += commands }
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
    if lockFD >= 0 { _ = close(lockFD) }
    writerDirectory?.release()
    lockFD = -1
    writerDirectory = nil
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
    lockFD = opened.lock ?? -1
    writerDirectory = opened.writerDirectory
    handle(
      .logInstalled(pendingEvents: log.pendingEvents, recovered: log.recoveredEvents, writing: writerDirectory != nil),
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
      pendingEvents: log.pendingEvents, kept: .init(records: kept.frames.count, bytes: kept.bytes),
      droppedOldest: droppedOldest)
    let (answer, commands) = machine.enqueue(request, keptSizes: kept.frames.lazy.map(\.count), at: now.instant)
    if !commands.isEmpty { outbox += commands }
    return answer
  }

  /// Keeps a frame in memory while the directory can't be opened, the oldest `droppingOldest` gone.
  mutating func keepInMemory(_ frame: [UInt8], droppingOldest dropped: Int) {
    if dropped > 0 {
      kept.bytes -= kept.frames.prefix(dropped).reduce(0) { $0 + $1.count }
      kept.frames.removeFirst(dropped)
    }
    kept.frames.append(frame)
    kept.bytes += frame.count
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

/// The records a queue accepted while its directory could not be opened, in memory and in order, until
/// it opens (see ``DeliveryQueue``); when to try again is the machine's (`UnopenedStorage`).
struct KeptFrames {
  /// Encoded frames, oldest first.
  var frames: [[UInt8]] = []
  var bytes = 0
}
