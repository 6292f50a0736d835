import Foundation
import Trackers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The mutable state of one queue, always accessed under `QueueCore.state`'s lock.
struct QueueState {
  enum SenderWait {
    /// Nothing pending: any enqueue wakes the sender so it can start the interval timer.
    case idle
    /// Waiting for the interval: only a full batch wakes it early.
    case interval
  }

  var log: SegmentLog
  var counters = DeliveryCounters()
  var closing = false
  var closed = false
  var senderGone = false
  var closeDeadline: ContinuousClock.Instant?
  var senderWait: SenderWait?
  var pendingSince: ContinuousClock.Instant?
  var flushRequested = false
  var flushWaiters: [CheckedContinuation<Void, Never>] = []
  var backoffUntil: ContinuousClock.Instant?
  var consecutiveFailures = 0
  /// The `flock`ed file that keeps other queues out of the directory; -1 once released by `close`.
  var lockFD: Int32 = -1

  /// Closes the log and lets another queue open the directory.
  mutating func release() {
    guard !closed else { return }
    try? log.persistCursor()
    log.closeFiles()
    closed = true
    if lockFD >= 0 {
      _ = close(lockFD)
      QueueDirectories.closed(log.directory)
    }
    lockFD = -1
  }
}

/// The queue directories this process holds the lock of, to tell "another queue in this process" from
/// "another process" when a lock is taken.
enum QueueDirectories {
  private static let open = LockIsolated<[String: Int]>([:])

  static func opened(_ directory: String) { open.withLock { $0[directory, default: 0] += 1 } }

  static func closed(_ directory: String) {
    open.withLock { open in
      open[directory, default: 1] -= 1
      if open[directory] == 0 { open[directory] = nil }
    }
  }

  static func isOpen(_ directory: String) -> Bool { open.withLock { $0[directory] != nil } }
}

/// Everything the public `DeliveryQueue` and its sender task share.
final class QueueCore: Sendable {
  let name: String
  let destination: any DeliveryDestination
  let limits: BatchLimits
  let configuration: DeliveryConfiguration
  let transport: any HTTPTransport
  let onReport: (@Sendable (DeliveryReport) -> Void)?
  let state: LockIsolated<QueueState>
  /// The pending cap's drops and refusals, one report per cause and interval instead of one per event.
  let repeatedDrops: RepeatedReports<DropReason>
  let wakeup = Wakeup()

