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
  /// The log generation the positions belong to (see `QueueState.generation`): once the log is replaced,
  /// they may name other records, and the batch's outcome is not applied.
  var generation = 0

  var batch: Batch { Batch(records: entries.map(\.record), partition: partition) }
}

/// The one task per queue that reads pending records from disk and sends them, one request at a time.
final class Sender {
  enum Step {
    case exit
    /// The queue let go of the directory: the sender's loop ends.
    case modeChanged
    /// `relinquishDirectory` waits: let go now, between two requests.
    case relinquish
    case wait(Duration?)
    /// Send up to `target`, then release `flushWaiters`: the `flush()` calls made before `target` was read.
    case drain(target: LogPosition, flushWaiters: [CheckedContinuation<Void, Never>])
  }

  enum SendResult {
    case next([PendingBatch])
    case backoff(PendingBatch?)
    case cancelled(PendingBatch)
  }

  private let core: QueueCore
  /// The log's reading side, kept across reads for its open segment files.
  private let reader: SegmentLog.Reader
  private var carry: [PendingBatch] = []
  /// The log generation the caches above were read from (see `QueueState.generation`).
  private var generation = 0
  private let clock: any QueueClock
  private var random: any QueueRandom

  init(core: QueueCore) {
    self.core = core
    clock = core.clock
    random = core.random
    reader = SegmentLog.Reader(limits: core.limits)
  }

  /// Forgets what was read from a log since let go of or replaced: its open segments and the batches
  /// read ahead, whose positions may name other records in the next one.
  private func dropReadAhead() {
    reader.forget()
    carry = []
  }

  /// How one of the loops below ended.
  enum Outcome {
    /// The queue is closing (or the task was cancelled).
    case exit
    /// The queue's part changed (writer to sender, let go of or taken back): run the loop of the new one.
    case modeChanged
  }

  func run() async {
    while true {
      let outcome: Outcome
      switch core.state.withLock({ Roles.loop($0.roleFacts) }) {
      case .waitForStorage: outcome = await waitForStorage()
      case .waitWhileRelinquished: outcome = await waitWhileRelinquished()
      case .handOver: outcome = await handOverUntilSending()
      case .send: outcome = await sendUntilModeChanges()
      }
      if outcome == .exit {
        exit()
        return
      }
    }
  }

  /// While the queue's directory can't be opened (see `QueueState.unopened`): tries again when the
  /// back-off is up, when asked (`flush()`, `reclaimDirectory()`, protected data available, an enqueue past
  /// the back-off) and once more when closing; answers `flush()` at once while nothing can be sent.
  /// Nothing while the queue has let go of its directory: no lock may be taken then.
  private func waitForStorage() async -> Outcome {
    dropReadAhead()
    while !Task.isCancelled {
      let look = core.state.withLock { s -> (waiting: Bool, attempt: Bool, closing: Bool) in
        guard let unopened = s.unopened else { return (false, false, s.closing) }
        let due = unopened.attemptRequested || !s.flushWaiters.isEmpty || s.closing || unopened.nextAttempt <= clock.now.instant
        return (true, due && !s.relinquished, s.closing)
      }
      if !look.waiting { return .modeChanged }
      // Opened: the flush() calls waiting are the sender's to answer, after sending.
      if look.attempt, core.openUnopenedStorage() { return .modeChanged }
      let (waiters, wait) = core.state.withLock { s -> ([CheckedContinuation<Void, Never>], Duration?) in
        defer {
          s.flushWaiters = []
          s.flushRequested = false
        }
        let wait = s.relinquished ? nil : s.unopened.map { max(.zero, $0.nextAttempt - clock.now.instant) }
        return (s.flushWaiters, wait)
      }
      for waiter in waiters { waiter.resume() }
      if look.closing { return .exit }
      await clock.wait(on: core.wakeup, timeout: wait)
    }
    return .exit
  }

  /// While the queue has let go of the directory: sends nothing, answers `flush()` at once, and waits to
  /// take the directory back or to close. What it kept of the old log (open segments, batches read ahead)
  /// is dropped: the next log may be another process's doing.
  private func waitWhileRelinquished() async -> Outcome {
    dropReadAhead()
    while !Task.isCancelled {
      let (relinquished, closing, waiters) = core.state.withLock { s in
        // Taken back: the flush() calls waiting are the next loop's to answer, after sending.
        guard s.relinquished else { return (false, s.closing, [CheckedContinuation<Void, Never>]()) }
        defer {
          s.flushWaiters = []
          s.flushRequested = false
        }
        return (true, s.closing, s.flushWaiters)
      }
      for waiter in waiters { waiter.resume() }
      if closing { return .exit }
      if !relinquished { return .modeChanged }
      await clock.wait(on: core.wakeup, timeout: nil)
    }
    return .exit
  }

