import Foundation

extension QueueMachine {
  /// What a drain sends next (`nextBatch`).
  enum NextBatch: Equatable {
    /// The batch waiting to go again at this index of the carry.
    case again(Int)
    /// A batch read from the log, passing over the records of the `busy` partitions.
    case read(busy: Set<String>)
    /// Nothing until a request out is answered.
    case wait
  }

  /// What a drain sends next, with the partitions of the batches waiting to go again (`carry`, the next
  /// last) and of those on their way (`out`): the top of the carry whose partition has no batch out, if the
  /// destination keeps its order; else a read passing over the partitions out or waiting in order, once
  /// a partition in any order was read or with nothing out (until then, no read passes over the batch out).
  func nextBatch(carry: [String], out: [String]) -> NextBatch {
    let busy = Set(out.filter(keepsOrder))
    if let index = carry.lastIndex(where: { !busy.contains($0) }) { return .again(index) }
    guard out.isEmpty || readUnordered else { return .wait }
    return .read(busy: busy.union(carry.filter(keepsOrder)))
  }

  /// What a drain does with a batch it read.
  enum ReadBatch: Equatable {
    /// Send it.
    case send
    /// It starts at or after the drain's target: not sent by this drain (what comes after the target is
    /// the next drain's), and the drain has reached its target.
    case pastTarget
  }

  /// What the log holds that is neither on its way nor waiting to go again, when a batch is read.
  struct Unsent: Equatable {
    var events: Int
    var bytes: Int64
  }

  /// A batch of `partition` starting at `first` was read for a drain up to `target`: one in any order lets
  /// the reads that follow pass over the batches out. One that starts past the target is still sent while
  /// a full batch is `unsent` (the trigger that starts a drain holds), so requests in flight fill as records
  /// arrive instead of idling until the drain's last answer: not for a drain that answers a `flush()` (or
  /// while one waits), which stops where the log ended at its call, nor while closing, nor once it is time
  /// to look for what other processes handed over, which a drain that never ends would never take.
  mutating func read(
    partition: String, startingAt first: LogPosition, target: LogPosition, unsent: Unsent, at now: Duration
  ) -> ReadBatch {
    if !readUnordered { readUnordered = !keepsOrder(partition) }
    if first < target { return .send }
    let fullBatchUnsent = limits.makeAFullBatch(events: unsent.events, bytes: unsent.bytes)
    let noFlushWaits = drainTickets.isEmpty && flushTickets.isEmpty
    let beforeHandoverLook = nextHandoverLook.map { now < $0 } ?? false
    return fullBatchUnsent && noFlushWaits && !closing && beforeHandoverLook ? .send : .pastTarget
  }

  /// A drain's target once it took what other processes handed over first (`takingHandedOverFirst`): the
  /// end of what the log holds with it if it took any (`writerEnd`), else the target it was given.
  func drainTarget(_ target: LogPosition, tookHandedOver taken: Int, writerEnd: LogPosition) -> LogPosition {
    taken > 0 ? writerEnd : target
  }

  /// Which records of a batch read from the log's `batchGeneration` are still pending (batch order), with
  /// what the log says of each (`isPending`): none once the log was replaced, whose positions may name
  /// other records; the rest went meanwhile (dropped at the cap, purged) and are not sent or counted again.
  func stillPending(batchGeneration: Int, isPending: [Bool]) -> [Int] {
    guard batchGeneration == generation else { return [] }
    return isPending.indices.filter { isPending[$0] }
  }

  /// What becomes of a batch about to go out (`Sender.prepare`).
  enum Preparation: Equatable {
    /// Send these of its records (batch order).
    case send([Int])
    /// The send gate closed while it was built (consent withdrawn): these records are answered
    /// `.withheld` (they go again, uncounted, and the drain starts no more requests).
    case withhold([Int])
    /// None of its records is pending any more: nothing is sent, nothing answered.
    case nothingLeft
  }

  /// What becomes of a batch read from the log's `batchGeneration` as it is about to go out: its records
  /// still pending (`stillPending`), sent if the send gate is open (`maySend`, read just before), withheld
  /// if it closed since the batch was built.
  func prepare(batchGeneration: Int, isPending: [Bool], maySend: Bool) -> Preparation {
    let pending = stillPending(batchGeneration: batchGeneration, isPending: isPending)
    if pending.isEmpty { return .nothingLeft }
    return maySend ? .send(pending) : .withhold(pending)
  }

  /// Whether what a read from the log's `readGeneration` found too old or damaged is dropped now (finished in
  /// the log, then counted by `.readSkipped`): not once the log was replaced since, whose positions may
  /// name other records.
  func dropsWhatAReadFound(readGeneration: Int) -> Bool {
    readGeneration == generation
  }

