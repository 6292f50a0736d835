import Foundation

/// A batch on its way, with where each record lives on disk.
struct PendingBatch: Sendable {
  struct Entry: Sendable {
    var position: LogPosition
    var length: Int64
    var record: Record
  }

  var entries: [Entry]
  var partition: String
  /// The log generation the positions belong to (see `QueueMachine.generation`): once the log is replaced,
  /// they may name other records, and the batch's outcome is not applied.
  var generation = 0

  var batch: Batch { Batch(records: entries.map(\.record), partition: partition) }
}

/// The driver's one task per queue: reads pending records from disk and sends them, one request at a time,
/// asking the machine each step (`.look`).
final class Sender {
  enum SendResult {
    case next([PendingBatch])
    case backoff(PendingBatch?)
    case cancelled(PendingBatch)
  }

  private let driver: QueueDriver
  /// The log's reading side, kept across reads for its open segment files.
  private let reader: SegmentLog.Reader
  private var carry: [PendingBatch] = []
  /// The log generation the caches above were read from (see `QueueMachine.generation`).
  private var generation = 0
  private let clock: any QueueClock

  init(driver: QueueDriver) {
    self.driver = driver
    clock = driver.clock
    reader = SegmentLog.Reader(limits: driver.limits)
  }

  /// What the machine's commands leave the sending task to do (see `QueueDriver.run`): the one thing it
  /// awaits, or how its loop ends.
  enum Step {
    /// The queue is closing (or the task was cancelled).
    case exit
    /// The queue's part changed (writer to sender, let go of or taken back): look again.
    case lookAgain
    /// Wait this long, or until woken (`nil`).
    case wait(Duration?)
    /// Send what is pending up to `target` (see `QueueMachine.Command.drain`).
    case drain(target: LogPosition, takingHandedOverFirst: Bool)
  }

  /// The log's scanner, for taking what other processes handed over (`.takeHandedOver`).
  var scanner: SegmentScanner { reader.scanner }

  /// What was read from the log before `generation` is void (`.voidReadAhead`): its open segments and the
  /// batches read ahead, whose positions may name other records in the next one.
  func voidReadAhead(generation current: Int) {
    generation = current
    reader.forget()
    carry = []
  }

  /// Looks (`.look`) and does what the machine answers until the queue closes: the machine runs the loop of
  /// the queue's part. Waiting for a directory it can't open yet (tried again on the machine's back-off,
  /// when asked and once more when closing; not while let go of, when no lock may be taken), or let go of
  /// it, the queue sends nothing and `flush()` is answered at once. Writing for another process's sender,
  /// it seals what it wrote every interval and on `flush()`, and takes over sending once that sender has
  /// gone. Sending, it takes what other processes hand over, reads what is pending and sends it.
  func run() async {
    while !Task.isCancelled {
      let hasCarry = !carry.isEmpty
      let maySend = driver.configuration.shouldSend()  // outside the lock: it may take the consent store's lock
      let readGeneration = generation
      let step = driver.follow(self) { s in
        .look(
          .init(
            maySend: maySend, hasCarry: hasCarry, readGeneration: readGeneration, pendingEvents: s.log.pendingEvents,
            pendingBytes: s.log.pendingBytes,
            logEnd: s.log.readPlan().segments.last.map { LogPosition(segment: $0.number, offset: $0.size) } ?? s.log.writerEnd,
            writerEnd: s.log.writerEnd))
      }
      if await perform(step) { break }
    }
    exit()
  }

  private func exit() {
    driver.dropUnopened()
    driver.feed { s in
      try? s.log.persistCursor()
      return .senderExited
    }
  }

  /// Does what the machine's commands left the loop to await (`QueueDriver.run` ran the others). Returns
  /// whether the loop ends.
  private func perform(_ step: Step?) async -> Bool {
    switch step {
    case nil, .lookAgain:
      return false
    case .exit:
      return true
    case .wait(let timeout):
      await clock.wait(on: driver.wakeup, timeout: timeout)
      return false
    case .drain(var target, let takingHandedOver):
      if takingHandedOver, driver.takeHandedOverSegments(scanner: reader.scanner) > 0 {
        target = driver.state.withLock { $0.log.writerEnd }
      }
      let progressed = await drain(upTo: target)
      return await perform(driver.follow(self) { .drainEnded(progressed: progressed, pendingEvents: $0.log.pendingEvents) })
    }
  }