  init(
    destination: any DeliveryDestination,
    configuration: DeliveryConfiguration,
    transport: any HTTPTransport,
    onReport: (@Sendable (DeliveryReport) -> Void)?
  ) throws(DeliveryError) {
    name = destination.name
    self.destination = destination
    limits = destination.limits
    self.configuration = configuration
    self.transport = transport
    self.onReport = onReport
    self.repeatedDrops = RepeatedReports(interval: configuration.repeatedReportInterval)

    let directory = configuration.directory.path
    try POSIXFile.makeDirectory(directory)
    // One queue per directory, across processes too; the kernel releases the lock if we are killed.
    let lockPath = directory + "/lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storage(operation: "open", path: lockPath, errno: errno) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      // The lock is the kernel's, per process and file: only this process's registry tells whose it is.
      throw QueueDirectories.isOpen(directory) ? .directoryInUse(directory) : .directoryInUseByAnotherProcess(directory)
    }
    QueueDirectories.opened(directory)
    let log: SegmentLog
    do {
      log = try SegmentLog(directory: directory, segmentMaxBytes: Int64(configuration.segmentMaxBytes))
    } catch {
      close(fd)
      QueueDirectories.closed(directory)
      throw error
    }
    var initial = QueueState(log: log)
    initial.lockFD = fd
    initial.counters.recovered = log.recoveredEvents
    if log.pendingEvents > 0 { initial.pendingSince = .now }
    var reports: [DeliveryReport] = []
    if !log.corruptRegions.isEmpty {
      let bytes = log.corruptRegions.reduce(0) { $0 + Int($1.length) }
      initial.counters.dropped[.corrupt, default: 0] += log.corruptRegions.count
      initial.counters.corruptBytes += bytes
      let where_ = log.corruptRegions.prefix(5).map { "\(SegmentLog.segmentFileName($0.segment))@\($0.offset)+\($0.length)" }
      reports.append(
        .corruptDataSkipped(
          destination: name, regions: log.corruptRegions.count, bytes: bytes,
          detail: where_.joined(separator: ", ") + (log.corruptRegions.count > 5 ? ", ..." : "")))
      try? log.persistCursor()
    }
    state = LockIsolated(initial)
    emit(reports)
  }

  deinit {
    state.withLock { $0.release() }
  }

  func emit(_ reports: [DeliveryReport]) {
    for report in reports {
      if let onReport {
        onReport(report)
      } else if report.isFailure {
        // No handler: a drop must still be loud.
        FileHandle.standardError.write(Data("TrackersDelivery: \(report.description)\n".utf8))
      }
    }
  }

  // MARK: Enqueue

  func enqueue(_ payload: [UInt8], id: RecordID, partition: String) throws(DeliveryError) -> RecordID {
    guard payload.count + 1 <= limits.maxBytes else {
      throw .payloadTooLarge(size: payload.count, maxBytes: limits.maxBytes, destination: name)
    }
    let enqueuedAt = Date()
    let frameSize = RecordFrame.encodedSize(
      payloadCount: payload.count, partitionCount: min(partition.utf8.count, Int(UInt16.max)))
    let cap = Int64(configuration.maxPendingBytes)
    var report: DeliveryReport?
    var failure: DeliveryError?
    var wake = false
    state.withLock { s in
      guard !s.closing else {
        failure = .closed
        return
      }
      let needed = Int64(frameSize)
      if s.log.pendingBytes + needed > cap {
        switch configuration.overflowPolicy {
        case .refuseNew:
          s.counters.dropped[.refused, default: 0] += 1
          report = .dropped(
            destination: name, count: 1, reason: .refused,
            detail: "queue full (\(s.log.pendingBytes) of \(cap) bytes pending), record \(id) refused")
          failure = .queueFull(pendingBytes: Int(s.log.pendingBytes), maxPendingBytes: Int(cap))
          return
        case .dropOldest:
          let dropped = s.log.dropOldest(toFit: needed, cap: cap)
          if dropped > 0 {
            s.counters.dropped[.overflow, default: 0] += dropped
            report = .dropped(
              destination: name, count: dropped, reason: .overflow,
              detail: "oldest records dropped to stay under \(cap) pending bytes")
          }
          if s.log.pendingBytes + needed > cap {
            failure = .queueFull(pendingBytes: Int(s.log.pendingBytes), maxPendingBytes: Int(cap))
            return
          }
        }
      }
      do throws(DeliveryError) {
        try s.log.append(size: frameSize) { frame in
          RecordFrame.encode(into: frame, id: id, enqueuedAt: enqueuedAt, partition: partition, payload: payload)
        }
      } catch {
        failure = error
        return
      }
      s.counters.enqueued += 1
      if s.pendingSince == nil { s.pendingSince = .now }
      switch s.senderWait {
      case .idle?:
        wake = true
      case .interval?:
        wake = s.log.pendingEvents >= limits.maxEvents || s.log.pendingBytes >= Int64(limits.maxBytes)
      case nil:
        break
      }
      if wake { s.senderWait = nil }
    }
    if let report { emitFolding(report) }
    if wake { wakeup.signal() }
    if let failure { throw failure }
    return id
  }

  /// Emits a drop report of the pending cap unless it repeats one sent within the interval; a folded one
  /// goes out later, summed, with the first report after the interval or at close.
  private func emitFolding(_ report: DeliveryReport) {
    guard case let .dropped(_, count, reason, _) = report else { return emit([report]) }
    switch repeatedDrops.admit(reason, weight: count) {
    case .fold:
      return
    case .send:
      emit([report])
    case let .sendAfter(folded):
      emit([foldedReport(folded), report])
    }
  }

  /// Emits what was folded and not yet reported: when the queue closes, so the reports add up to the
  /// counters.
  func emitFoldedReports() {
    emit(repeatedDrops.drain().map(foldedReport))
  }

  private func foldedReport(_ folded: RepeatedReports<DropReason>.Folded) -> DeliveryReport {
    .dropped(
      destination: name, count: folded.weight, reason: folded.cause,
      detail: "\(folded.reports) more report\(folded.reports == 1 ? "" : "s") like the last one \(RepeatedReports<DropReason>.since(folded.since)), "
        + "folded into this one (the counters have each event)")
  }

  // MARK: Reading state

  var counters: DeliveryCounters {
    state.withLock { s in
      var counters = s.counters
      counters.pendingEvents = s.log.pendingEvents
      counters.pendingBytes = Int(s.log.pendingBytes)
      return counters
    }
  }

  func purge() throws(DeliveryError) {
    var report: DeliveryReport?
    let result: Result<Void, DeliveryError> = state.withLock { s in
      do throws(DeliveryError) {
        let removed = try s.log.purge()
        s.pendingSince = nil
        s.backoffUntil = nil
        s.consecutiveFailures = 0
        if removed > 0 {
          s.counters.dropped[.purged, default: 0] += removed
          report = .dropped(destination: name, count: removed, reason: .purged, detail: "purge() deleted every pending record")
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    if let report { emit([report]) }
    try result.get()
  }

  func sync() throws(DeliveryError) {
    let result: Result<Void, DeliveryError> = state.withLock { s in
      do throws(DeliveryError) {
        try s.log.sync()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