  /// The sender's loop: reads what is pending, sends it, takes what other processes hand over.
  private func sendUntilModeChanges() async -> Outcome {
    let handoverInterval = core.configuration.handoverInterval
    var nextHandoverLook = clock.now.instant
    while true {
      if clock.now.instant >= nextHandoverLook {
        core.takeHandedOverSegments(scanner: reader.scanner)
        nextHandoverLook = clock.now.instant + handoverInterval
      }
      var waiters: [CheckedContinuation<Void, Never>] = []
      let step = nextStep(&waiters)
      for waiter in waiters { waiter.resume() }
      switch step {
      case .exit:
        return .exit
      case .modeChanged:
        return .modeChanged
      case .relinquish:
        // Between two requests: the last one's outcome is saved, nothing is in flight.
        core.relinquishNow()
        return .modeChanged
      case .wait(let timeout):
        // Idle or not, look again for what other processes hand over when the interval is up.
        let untilLook = max(.zero, nextHandoverLook - clock.now.instant)
        await clock.wait(on: core.wakeup, timeout: min(timeout ?? untilLook, untilLook))
      case .drain(var target, let flushWaiters):
        // flush() sends what other processes sealed before it too.
        if !flushWaiters.isEmpty, core.takeHandedOverSegments(scanner: reader.scanner) > 0 {
          target = core.state.withLock { $0.log.writerEnd }
        }
        var drainWaiters = flushWaiters
        let progressed = await drain(upTo: target)
        let stalled = core.state.withLock { s -> Bool in
          s.pendingSince = s.log.pendingEvents > 0 ? clock.now.instant : nil
          if s.pace.backoffUntil != nil {
            // The destination asked for a pause: flush() does not wait through it.
            drainWaiters += s.flushWaiters
            s.flushWaiters = []
            s.flushRequested = false
          }
          return !progressed && s.pace.backoffUntil == nil && s.log.pendingEvents > 0
        }
        for waiter in drainWaiters { waiter.resume() }
        if stalled {
          // Records are counted pending but none could be read (a segment vanished under us): wait for
          // new work instead of spinning; close still ends the loop.
          if core.state.withLock({ $0.closing }) { return .exit }
          await clock.wait(on: core.wakeup, timeout: core.limits.flushInterval)
        }
      }
    }
  }

  /// While another process sends for the directory: seals what this one wrote every interval (and on
  /// `flush()`) so the sender takes it, and takes over sending once the sender has gone.
  private func handOverUntilSending() async -> Outcome {
    while !Task.isCancelled {
      // Taken before sealing: every flush() answered below made its request before the seal.
      let (closing, relinquished, waiters) = core.state.withLock { s in
        defer {
          s.flushWaiters = []
          s.flushRequested = false
        }
        return (s.closing, s.relinquished, s.flushWaiters)
      }
      if relinquished || core.takeOverSendingIfFree() {
        // The next loop answers them: the sender's after sending.
        core.state.withLock { s in
          s.flushWaiters = waiters + s.flushWaiters
          s.flushRequested = s.flushRequested || !waiters.isEmpty
        }
        return .modeChanged
      }
      core.sealForHandover()
      for waiter in waiters { waiter.resume() }
      if closing { return .exit }
      await clock.wait(on: core.wakeup, timeout: core.configuration.handoverInterval)
    }
    return .exit
  }