  /// Sends batches until everything before `target` is done, the destination asks for a pause, or the
  /// task is cancelled.
  /// Returns whether anything was sent or dropped.
  private func drain(upTo target: LogPosition) async -> Bool {
    var progressed = false
    // Stops when the log is let go of or replaced: the target belongs to the old one.
    while !Task.isCancelled,
      driver.state.withLock({ [generation] in $0.machine.drainContinues(readGeneration: generation) })
    {
      let batch: PendingBatch
      if let next = carry.popLast() {
        batch = next
      } else {
        guard let built = buildBatch() else { return progressed }
        guard built.entries[0].position < target else { return true }
        batch = built
      }
      progressed = true
      switch await send(batch) {
      case .next(let more):
        carry.append(contentsOf: more.reversed())
      case .backoff(let remaining):
        if let remaining { carry.append(remaining) }
        return true
      case .cancelled(let batch):
        carry.append(batch)
        return true
      }
    }
    return progressed
  }

  // MARK: Building batches

  /// Reads the next batch from disk, outside the lock (see `SegmentLog.Reader`), dropping under the lock
  /// what the read found too old or damaged.
  private func buildBatch() -> PendingBatch? {
    let limits = driver.limits
    let maxAge = QueueBackoff.seconds(driver.configuration.maxAge)
    while true {
      let read = driver.state.withLock { s in
        // A log let go of is no longer this queue's to read.
        s.machine.relinquished || s.log.isClosed ? nil : (s.log.readPlan(), s.log.attempts, s.machine.generation)
      }
      guard let (plan, attempts, generation) = read else { return nil }
      let found = reader.readBatch(plan, attempts: attempts, limits: limits, olderThan: clock.now.date - maxAge)
      let dropped =
        found.aged.isEmpty && found.corrupt.isEmpty
        ? 0 : dropWhileReading(aged: found.aged, corrupt: found.corrupt, generation: generation)
      if let partition = found.partition, !found.entries.isEmpty {
        return PendingBatch(entries: found.entries, partition: partition, generation: generation)
      }
      // Only dropped or damaged records were found: look again past them. Stop when there were none, or
      // when none could be dropped (the log changed under us): looking again would find the same.
      if dropped == 0 { return nil }
    }
  }

  /// Drops what reading found too old or damaged; returns how many regions that finished.
  private func dropWhileReading(aged: [(position: LogPosition, length: Int64)], corrupt: [CorruptRegion], generation: Int) -> Int {
    var finished = 0
    driver.feed { s in
      guard s.machine.generation == generation else { return nil }
      let agedCount = aged.filter { s.log.finish($0.0, length: $0.1) }.count
      var regions = 0
      var bytes = 0
      for region in corrupt
      where s.log.finish(LogPosition(segment: region.segment, offset: region.offset), length: region.length, isRecord: false) {
        regions += 1
        bytes += Int(region.length)
      }
      s.log.advanceHead()
      try? s.log.persistCursor()
      finished = agedCount + regions
      return .readSkipped(aged: agedCount, corruptRegions: regions, corruptBytes: bytes)
    }
    return finished
  }

  // MARK: Sending

  private func send(_ original: PendingBatch) async -> SendResult {
    // Records may have gone while the batch waited (dropped at the cap, purged).
    var batch = original
    driver.state.withLock { s in
      if s.machine.generation != batch.generation { batch.entries = [] }
      batch.entries.removeAll { !s.log.isPending($0.position) }
    }
    if batch.entries.isEmpty { return .next([]) }

    // The gate may have closed while the batch was built: keep the records pending, send nothing.
    guard driver.configuration.shouldSend() else { return .cancelled(batch) }

    var request: HTTPRequest
    do {
      request = try driver.destination.makeRequest(for: batch.batch)
      try request.validateTransportSecurity()
      request.bodyEncoding = driver.configuration.compressesRequestBodies ? driver.destination.requestBodyEncoding(for: batch.batch) : .identity
    } catch {
      let detail = (error as? DeliveryError)?.description ?? "could not build the request: \(error)"
      return apply(.requestFailed(detail), to: batch)
    }

    driver.feed { _ in .requestSent }
    let response: HTTPResponse
    do {
      response = try await driver.transport.deliver(request, for: batch.batch, to: driver.destination)
    } catch let error as DeliveryError {
      return apply(.requestFailed(error.description), to: batch)
    } catch {
      if Task.isCancelled { return .cancelled(batch) }
      return apply(.noAnswer(error), to: batch)
    }

    return apply(
      .outcome(
        driver.destination.classify(response, for: batch.batch), ids: batch.entries.map(\.record.id),
        response: "\(response)", statusCode: response.statusCode),
      to: batch)
  }

