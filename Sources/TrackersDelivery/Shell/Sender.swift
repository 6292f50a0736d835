import Foundation

/// The driver's one task per queue: reads pending records from disk and sends them, as many requests at
/// once as the machine allows (`mayStartRequest`), asking the machine each step (`.look`).
final class Sender {
  private let driver: QueueDriver
  /// The log's reading side, kept across reads for its open segment files.
  private let reader: SegmentLog.Reader
  /// Batches split or kept for a retry, to send before anything read after them: the next on top.
  private var carry: [PendingBatch] = []
  /// The log generation the caches above were read from (see `QueueMachine.generation`).
  private var generation = 0

  init(driver: QueueDriver) {
    self.driver = driver
    reader = SegmentLog.Reader(limits: driver.limits)
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
      let flushesBeforeGate = driver.state.withLock { $0.machine.flushesReceived }
      let maySend = driver.configuration.shouldSend()  // outside the lock: it may take the consent store's lock
      let readGeneration = generation
      let step = driver.feed(self) { s in
        .look(
          .init(
            maySend: maySend, flushesBeforeGate: flushesBeforeGate, hasCarry: hasCarry, readGeneration: readGeneration, pendingEvents: s.log.pendingEvents,
            pendingBytes: s.log.pendingBytes,
            logEnd: s.log.readPlan().segments.last.map { LogPosition(segment: $0.number, offset: $0.size) } ?? s.log.writerEnd,
            writerEnd: s.log.writerEnd))
      }
      if await perform(step) { break }
    }
    exit()
  }

  /// The loop ended: what memory holds (records kept while the directory could not be opened, a
  /// memory-only log) has nowhere to go, and the machine counts it lost.
  private func exit() {
    driver.feed { s in
      let (kept, memory) = (s.machine.takeKept().frames.count, s.log.discardMemory())
      s.saveCursor(at: driver.clock.now.instant, after: "the sending task ended")
      return .senderEnded(lostKept: kept, lostFromMemory: memory)
    }
    driver.stopObservingProtectedData()
  }

  /// Does the step the machine answered the loop (`QueueDriver.run` ran the effects after the lock): a
  /// wait, a drain, taking what other processes handed over, or trying the directory (outside the lock:
  /// opening scans the log), whose outcome the machine answers with the next step; `modeChanged` and no
  /// step look again. Returns whether the loop ends (`exit`).
  private func perform(_ step: QueueMachine.LoopStep?) async -> Bool {
    switch step {
    case nil, .modeChanged?:
      return false
    case .exit?:
      return true
    case .takeHandedOver?:
      driver.takeHandedOverSegments(scanner: reader.scanner)
      return false
    case .openStorage?:
      // Opened or not, the machine's `.storageIdle` says what the loop does next.
      _ = driver.open(.late)
      return await perform(driver.feed(self) { _ in .storageIdle })
    case .probeSenderLock?:
      let free = driver.open(.takeOver)
      return await perform(driver.feed(self) { _ in .senderLock(free: free) })
    case .wait(let timeout)?:
      await driver.clock.wait(on: driver.wakeup, timeout: timeout)
      return false
    case .drain(var target, let takingHandedOver)?:
      if takingHandedOver {
        let taken = driver.takeHandedOverSegments(scanner: reader.scanner)
        target = driver.state.withLock { [target] in
          $0.machine.drainTarget(target, tookHandedOver: taken, writerEnd: $0.log.writerEnd)
        }
      }
      let (tookBatches, reachedTarget) = await drain(upTo: target)
      return await perform(
        driver.feed(self) {
          .drainEnded(tookBatches: tookBatches, reachedTarget: reachedTarget, pendingEvents: $0.log.pendingEvents)
        })
    }
  }

  /// Sends batches until everything before `target` is done, the destination asks for a pause, or the
  /// task is cancelled, up to `mayStartRequest`'s count at once; answers are applied here, one at a time.
  /// Returns whether it took any batch to send and whether it stopped at one read past `target` (what
  /// counts as progress is the machine's, `.drainEnded`).
  private func drain(upTo target: LogPosition) async -> (tookBatches: Bool, reachedTarget: Bool) {
    var tookBatches = false
    var stop = false
    await withTaskGroup(of: (Int, QueueMachine.BatchAnswer).self) { group in
      var out: [Int: PendingBatch] = [:]
      var nextID = 0
      while true {
        // Stops when the log is let go of or replaced (the target belongs to the old one) or paused.
        while !stop, !Task.isCancelled,
          driver.state.withLock({ [generation, n = out.count] in $0.machine.mayStartRequest(inFlight: n, readGeneration: generation) }),
          let batch = nextBatch(besides: out.values, before: target, reachedTarget: &stop)
        {
          tookBatches = true
          guard let (ready, request) = prepare(batch) else { continue }
          driver.feed { _ in .requestSent }
          nextID += 1
          out[nextID] = ready
          group.addTask { [id = nextID, transport = driver.transport, destination = driver.destination, clock = driver.clock] in
            do {
              let response = try await transport.deliver(request, for: ready.batch, to: destination).received(at: clock.now.date)
              let outcome = destination.classify(response, for: ready.batch)
              return (id, .outcome(outcome, ids: ready.entries.map(\.record.id), response: response))
            } catch {
              return (id, QueueMachine.BatchAnswer(deliveryThrew: error, cancelled: Task.isCancelled))
            }
          }
        }
        guard !out.isEmpty, let (id, ended) = await group.next(), let batch = out.removeValue(forKey: id) else { break }
        answer(ended, to: batch)
      }
    }
    return (tookBatches, stop)
  }

  /// The next batch to send besides those `out`, as the machine chooses (`nextBatch`): one that waits to go
  /// again, or the next read before `target` (`reachedTarget` once one starts after it).
  private func nextBatch(
    besides out: Dictionary<Int, PendingBatch>.Values, before target: LogPosition, reachedTarget: inout Bool
  ) -> PendingBatch? {
    let busy: Set<String>
    switch driver.state.withLock({ [carry] in $0.machine.nextBatch(carry: carry.map(\.partition), out: out.map(\.partition)) }) {
    case .wait: return nil
    case .again(let index): return carry.remove(at: index)
    case .read(let partitions): busy = partitions
    }
    var claimed: [LogPosition: Int64] = [:]
    claimed.reserveCapacity(carry.reduce(0) { $0 + $1.entries.count } + out.reduce(0) { $0 + $1.entries.count })
    for batch in [carry, Array(out)].joined() { for entry in batch.entries { claimed[entry.position] = entry.length } }
    guard let built = buildBatch(claimed: claimed, busyPartitions: busy) else { return nil }
    let now = driver.clock.now.instant
    let read = driver.state.withLock { [claimed = claimed.count, claimedBytes = claimed.values.reduce(0, +)] in
      $0.machine.read(
        partition: built.partition, startingAt: built.entries[0].position, target: target,
        unsent: .init(events: $0.log.pendingEvents - claimed, bytes: $0.log.pendingBytes - claimedBytes), at: now)
    }
    switch read {
    case .send: return built
    case .pastTarget:
      reachedTarget = true
      return nil
    }
  }

  // MARK: Building batches

  /// Reads the next batch from disk, outside the lock (see `SegmentLog.Reader`), dropping under the lock
  /// what the read found too old or damaged.
  private func buildBatch(claimed: [LogPosition: Int64], busyPartitions: Set<String>) -> PendingBatch? {
    let limits = driver.limits
    while true {
      let now = driver.clock.now.date
      let read = driver.state.withLock { s in
        let olderThan = s.machine.ageCut(now: now)
        // A log let go of is no longer this queue's to read. One in memory is read here, under the lock.
        return s.machine.relinquished || s.log.isClosed
          ? nil
          : (olderThan, s.log.readPlan(), s.log.attempts, s.machine.generation, s.log.memory == nil ? nil : s.log.readMemoryBatch(
            attempts: s.log.attempts, limits: limits, olderThan: olderThan, claimed: claimed, busyPartitions: busyPartitions))
      }
      guard let (olderThan, plan, attempts, generation, inMemory) = read else { return nil }
      let found = inMemory ?? reader.readBatch(
        plan, attempts: attempts, limits: limits, olderThan: olderThan, claimed: claimed,
        busyPartitions: busyPartitions)
      let dropped =
        found.aged.isEmpty && found.corrupt.isEmpty
        ? 0 : dropWhileReading(aged: found.aged, corrupt: found.corrupt, generation: generation)
      if let partition = found.partition, !found.entries.isEmpty {
        return PendingBatch(entries: found.entries, partition: partition, generation: generation)
      }
      // Only dropped or damaged records were found: the machine says whether to look again past them.
      guard QueueMachine.readsAgain(afterDropping: dropped) else { return nil }
    }
  }

  /// Drops what reading found too old or damaged; returns how many regions that finished.
  private func dropWhileReading(aged: [(position: LogPosition, length: Int64)], corrupt: [CorruptRegion], generation: Int) -> Int {
    var finished = 0
    driver.feed { s in
      guard s.machine.dropsWhatAReadFound(readGeneration: generation) else { return nil }
      let agedCount = aged.filter { s.log.finish($0.0, length: $0.1) }.count
      var regions = 0
      var bytes = 0
      for region in corrupt
      where s.log.finish(LogPosition(segment: region.segment, offset: region.offset), length: region.length, isRecord: false) {
        regions += 1
        bytes += Int(region.length)
      }
      s.log.advanceHead()
      s.saveCursor(at: driver.clock.now.instant, after: "dropping what reading found too old or damaged")
      finished = agedCount + regions
      return .readSkipped(aged: agedCount, corruptRegions: regions, corruptBytes: bytes)
    }
    return finished
  }

  // MARK: Sending

  /// The batch's records still pending (some may have gone while it waited: dropped at the cap, purged)
  /// and its request; `nil` if none is left. A request that can't be made, or that the send gate closed
  /// on while the batch was built, is answered here.
  private func prepare(_ original: PendingBatch) -> (PendingBatch, HTTPRequest)? {
    var batch = original
    let maySend = driver.configuration.shouldSend()  // outside the lock: it may take the consent store's lock
    let preparation = driver.state.withLock { s in
      s.machine.prepare(
        batchGeneration: batch.generation, isPending: batch.entries.map { s.log.isPending($0.position) }, maySend: maySend)
    }
    switch preparation {
    case .nothingLeft:
      return nil
    case .withhold(let pending):
      batch.entries = pending.map { batch.entries[$0] }
      answer(.withheld, to: batch)
      return nil
    case .send(let pending):
      batch.entries = pending.map { batch.entries[$0] }
    }
    do {
      return (batch, try driver.destination.queuedRequest(for: batch.batch, compressing: driver.configuration.compressesRequestBodies))
    } catch {
      answer(QueueMachine.BatchAnswer(requestNotBuilt: error), to: batch)
      return nil
    }
  }

  /// Feeds the machine `answer` to `batch`'s request; the log's part is done under the lock
  /// (`DriverState.answer`), and what goes again waits on top of the carry, first part first.
  private func answer(_ answer: QueueMachine.BatchAnswer, to batch: PendingBatch) {
    let now = driver.clock.now.instant
    carry.append(contentsOf: driver.withState { $0.answer(answer, for: batch, at: now) }.reversed())
  }
}
