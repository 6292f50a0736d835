import Foundation
import Testing
import Trackers
import TrackersDeliveryTesting
@testable import TrackersDelivery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The storage calls a queue makes through its ``StorageCalls``, recorded with paths relative to the
/// queue's directory (`"."` for the directory itself); each one runs for real unless the log fails it,
/// as a full disk or a file system without `F_FULLFSYNC` would.
final class StorageCallLog: Sendable {
  enum Call: Hashable, Sendable {
    case fsync(String)
    case fullFsync(String)
    case fallocate(String, offset: Int64, length: Int64)
    case write(String, bytes: Int)
    case protect(String)
  }

  /// What the fake disk and file system answer.
  struct Faults: Sendable {
    /// `posix_fallocate` fails with `ENOSPC` for a range ending past this many bytes.
    var diskBytes = Int64.max
    /// How many more record writes succeed; then `write` fails with `ENOSPC`.
    var writesLeft = Int.max
    /// What `fcntl(F_FULLFSYNC)` answers: `nil` (done), or the `errno` of a file system without it.
    var fullFsyncFailure: Int32?
    /// What `fsync` answers instead of running: `nil` runs it.
    var fsyncFailure: Int32?
  }

  private let directory: String
  private let recorded = LockIsolated<[Call]>([])
  let faults = LockIsolated(Faults())

  init(_ directory: URL) { self.directory = directory.path }

  /// The calls recorded since the last `take()`, which forgets them.
  func take() -> [Call] {
    recorded.withLock { calls in
      defer { calls = [] }
      return calls
    }
  }

  private func name(_ path: String) -> String {
    path == directory ? "." : path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
  }

  private func record(_ call: Call) { recorded.withLock { $0.append(call) } }

  /// Calls that record themselves here and run for real (on Linux, `F_FULLFSYNC` is only recorded), playing
  /// an Apple platform's choices when asked.
  func storageCalls(flushesDriveCache: Bool = false, requestsProtectionClass: Bool = false) -> StorageCalls {
    let live = StorageCalls.live
    return StorageCalls(
      flushesDriveCache: flushesDriveCache, requestsProtectionClass: requestsProtectionClass,
      fsync: { [self] fd, path in
        record(.fsync(name(path)))
        return faults.withLock { $0.fsyncFailure } ?? live.fsync(fd, path)
      },
      fullFsync: { [self] _, path in
        record(.fullFsync(name(path)))
        return faults.withLock { $0.fullFsyncFailure }
      },
      fallocate: { [self] fd, path, offset, length in
        record(.fallocate(name(path), offset: offset, length: length))
        return offset + length > faults.withLock({ $0.diskBytes }) ? ENOSPC : live.fallocate(fd, path, offset, length)
      },
      write: { [self] fd, path, bytes in
        record(.write(name(path), bytes: bytes.count))
        let full = faults.withLock { faults -> Bool in
          guard faults.writesLeft > 0 else { return true }
          faults.writesLeft -= 1
          return false
        }
        return full ? ENOSPC : live.write(fd, path, bytes)
      },
      protect: { [self] path in record(.protect(name(path))) })
  }
}

/// A transport that answers 200 to everything and runs `onFirstRequest` when the first request arrives,
/// before answering it.
final class FirstRequestHookTransport: HTTPTransport {
  private let state = LockIsolated<(requests: [HTTPRequest], hook: (@Sendable () async -> Void)?)>(([], nil))

  init(onFirstRequest: @escaping @Sendable () async -> Void) { state.withLock { $0.hook = onFirstRequest } }

  /// The `seq` of each record of each request, in order.
  var sequences: [[Int]] { state.withLock { $0.requests }.map(sequences(in:)) }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let hook = state.withLock { state -> (@Sendable () async -> Void)? in
      state.requests.append(request)
      defer { state.hook = nil }
      return state.hook
    }
    await hook?()
    return HTTPResponse(statusCode: 200)
  }

  private func sequences(in request: HTTPRequest) -> [Int] {
    let items = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [[String: Any]] ?? []
    return items.compactMap { ($0["event"] as? [String: Any])?["seq"] as? Int }
  }
}

/// The rows of Guarantees.md that had no test of their own, each as the exact calls, records or reports
/// it promises.
@Suite struct GuaranteesTests {
  let segment = SegmentLog.segmentFileName(1)
  /// The queue's clock (one per test: Swift Testing makes the suite anew for each), moved only by `close`.
  let clock = ManualQueueClock()

