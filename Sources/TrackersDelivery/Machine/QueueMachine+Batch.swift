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

  /// A batch of `partition` starting at `first` was read for a drain up to `target`: one in any order lets
  /// the reads that follow pass over the batches out; one that starts past the target is not sent.
  mutating func read(partition: String, startingAt first: LogPosition, target: LogPosition) -> ReadBatch {
    if !readUnordered { readUnordered = !keepsOrder(partition) }
    return first < target ? .send : .pastTarget
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

  /// What becomes of a batch whose request ended (`.batchAnswered`): the records at `attempts`' non-`nil`
  /// indices are still pending; the others went meanwhile and are neither finished nor counted again.
  mutating func answered(_ answer: BatchAnswer, ids: [RecordID], attempts: [Int?], at now: Duration) -> [Command] {
    let (resolution, refusal) = resolve(answer, at: now)
    let pending = attempts.indices.filter { attempts[$0] != nil }
    // Nothing of the batch is pending (the log was replaced): nothing to finish, count or pause for.
    guard !pending.isEmpty else { return refusal }
    let isPending = { (index: Int) in attempts[index] != nil }
    switch resolution {
    case .finish(let rejected):
      return [.finishRecords(pending)]
        + step(.batchFinished(ids: ids, finished: pending, rejected: rejected), at: now) + [.saveCursor]
    case .drop(let reason, let detail, let folding, _):
      // The destination's refusal is reported first.
      return refusal + [.finishRecords(pending)]
        + step(.dropped(count: pending.count, reason: reason, detail: detail, folding: folding), at: now)
        + [.saveCursor]
    case .dropAndResend(let dropped, let detail, let rest):
      let dropped = dropped.filter(isPending)
      let rest = rest.filter(isPending)
      return [.finishRecords(dropped)]
        + step(.dropped(count: dropped.count, reason: .rejected, detail: detail, folding: false), at: now)
        + [.saveCursor] + (rest.isEmpty ? [] : [.sendAgain([rest])])
    case .keep:
      return [.sendAgain([pending])]
    case .split(let half):
      // The halves go again at once, the first first.
      let parts = [pending.filter { $0 < half }, pending.filter { $0 >= half }].filter { !$0.isEmpty }
      return [.sendAgain(parts)]
    case .retry(let serverDelay, let countsAsAttempt, let detail):
      let made = pending.map { (attempts[$0] ?? 0) + (countsAsAttempt ? 1 : 0) }
      let (kept, exhausted) = Outcomes.afterRetry(attempts: made, maxAttempts: configuration.maxAttempts)
      let reports = step(
        .retried(kept: kept.count, exhausted: exhausted.count, serverDelay: serverDelay, detail: detail), at: now)
      return (countsAsAttempt ? [.recordAttempts(pending)] : [])
        + (exhausted.isEmpty ? [] : [.finishRecords(exhausted.map { pending[$0] })]) + reports + [.saveCursor]
        + (kept.isEmpty ? [] : [.sendAgain([kept.map { pending[$0] }])])
    }
  }
}
