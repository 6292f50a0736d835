import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A queue whose directory can't be opened yet (Data Protection: an app launched in the background before
/// the device's first unlock) keeps its records in memory, bounded and counted, and writes them once it
/// opens. The tests run as root, so the locked device is played by `simulatedOpenFailure`.
@Suite struct UnopenedStorageTests {
  /// The `errno` the next attempts to open fail with; `nil` once the "device" is unlocked.
  final class Lock: Sendable {
    private let failure = LockIsolated<Int32?>(EPERM)
    func unlock() { failure.withLock { $0 = nil } }
    var simulate: @Sendable (String) -> Int32? { { [failure] _ in failure.withLock { $0 } } }
  }

  private func configuration(
    _ directory: URL, lock: Lock, writeMode: SegmentWriteMode = .platformDefault,
    overflowPolicy: DeliveryConfiguration.OverflowPolicy = .dropOldest
  ) -> DeliveryConfiguration {
    var configuration = testConfiguration(directory, overflowPolicy: overflowPolicy, writeMode: writeMode)
    configuration.simulatedOpenFailure = lock.simulate
    // A platform whose files wait for the first unlock (iOS, watchOS, visionOS); Linux's have no such wait.
    configuration.hasDataProtection = true
    return configuration
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func recordsWaitInMemoryAndAreWrittenAndSentInOrderOnceTheDirectoryOpens(writeMode: SegmentWriteMode) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let lock = Lock()
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100),
      configuration: configuration(directory, lock: lock, writeMode: writeMode), transport: transport, onReport: reports.handler)
    #expect(queue.isWaitingForStorage)
    #expect(reports.descriptions.contains { $0.contains("could not open the queue's directory yet") })
    var ids: [RecordID] = []
    for i in 0..<10 { ids.append(try queue.enqueue(payload(i))) }
    #expect(queue.counters.enqueued == 10)
    #expect(queue.counters.pendingEvents == 10)
    #expect(queue.counters.pendingBytes == 10 * frameSize(payload(0)))
    #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing may touch the directory while it is locked")

    // Still locked: flush tries, fails, and returns without sending.
    await queue.flush()
    #expect(queue.isWaitingForStorage)
    #expect(transport.requests.isEmpty)
    expectBalanced(queue.counters)

    lock.unlock()
    for i in 10..<12 { ids.append(try queue.enqueue(payload(i))) }
    await queue.flush()
    #expect(!queue.isWaitingForStorage)
    #expect(transport.records.map(\.event.seq) == Array(0..<12))
    #expect(transport.records.map(\.id) == ids.map(\.uuidString))
    #expect(queue.counters.delivered == 12)
    #expect(queue.counters.droppedTotal == 0)
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func recordsWrittenOnceOpenedSurviveARestart() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let lock = Lock()
    // Every attempt loses its connection: what is written stays pending. (A real socket to the discard
    // port once waited in the process's shared URLSession behind other tests' requests for a minute.)
    let down = ScriptedTransport(answering: .dropConnection)
    // Told when the directory opens (before the log is installed): no polling.
    let opened = ScriptedTransport.Gate()
    var configuration = configuration(directory, lock: lock)
    configuration.storageOpened = { opened.open() }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL),
      configuration: configuration, transport: down, onReport: { _ in })
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    lock.unlock()
    queue.storageMayBeAvailable()
    // The bound fails a hang and measures nothing. Alone this test takes about 0.03 s; in the full parallel
    // run it has queued for a thread for minutes, so the bound counts running time, not the wall clock.
    #expect(await opened.wait(timeout: .seconds(120)), "the directory never opened")
    await queue.flush()  // answered once the log is installed: the attempt was under way
    #expect(!queue.isWaitingForStorage)
    await queue.close(timeout: .zero)

    let reopened = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory), transport: down,
      onReport: { _ in })
    #expect(reopened.counters.recovered == 5)
    await reopened.close(timeout: .zero)
  }

  @Test func theMemoryIsBoundedAndTheOldestDroppedAreCounted() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let lock = Lock()
    var configuration = configuration(directory, lock: lock)
    configuration.unopenedMaxRecords = 5
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100), configuration: configuration,
      transport: transport, onReport: reports.handler)
    for i in 0..<8 { try queue.enqueue(payload(i)) }
    #expect(queue.counters.pendingEvents == 5)
    #expect(queue.counters.dropped(.storageUnavailable) == 3)
    expectBalanced(queue.counters)

    lock.unlock()
    await queue.flush()
    #expect(transport.records.map(\.event.seq) == Array(3..<8))
    await queue.close(timeout: .seconds(1))
    // The reports add up to the counter (the first one in full, the rest folded until close).
    let reported = reports.all.reduce(0) { sum, report in
      guard case let .dropped(_, count, .storageUnavailable, _) = report else { return sum }
      return sum + count
    }
    #expect(reported == 3)
    expectBalanced(queue.counters)
  }

  @Test func byBytesToo() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = configuration(directory, lock: Lock())
    configuration.unopenedMaxBytes = 3 * frameSize(payload(0))
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: configuration,
      onReport: { _ in })
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    #expect(queue.counters.pendingEvents == 3)
    #expect(queue.counters.pendingBytes == 3 * frameSize(payload(0)))
    #expect(queue.counters.dropped(.storageUnavailable) == 2)
    expectBalanced(queue.counters)
  }

  @Test func underRefuseNewAFullMemoryRefuses() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = configuration(directory, lock: Lock(), overflowPolicy: .refuseNew)
    configuration.unopenedMaxRecords = 2
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: configuration,
      onReport: { _ in })
    try queue.enqueue(payload(0))
    try queue.enqueue(payload(1))
    #expect(throws: DeliveryError.self) { try queue.enqueue(payload(2)) }
    #expect(queue.counters.dropped(.refused) == 1)
    #expect(queue.counters.enqueued == 2)
    expectBalanced(queue.counters)
  }

  @Test func closingBeforeTheDirectoryOpensCountsAndReportsWhatIsLost() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!),
      configuration: configuration(directory, lock: Lock()), onReport: reports.handler)
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    await queue.close(timeout: .seconds(1))
    #expect(queue.counters.dropped(.storageUnavailable) == 3)
    #expect(queue.counters.pendingEvents == 0)
    #expect(reports.descriptions.contains { $0.contains("dropped 3 records (storageUnavailable)") })
    expectBalanced(queue.counters)
    // The directory is free for the next queue.
    let next = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory))
    await next.close(timeout: .zero)
  }

  /// Let go of before it ever opened (the app is being suspended): no attempt to open, which would take a
  /// lock, until the directory is taken back.
  @Test func aRelinquishedQueueTriesOnlyOnceReclaimed() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let lock = Lock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100),
      configuration: configuration(directory, lock: lock), transport: transport, onReport: { _ in })
    try queue.enqueue(payload(0))
    await queue.relinquishDirectory(timeout: .seconds(1))
    lock.unlock()
    queue.storageMayBeAvailable()
    await queue.flush()
    #expect(queue.isWaitingForStorage)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    try queue.enqueue(payload(1))

    queue.reclaimDirectory()
    await queue.flush()
    #expect(!queue.isWaitingForStorage)
    #expect(transport.records.map(\.event.seq) == [0, 1])
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  /// Consent withdrawn before the directory could be opened: the records in memory go at once, what the
  /// directory held once it opens, and only what was tracked after the purge is sent.
  @Test func purgeBeforeTheDirectoryOpensDeletesBothAndKeepsWhatCameAfter() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    // An earlier launch left three records pending.
    let earlier = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory),
      onReport: { _ in })
    for i in 0..<3 { try earlier.enqueue(payload(i)) }
    await earlier.close(timeout: .zero)

    let lock = Lock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100),
      configuration: configuration(directory, lock: lock), transport: transport, onReport: { _ in })
    for i in 10..<12 { try queue.enqueue(payload(i)) }
    try queue.purge()
    #expect(queue.counters.dropped(.purged) == 2)
    #expect(queue.counters.pendingEvents == 0)
    try queue.enqueue(payload(20))

    lock.unlock()
    await queue.flush()
    #expect(transport.records.map(\.event.seq) == [20])
    #expect(queue.counters.recovered == 3)
    #expect(queue.counters.dropped(.purged) == 5)
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func anotherStorageErrorStillFailsTheQueue() {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = testConfiguration(directory)
    configuration.simulatedOpenFailure = { _ in ENOSPC }
    #expect(throws: DeliveryError.storage(operation: "open", path: directory.path, errno: ENOSPC)) {
      _ = try DeliveryQueue(
        destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: configuration)
    }
    // And the directory is not left registered as in use.
    #expect(QueueDirectories.register(directory.path))
    QueueDirectories.closed(directory.path)
  }

  /// Where no unlock is coming (tvOS, the Mac, Mac Catalyst, Linux), `EPERM` and `EACCES` are a directory
  /// the app may not write (a tvOS app's Application Support on a device): the queue fails at once, saying
  /// so, instead of holding events in memory for ever.
  @Test(arguments: [EPERM, EACCES])
  func withoutDataProtectionAPermissionFailureFailsTheQueueAtOnce(code: Int32) {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = testConfiguration(directory)
    configuration.simulatedOpenFailure = { _ in code }
    configuration.hasDataProtection = false
    let reports = ReportLog()
    let expected = DeliveryError.storage(operation: "open", path: directory.path, errno: code)
    #expect(throws: expected) {
      _ = try DeliveryQueue(
        destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: configuration,
        onReport: reports.handler)
    }
    #expect(expected.description.contains("on tvOS only Caches is"))
    #expect(!reports.descriptions.contains { $0.contains("could not open the queue's directory yet") })
    #expect(QueueDirectories.register(directory.path))
    QueueDirectories.closed(directory.path)

    // The identity does not wait either: it throws, naming the file.
    #expect(throws: DeliveryError.storage(operation: "write", path: directory.appendingPathComponent("identity.json").path, errno: code)) {
      _ = try IdentityStore<Int>(directory: directory, simulatedOpenFailure: { _ in code }, hasDataProtection: false) { _ in 0 }
    }
  }

  @Test func theBackOffDoublesToAMinute() {
    #expect((1...9).map(UnopenedStorage.delay(afterFailures:)) == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { .seconds($0) })
  }

  // MARK: The identity

  @Test func theIdentityWaitsInMemoryAndLoadsTheSavedOneOnceItCanBeRead() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let saved = try IdentityStore<Int>(directory: directory) { _ in 0 }
    saved.update { $0.userId = "user-1" }
    let savedId = saved.current.identity.anonymousId

    let lock = Lock()
    let store = try IdentityStore<String>(directory: directory, simulatedOpenFailure: lock.simulate, hasDataProtection: true) { $0.anonymousId }
    #expect(store.isWaitingForStorage)
    #expect(store.current.identity.anonymousId != savedId)  // a temporary one, until the file can be read
    #expect(store.storageMayBeAvailable() == nil)
    #expect(store.isWaitingForStorage)
    // The temporary id's session is saved with it, and does not make it win over the saved identity.
    store.update { $0.session = SavedSession(id: 1, lastActivity: Date(timeIntervalSince1970: 1_700_000_000)) }

    lock.unlock()
    #expect(store.storageMayBeAvailable() == nil)
    #expect(!store.isWaitingForStorage)
    #expect(store.current.identity.anonymousId == savedId)
    #expect(store.current.identity.userId == "user-1")
    #expect(store.current.derived == savedId)
  }

  @Test func aChangeMadeWhileWaitingWinsAndIsSavedOnceTheFileOpens() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    _ = try IdentityStore<Int>(directory: directory) { _ in 0 }
    let lock = Lock()
    let store = try IdentityStore<Int>(directory: directory, simulatedOpenFailure: lock.simulate, hasDataProtection: true) { _ in 0 }
    store.update { $0.userId = "user-2" }
    let memoryId = store.current.identity.anonymousId
    lock.unlock()
    #expect(store.storageMayBeAvailable() == nil)
    let reread = try IdentityStore<Int>(directory: directory) { _ in 0 }
    #expect(reread.current.identity.userId == "user-2")
    #expect(reread.current.identity.anonymousId == memoryId)
  }

  @Test func anIdentityThatCouldNotBeSavedIsSavedOnceTheFileOpens() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let lock = Lock()
    let store = try IdentityStore<Int>(directory: directory, simulatedOpenFailure: lock.simulate, hasDataProtection: true) { _ in 0 }
    #expect(store.isWaitingForStorage)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("identity.json").path))
    lock.unlock()
    #expect(store.storageMayBeAvailable() == nil)
    let reread = try IdentityStore<Int>(directory: directory) { _ in 0 }
    #expect(reread.current.identity.anonymousId == store.current.identity.anonymousId)
  }
}