  func queue(
    _ directory: URL, _ calls: StorageCallLog, flushesDriveCache: Bool = false, requestsProtectionClass: Bool = false,
    writeMode: SegmentWriteMode = .platformDefault, transport: some HTTPTransport = AnsweringTransport(),
    maxEvents: Int = 100, sending: Bool = false
  ) throws -> DeliveryQueue {
    var configuration = testConfiguration(directory, writeMode: writeMode)
    configuration.storageCalls = calls.storageCalls(
      flushesDriveCache: flushesDriveCache, requestsProtectionClass: requestsProtectionClass)
    if !sending { configuration.shouldSend = { false } }
    return try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: maxEvents), configuration: configuration,
      transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
  }

  /// What `enqueue` of a record of `bytes` bytes makes, in `writeMode`, in a new segment.
  func firstAppend(_ writeMode: SegmentWriteMode, bytes: Int) -> [StorageCallLog.Call] {
    switch writeMode {
    case .writePerRecord: [.write(segment, bytes: bytes)]
    #if canImport(Glibc) || canImport(Musl)
      case .mapped: [.fallocate(segment, offset: 0, length: Int64(SegmentWriter.windowSize))]
    #endif
    }
  }

  // MARK: Durability: sync

  /// Linux's `sync()`: `fsync` of the segment being written, of each cursor file written so far, and of the
  /// directory, in that order; a failed `fsync` of the segment is thrown, naming the call and the file.
  @Test(arguments: SegmentWriteMode.allCases)
  func syncFsyncsTheSegmentTheCursorFilesAndTheDirectory(writeMode: SegmentWriteMode) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let calls = StorageCallLog(directory)
    let queue = try queue(directory, calls, writeMode: writeMode)
    try queue.enqueue(payload(1))
    #expect(calls.take() == firstAppend(writeMode, bytes: frameSize(payload(1))))

    try queue.sync()
    #expect(calls.take() == [.fsync(segment), .fsync("cursor-b"), .fsync(".")])
    // The cursor is written to the other file each time: both are forced from then on.
    try queue.sync()
    #expect(calls.take() == [.fsync(segment), .fsync("cursor"), .fsync("cursor-b"), .fsync(".")])

    calls.faults.withLock { $0.fsyncFailure = EIO }
    #expect(throws: DeliveryError.storage(operation: "fsync", path: directory.path + "/" + segment, errno: EIO)) {
      try queue.sync()
    }
    #expect(calls.take() == [.fsync(segment)])
    calls.faults.withLock { $0.fsyncFailure = nil }
    await queue.close(timeout: .milliseconds(10), advancing: clock)
  }

  /// Apple's `sync()`, played on Linux: `fcntl(F_FULLFSYNC)` on each file, and `fsync` only where the file
  /// system refuses it (as SQLite does); a segment that neither flushes throws, naming `F_FULLFSYNC`.
  @Test func onApplePlatformsSyncAsksForFullFsyncAndFallsBackToFsync() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let calls = StorageCallLog(directory)
    let queue = try queue(directory, calls, flushesDriveCache: true, writeMode: .writePerRecord)
    try queue.enqueue(payload(1))
    _ = calls.take()

    try queue.sync()
    #expect(calls.take() == [.fullFsync(segment), .fullFsync("cursor-b"), .fullFsync(".")])

    calls.faults.withLock { $0.fullFsyncFailure = EINVAL }
    try queue.sync()
    #expect(
      calls.take() == [
        .fullFsync(segment), .fsync(segment), .fullFsync("cursor"), .fsync("cursor"), .fullFsync("cursor-b"),
        .fsync("cursor-b"), .fullFsync("."), .fsync("."),
      ])

    calls.faults.withLock { $0.fsyncFailure = EIO }
    #expect(
      throws: DeliveryError.storage(operation: "fcntl(F_FULLFSYNC)", path: directory.path + "/" + segment, errno: EIO)
    ) { try queue.sync() }
    calls.faults.withLock { $0 = StorageCallLog.Faults() }
    await queue.close(timeout: .milliseconds(10), advancing: clock)
  }

  // MARK: Durability: a full disk

  /// A full disk is an error from `enqueue` (``DeliveryError/storage(operation:path:errno:)`` with
  /// `ENOSPC`), never a crash: on Linux's mapping `posix_fallocate` is asked for a 1 MiB window, then for
  /// just the record's pages, before refusing; with one `write(2)` per record the write fails. The records
  /// accepted before stay pending and are sent, and once there is room again the queue writes on.
  @Test(arguments: SegmentWriteMode.allCases)
  func aFullDiskIsAStorageErrorFromEnqueueAndLosesNothing(writeMode: SegmentWriteMode) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let calls = StorageCallLog(directory)
    // Room for four records of 1,024 bytes: one page.
    calls.faults.withLock {
      $0.diskBytes = 4096
      $0.writesLeft = 4
    }
    let transport = AnsweringTransport()
    let queue = try queue(directory, calls, writeMode: writeMode, transport: transport, sending: true)
    let padded = 1024 - (frameSize(payload(0, size: 100)) - 100)
    for seq in 0..<4 { try queue.enqueue(payload(seq, size: padded)) }
    #expect(queue.counters.pendingBytes == 4096)

    let failedCall: String
    switch writeMode {
    case .writePerRecord:
      failedCall = "write"
      #expect(calls.take() == Array(repeating: .write(segment, bytes: 1024), count: 4))
    #if canImport(Glibc) || canImport(Musl)
      case .mapped:
        failedCall = "posix_fallocate"
        #expect(
          calls.take() == [
            .fallocate(segment, offset: 0, length: 1 << 20), .fallocate(segment, offset: 0, length: 4096),
          ])
    #endif
    }

    #expect(throws: DeliveryError.storage(operation: failedCall, path: directory.path + "/" + segment, errno: ENOSPC)) {
      try queue.enqueue(payload(4, size: padded))
    }
    switch writeMode {
    case .writePerRecord: #expect(calls.take() == [.write(segment, bytes: 1024)])
    #if canImport(Glibc) || canImport(Musl)
      case .mapped:
        #expect(
          calls.take() == [
            .fallocate(segment, offset: 4096, length: 1 << 20), .fallocate(segment, offset: 4096, length: 4096),
          ])
    #endif
    }
    #expect(queue.counters.enqueued == 4)
    #expect(queue.counters.pendingEvents == 4)
    #expect(queue.counters.pendingBytes == 4096)

    calls.faults.withLock { $0 = StorageCallLog.Faults() }
    try queue.enqueue(payload(5, size: padded))
    await queue.flush()
    let sent = transport.requests.map { request in
      ((try? JSONSerialization.jsonObject(with: Data(request.body))) as? [[String: Any]] ?? []).compactMap {
        ($0["event"] as? [String: Any])?["seq"] as? Int
      }
    }
    #expect(sent == [[0, 1, 2, 3, 5]])
    #expect(queue.counters.delivered == 5)
    #expect(queue.counters.droppedTotal == 0)
    await queue.close(timeout: .milliseconds(10), advancing: clock)
  }

  /// A full disk through a module: the event the queue could not write is one event not queued, reported
  /// once with the storage error's call and `errno` (`ENOSPC`), and the module goes on: with room again, the next
  /// event is queued and sent.
  @Test func aFullDiskIsOneEventNotQueuedReportedWithItsError() async throws {
    let storage = try TemporaryStorage("guarantees-full-disk")
    let calls = StorageCallLog(storage.url)
    calls.faults.withLock { $0.writesLeft = 0 }
    let reports = LockIsolated<[TrackerReport]>([])
    let transport = ScriptedTransport()
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
    options.transport = transport
    options.flushInterval = .seconds(3_600)
    options.onReport = { report in reports.withLock { $0.append(report) } }
    options.queueClock = VirtualQueueClock(date: Date(timeIntervalSince1970: 1_793_817_970))
    options.delivery = {
      $0.writeMode = .writePerRecord
      $0.storageCalls = calls.storageCalls()
    }
    let environment = try VendorEnvironment<RepairEvent>.live(
      options: options, destination: TestDestination(url: scriptedURL),
      session: SessionRules(timeout: .seconds(1_800), idUnit: .seconds), derive: { _, _ in () }
    ) { delivery, _ in
      { event in
        guard case let .event(name, _) = event.data else { return delivery.fate(queueing: []) }
        return delivery.fate(queueing: VendorRecord(payload: Array(#"{"name":"\#(name)"}"#.utf8), id: RecordID()))
      }
    }
    let pipeline = VendorPipeline(current: { environment }, map: { RepairEvent(data: $0) }, validate: { _ in [] })
    pipeline.track(.event(name: "Lost"))
    var counters = environment.counters()
    #expect(counters.notEnqueued == 1 && counters.queued == 0 && counters.events == 1, "\(counters)")
    let refusals = reports.current.compactMap { report -> String? in
      guard case let .notEnqueued(reason, 1) = report.kind else { return nil }
      return reason
    }
    #expect(refusals == ["storage write errno \(ENOSPC)"], "\(reports.current)")

    calls.faults.withLock { $0 = StorageCallLog.Faults() }
    pipeline.track(.event(name: "Kept"))
    counters = await environment.deliverPending()
    #expect(counters.notEnqueued == 1 && counters.queued == 1 && counters.events == 2, "\(counters)")
    #expect(transport.requests.map { String(decoding: $0.body, as: UTF8.self) }.joined().contains(#""name":"Kept""#))
    await environment.close(.seconds(1))
  }

  // MARK: Before the first unlock: the protection class

  /// Where the platform has Data Protection, the queue's directory is given its protection class
  /// (`completeUntilFirstUserAuthentication`) when it is opened, before any file is made in it; where it has
  /// none, nothing is asked.
  @Test(arguments: [true, false])
  func theQueuesDirectoryIsGivenItsProtectionClassWhereThereIsOne(requestsProtectionClass: Bool) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let calls = StorageCallLog(directory)
    let queue = try queue(directory, calls, requestsProtectionClass: requestsProtectionClass)
    #expect(calls.take() == (requestsProtectionClass ? [.protect(".")] : []))
    await queue.close(timeout: .milliseconds(10), advancing: clock)
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      #expect(StorageCalls.live.requestsProtectionClass)
    #else
      #expect(!StorageCalls.live.requestsProtectionClass)
    #endif
  }

  // MARK: Batching: a drain reaches what was pending

  /// A flush sends what was pending when it was called, in full batches, and stops at the first batch
  /// past it: records enqueued while it sends fill only the room left in its last batch, and the rest wait
  /// for the next trigger. The same whoever starts sending first: the tenth record wakes the sender,
  /// which may begin a drain of its own before the flush is in; the flush's drain still stops where the
  /// log ended at its call.
  @Test func aFlushSendsWhatWasPendingAtItsCallAndStopsThere() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let calls = StorageCallLog(directory)
    let queueBox = LockIsolated<DeliveryQueue?>(nil)
    let transport = FirstRequestHookTransport {
      guard let queue = queueBox.withLock({ $0 }) else { return }
      // The records below come after the flush() call: waits until the queue has it.
      _ = await eventually { queue.flushCallsReceived == 1 }
      for seq in 100..<114 { _ = try? queue.enqueue(payload(seq)) }
    }
    var configuration = testConfiguration(directory)
    configuration.maxRequestsInFlight = 1
    configuration.storageCalls = calls.storageCalls()
    let clock = ManualQueueClock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: configuration,
      transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
    queueBox.withLock { $0 = queue }
    for seq in 0..<25 { try queue.enqueue(payload(seq)) }
    await queue.flush()
    #expect(transport.sequences == [Array(0..<10), Array(10..<20), Array(20..<25) + Array(100..<105)])
    // Nine left: fewer than a batch, so nothing but a trigger (the next flush) sends them.
    #expect(queue.counters.delivered == 30)
    #expect(queue.counters.pendingEvents == 9)
    await queue.flush()
    #expect(transport.sequences.dropFirst(3) == [Array(105..<114)])
    queueBox.withLock { $0 = nil }
    await queue.close(timeout: .milliseconds(10), advancing: clock)
  }

  // MARK: Misbehaving servers: request timeouts, Retry-After as an HTTP date

  /// The default transport's session times a request out after 30 s without a byte and 5 minutes in all.
  @Test func theDefaultSessionTimesOutAfter30sWithoutAByteAnd5MinutesInAll() {
    let configuration = URLSessionTransport().sessionConfiguration
    #expect(configuration.timeoutIntervalForRequest == 30)
    #expect(configuration.timeoutIntervalForResource == 300)
  }

  /// A `Retry-After` given as an HTTP date is read against the queue's clock at the answer
  /// (``HTTPResponse/receivedAt``): 30 s after it holds the batch for exactly 30 s of the queue's time.
  @Test func anHTTPDateRetryAfterHoldsTheBatchUntilThatDateOnTheQueuesClock() async throws {
    let clock = ManualQueueClock()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    try await expectRetryAfterHoldsTheBatchThirtySeconds(formatter.string(from: clock.now.date + 30), on: clock)
  }
}