  /// Asks the machine what becomes of `batch` after `answer`, and applies it.
  private func apply(_ answer: QueueMachine.BatchAnswer, to batch: PendingBatch) -> SendResult {
    let now = clock.now.instant
    return apply(driver.withState { s in s.ask { $0.resolve(answer, at: now) } }, to: batch)
  }

  /// Applies what the machine decided for `batch` to the log.
  private func apply(_ resolution: BatchResolution, to batch: PendingBatch) -> SendResult {
    func part(_ indices: some Sequence<Int>) -> PendingBatch {
      PendingBatch(entries: indices.map { batch.entries[$0] }, partition: batch.partition, generation: batch.generation)
    }
    switch resolution {
    case .finish(let rejected):
      finish(batch, rejected: rejected)
      return .next([])
    case .drop(let reason, let detail, let folding, _):
      // The destination's refusal was reported by the machine's answer.
      drop(batch.entries, generation: batch.generation, reason: reason, detail: detail, folding: folding)
      return .next([])
    case .dropAndResend(let dropped, let detail, let rest):
      drop(dropped.map { batch.entries[$0] }, generation: batch.generation, reason: .rejected, detail: detail)
      return .next(rest.isEmpty ? [] : [part(rest)])
    case .split(let half):
      return .next([part(0..<half), part(half..<batch.entries.count)])
    case .retry(let serverDelay, let countsAsAttempt, let detail):
      return retry(batch, serverDelay: serverDelay, countsAsAttempt: countsAsAttempt, detail: detail)
    }
  }

  private func finish(_ batch: PendingBatch, rejected: [Int: String]) {
    onLog(batch.generation) { s, now in
      let entries = batch.entries
      let finished = entries.indices.filter { s.log.finish(entries[$0].position, length: entries[$0].length) }
      s.handle(.batchFinished(ids: entries.map(\.record.id), finished: finished, rejected: rejected), at: now)
    }
  }

  /// Drops `entries` and reports it; with `folding`, the report is folded with the others of its reason
  /// (``DeliveryConfiguration/repeatedReportInterval``).
  private func drop(
    _ entries: [PendingBatch.Entry], generation: Int, reason: DropReason, detail: String, folding: Bool = false
  ) {
    onLog(generation) { s, now in
      let count = entries.filter { s.log.finish($0.position, length: $0.length) }.count
      s.handle(.dropped(count: count, reason: reason, detail: detail, folding: folding), at: now)
    }
  }

  /// Counts the attempt on the log; the machine answers which records ran out of attempts (`countAttempts`), and
  /// the others wait for its pause.
  private func retry(_ batch: PendingBatch, serverDelay: Duration?, countsAsAttempt: Bool, detail: String) -> SendResult {
    // The log was replaced: its pause and its records are no longer this batch's.
    let remaining = onLog(batch.generation) { s, now -> PendingBatch? in
      let entries = batch.entries.filter { s.log.isPending($0.position) }
      let attempts = entries.map {
        countsAsAttempt ? s.log.recordAttempt($0.position) : s.log.attemptsSoFar($0.position)
      }
      var kept = entries.indices.map { index -> PendingBatch.Entry? in
        var entry = entries[index]
        let r = entry.record
        entry.record = Record(
          id: r.id, enqueuedAt: r.enqueuedAt, attempts: attempts[index], partition: r.partition, payload: r.payload)
        return entry
      }
      for index in s.ask({ $0.countAttempts(attempts, serverDelay: serverDelay, detail: detail, at: now) }) {
        s.log.finish(entries[index].position, length: entries[index].length)
        kept[index] = nil
      }
      let left = kept.compactMap { $0 }
      return left.isEmpty ? nil : PendingBatch(entries: left, partition: batch.partition, generation: batch.generation)
    }
    return .backoff(remaining ?? nil)
  }

  /// Applies an outcome to the log of `generation` under the lock (nothing once the log was replaced: the
  /// positions may name other records), then moves its head and saves the cursor, a failure to save
  /// reported after what `change` fed the machine.
  @discardableResult
  private func onLog<T>(_ generation: Int, _ change: (inout DriverState, Duration) -> T) -> T? {
    let now = clock.now.instant
    return driver.withState { s -> T? in
      guard s.machine.generation == generation else { return nil }
      let result = change(&s, now)
      s.log.advanceHead()
      do throws(DeliveryError) {
        try s.log.persistCursor()
      } catch {
        s.outbox.append(.report(.storageFailure(destination: driver.name, detail: error.description)))
      }
      return result
    }
  }
}