  /// Whether a read that found nothing to send but `dropped` records too old or damaged reads again, past
  /// them: not when it dropped none (the log changed under it), as the same read would find the same. A
  /// rule of the machine's that reads none of its state, so the sender asks it without the lock.
  static func readsAgain(afterDropping dropped: Int) -> Bool {
    dropped > 0
  }

  /// The age cut of a read: records enqueued before this date (the wall time `now` less
  /// ``DeliveryConfiguration/maxAge``) are dropped as too old.
  func ageCut(now: Date) -> Date {
    now - Self.seconds(configuration.maxAge)
  }

  /// Whether a drain starts another request now, with `inFlight` out: while it goes on
  /// (`drainContinues`), not once an answer paused sending (a retry's backoff) or a batch was withheld
  /// (the send gate closed), and up to ``DeliveryConfiguration/maxRequestsInFlight`` at once.
  func mayStartRequest(inFlight: Int, readGeneration: Int) -> Bool {
    drainContinues(readGeneration: readGeneration) && pace.backoffUntil == nil && !drainHeld
      && inFlight < max(1, configuration.maxRequestsInFlight)
  }

  /// The log's part of a batch's answer (`answered`): a type of its own, applied only by the log, in order,
  /// under the lock while the positions still name the batch's records (`DriverState.answer`); never an
  /// ``Effect``, which the shell runs outside the lock. Indices are the batch's, in the order it was sent.
  enum BatchEdit: Equatable {
    /// Finish these records on the log: delivered, rejected or dropped, as the machine counted them.
    case finishRecords([Int])
    /// Count an attempt on the log for these records.
    case recordAttempts([Int])
    /// Send these parts again (each part in order), the first part first, before anything read after them.
    case sendAgain([[Int]])
    /// Move the log's head over what is finished and save the cursor.
    case saveCursor
  }

  /// What becomes of a batch whose request ended: `ids` are its records as sent, in order, `attempts` what
  /// each has made so far by the log, `nil` for those no longer pending (dropped at the cap, purged, or the
  /// log replaced meanwhile), which are neither finished nor counted again. Answered as the log's edits
  /// (`BatchEdit`) and, apart, the effects (reports) the shell runs once the lock is released; they
  /// come first in the shell's outbox, a failed cursor save's report after them.
  mutating func answered(
    _ answer: BatchAnswer, ids: [RecordID], attempts: [Int?], at now: Duration
  ) -> (edits: [BatchEdit], answer: Answer) {
    let (resolution, refusal) = resolve(answer, at: now)
    let pending = attempts.indices.filter { attempts[$0] != nil }
    // Nothing of the batch is pending (the log was replaced): nothing to finish, count or pause for.
    guard !pending.isEmpty else { return ([], refusal) }
    let isPending = { (index: Int) in attempts[index] != nil }
    switch resolution {
    case .finish(let rejected):
      return (
        [.finishRecords(pending), .saveCursor],
        step(.batchFinished(ids: ids, finished: pending, rejected: rejected), at: now)
      )
    case .drop(let reason, let detail, let folding, _):
      // The destination's refusal is reported first.
      return (
        [.finishRecords(pending), .saveCursor],
        refusal + step(.dropped(count: pending.count, reason: reason, detail: detail, folding: folding), at: now)
      )
    case .dropAndResend(let dropped, let detail, let rest):
      let dropped = dropped.filter(isPending)
      let rest = rest.filter(isPending)
      return (
        [.finishRecords(dropped), .saveCursor] + (rest.isEmpty ? [] : [.sendAgain([rest])]),
        step(.dropped(count: dropped.count, reason: .rejected, detail: detail, folding: false), at: now)
      )
    case .keep:
      return ([.sendAgain([pending])], [])
    case .split(let half):
      // The halves go again at once, the first first.
      let parts = [pending.filter { $0 < half }, pending.filter { $0 >= half }].filter { !$0.isEmpty }
      return ([.sendAgain(parts)], [])
    case .retry(let serverDelay, let countsAsAttempt, let detail):
      let made = pending.map { (attempts[$0] ?? 0) + (countsAsAttempt ? 1 : 0) }
      let (kept, exhausted) = Outcomes.afterRetry(attempts: made, maxAttempts: configuration.maxAttempts)
      let reports = step(
        .retried(kept: kept.count, exhausted: exhausted.count, serverDelay: serverDelay, detail: detail), at: now)
      let edits: [BatchEdit] =
        (countsAsAttempt ? [.recordAttempts(pending)] : [])
        + (exhausted.isEmpty ? [] : [.finishRecords(exhausted.map { pending[$0] })]) + [.saveCursor]
        + (kept.isEmpty ? [] : [.sendAgain([kept.map { pending[$0] }])])
      return (edits, reports)
    }
  }
}