  private func exit() {
    core.dropUnopened()
    core.emitFoldedReports()
    let waiters = core.state.withLock { s in
      s.senderGone = true
      s.senderWait = nil
      try? s.log.persistCursor()
      defer { s.flushWaiters = [] }
      return s.flushWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Decides what to do next (`Batching.next`) from the shared state, and applies the decision to it,
  /// under the lock.
  private func nextStep(_ waiters: inout [CheckedContinuation<Void, Never>]) -> Step {
    if Task.isCancelled { return .exit }
    let hasCarry = !carry.isEmpty
    let maySend = core.configuration.shouldSend()  // outside the lock: it may take the consent store's lock
    let now = clock.now.instant
    var logReplaced = false
    defer {
      if logReplaced { dropReadAhead() }
    }
    return core.state.withLock { s -> Step in
      let facts = Batching.Facts(
        now: now, relinquished: s.relinquished, relinquishRequested: !s.relinquishWaiters.isEmpty, hasCarry: hasCarry,
        logReplaced: s.generation != generation, backoffUntil: s.pace.backoffUntil, closing: s.closing,
        closeDeadline: s.closeDeadline, maySend: maySend, pendingEvents: s.log.pendingEvents,
        pendingBytes: s.log.pendingBytes, pendingSince: s.pendingSince, flushRequested: s.flushRequested,
        flushWaiting: !s.flushWaiters.isEmpty)
      let decision = Batching.next(facts, limits: core.limits)
      if decision.step != .modeChanged && decision.step != .relinquish && facts.logReplaced {
        generation = s.generation
        logReplaced = true
      }
      if decision.clearsBackoff { s.pace.backoffUntil = nil }
      if decision.clearsPendingSince { s.pendingSince = nil }
      if case .set(let wait) = decision.senderWait { s.senderWait = wait }
      var flushWaiters: [CheckedContinuation<Void, Never>] = []
      switch decision.flush {
      case .keep:
        break
      case .answer:
        waiters += s.flushWaiters
      case .afterDrain:
        flushWaiters = s.flushWaiters
      }
      if decision.flush != .keep {
        s.flushWaiters = []
        s.flushRequested = false
      }
      switch decision.step {
      case .exit: return .exit
      case .modeChanged: return .modeChanged
      case .relinquish: return .relinquish
      case .wait(let timeout): return .wait(timeout)
      case .drain(let includingHandedOver):
        // Taken with the target, under one lock: a flush() that comes after this waits for the next drain,
        // which reaches what was enqueued before it.
        let end = s.log.readPlan().segments.last.map { LogPosition(segment: $0.number, offset: $0.size) }
        return .drain(target: includingHandedOver ? s.log.writerEnd : end ?? s.log.writerEnd, flushWaiters: flushWaiters)
      }
    }
  }

  /// Sends batches until everything before `target` is done, the destination asks for a pause, or the
  /// task is cancelled.
  /// Returns whether anything was sent or dropped.
  private func drain(upTo target: LogPosition) async -> Bool {
    var progressed = false
    // Stops when the log is let go of or replaced: the target belongs to the old one.
    while !Task.isCancelled,
      core.state.withLock({ !$0.relinquished && $0.relinquishWaiters.isEmpty && $0.generation == generation })
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
    let limits = core.limits
    let maxAge = QueueBackoff.seconds(core.configuration.maxAge)
    while true {
      let read = core.state.withLock { s in
        // A log let go of is no longer this queue's to read.
        s.relinquished || s.log.isClosed ? nil : (s.log.readPlan(), s.log.attempts, s.generation)
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
    var reports: [DeliveryReport] = []
    let name = core.name
    let finished = core.state.withLock { s -> Int in
      guard s.generation == generation else { return 0 }
      let agedCount = aged.filter { s.log.finish($0.0, length: $0.1) }.count
      if agedCount > 0 {
        s.counters.dropped[.maxAge, default: 0] += agedCount
        reports.append(
          .dropped(destination: name, count: agedCount, reason: .maxAge, detail: "older than \(core.configuration.maxAge)"))
      }
      var regions = 0
      var bytes = 0
      for region in corrupt
      where s.log.finish(LogPosition(segment: region.segment, offset: region.offset), length: region.length, isRecord: false) {
        regions += 1
        bytes += Int(region.length)
      }
      if regions > 0 {
        s.counters.dropped[.corrupt, default: 0] += regions
        s.counters.corruptBytes += bytes
        reports.append(
          .corruptDataSkipped(destination: name, regions: regions, bytes: bytes, detail: "damage found while reading"))
      }
      s.log.advanceHead()
      try? s.log.persistCursor()
      return agedCount + regions
    }
    core.emit(reports)
    return finished
  }

  // MARK: Sending

  private func send(_ original: PendingBatch) async -> SendResult {
    // Records may have gone while the batch waited (dropped at the cap, purged).
    var batch = original
    core.state.withLock { s in
      if s.generation != batch.generation { batch.entries = [] }
      batch.entries.removeAll { !s.log.isPending($0.position) }
    }
    if batch.entries.isEmpty { return .next([]) }

    // The gate may have closed while the batch was built: keep the records pending, send nothing.
    guard core.configuration.shouldSend() else { return .cancelled(batch) }

    let request: HTTPRequest
    do {
      request = try core.destination.makeRequest(for: batch.batch)
      try request.validateTransportSecurity()
    } catch {
      let detail = (error as? DeliveryError)?.description ?? "could not build the request: \(error)"
      return apply(Outcomes.requestFailed(detail), to: batch)
    }

    core.state.withLock { $0.counters.requests += 1 }
    let response: HTTPResponse
    do {
      response = try await core.transport.send(request)
    } catch let error as DeliveryError {
      return apply(Outcomes.requestFailed(error.description), to: batch)
    } catch {
      if Task.isCancelled { return .cancelled(batch) }
      return apply(Outcomes.networkFailed(error, rules: core.configuration), to: batch)
    }

    let resolution = Outcomes.resolve(
      core.destination.classify(response, for: batch.batch), ids: batch.entries.map(\.record.id),
      response: "\(response)", statusCode: response.statusCode, destination: core.name)
    return apply(resolution, to: batch)
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
    case .drop(let reason, let detail, let folding, let permanentFailure):
      if let permanentFailure {
        core.emit([.permanentFailure(destination: core.name, statusCode: permanentFailure.statusCode, detail: permanentFailure.detail)])
      }
      drop(batch.entries, generation: batch.generation, reason: reason, detail: detail, folding: folding)
      return .next([])
    case .dropAndResend(let dropped, let detail, let rest):
      drop(dropped.map { batch.entries[$0] }, generation: batch.generation, reason: .rejected, detail: detail)
      return .next(rest.isEmpty ? [] : [part(rest)])
    case .split(let half):
      core.state.withLock { $0.pace.answered() }
      return .next([part(0..<half), part(half..<batch.entries.count)])
    case .retry(let serverDelay, let countsAsAttempt, let detail):
      return retry(batch, serverDelay: serverDelay, countsAsAttempt: countsAsAttempt, detail: detail)
    }
  }

  private func finish(_ batch: PendingBatch, rejected: [Int: String]) {
    var reports: [DeliveryReport] = []
    let name = core.name
    core.state.withLock { s in
      guard s.generation == batch.generation else { return }
      s.pace.answered()
      var delivered = 0
      var droppedCount = 0
      var reasons: [String] = []
      for (index, entry) in batch.entries.enumerated() {
        guard s.log.finish(entry.position, length: entry.length) else { continue }
        if let reason = rejected[index] {
          droppedCount += 1
          if reasons.count < 10 { reasons.append("#\(index) \(entry.record.id): \(reason)") }
        } else {
          delivered += 1
        }
      }
      if let report = Outcomes.countFinished(
        delivered: delivered, rejected: droppedCount, reasons: reasons, destination: name, counters: &s.counters)
      {
        reports.append(report)
      }
      s.log.advanceHead()
      persist(&s, &reports)
    }
    core.emit(reports)
  }

  /// Drops `entries` and reports it; with `folding`, the report is folded with the others of its reason
  /// (``DeliveryConfiguration/repeatedReportInterval``).
  private func drop(
    _ entries: [PendingBatch.Entry], generation: Int, reason: DropReason, detail: String, folding: Bool = false
  ) {
    var reports: [DeliveryReport] = []
    var dropReport: DeliveryReport?
    let name = core.name
    core.state.withLock { s in
      guard s.generation == generation else { return }
      let count = entries.filter { s.log.finish($0.position, length: $0.length) }.count
      dropReport = Outcomes.countDropped(count, reason: reason, detail: detail, destination: name, counters: &s.counters)
      s.log.advanceHead()
      persist(&s, &reports)
    }
    if let dropReport {
      if folding { core.emitFolding(dropReport) } else { core.emit([dropReport]) }
    }
    core.emit(reports)
  }

  private func retry(_ batch: PendingBatch, serverDelay: Duration?, countsAsAttempt: Bool, detail: String) -> SendResult {
    var reports: [DeliveryReport] = []
    let name = core.name
    let configuration = core.configuration
    let now = clock.now.instant
    let remaining = core.state.withLock { s -> PendingBatch? in
      guard s.generation == batch.generation else { return nil }
      let delay = s.pace.failed(serverDelay: serverDelay, at: now, rules: configuration.backoff, random: &random)
      let entries = batch.entries.filter { s.log.isPending($0.position) }
      let attempts = entries.map {
        countsAsAttempt ? s.log.recordAttempt($0.position) : s.log.attemptsSoFar($0.position)
      }
      let (keptIndices, exhausted) = Outcomes.afterRetry(attempts: attempts, maxAttempts: configuration.maxAttempts)
      for index in exhausted { s.log.finish(entries[index].position, length: entries[index].length) }
      let kept = keptIndices.map { index -> PendingBatch.Entry in
        var entry = entries[index]
        let r = entry.record
        entry.record = Record(
          id: r.id, enqueuedAt: r.enqueuedAt, attempts: attempts[index], partition: r.partition, payload: r.payload)
        return entry
      }
      reports += Outcomes.countRetry(
        kept: kept.count, exhausted: exhausted.count, delay: delay, detail: detail,
        maxAttempts: configuration.maxAttempts, destination: name, counters: &s.counters)
      s.log.advanceHead()
      persist(&s, &reports)
      return kept.isEmpty ? nil : PendingBatch(entries: kept, partition: batch.partition, generation: batch.generation)
    }
    core.emit(reports)
    return .backoff(remaining)
  }

  private func persist(_ s: inout QueueState, _ reports: inout [DeliveryReport]) {
    do {
      try s.log.persistCursor()
    } catch {
      reports.append(.storageFailure(destination: core.name, detail: error.description))
    }
  }
}
