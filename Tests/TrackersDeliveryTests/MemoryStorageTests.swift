import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// `DeliveryConfiguration.Storage.memory`: the same machine and sender over records kept in memory, bounded
/// by events and bytes, every drop counted; no file written; what a close can't send is counted lost.
@Suite struct MemoryStorageTests {
  /// A configuration in memory whose directory does not exist (and must never be created), with the send
  /// gate `open` decides.
  func memoryConfiguration(
    maxEvents: Int, maxBytes: Int, policy: DeliveryConfiguration.OverflowPolicy = .dropOldest, open: LockIsolated<Bool>
  ) -> (DeliveryConfiguration, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)")
    var configuration = testConfiguration(directory)
    configuration.storage = .memory(maxEvents: maxEvents, maxBytes: maxBytes)
    configuration.overflowPolicy = policy
    configuration.shouldSend = { open.withLock { $0 } }
    return (configuration, directory)
  }

  @Test func theEventBoundDropsExactlyTheOldestAndTheRestIsDelivered() async throws {
    let transport = ScriptedTransport()
    let open = LockIsolated(false)
    let (configuration, directory) = memoryConfiguration(maxEvents: 5, maxBytes: 1 << 20, open: open)
    let queue = try DeliveryQueue(destination: TestDestination(url: scriptedURL), configuration: configuration, transport: transport)
    for seq in 0..<8 { try queue.enqueue(payload(seq)) }
    var counters = queue.counters
    #expect(counters.pendingEvents == 5 && counters.dropped == [.overflow: 3] && counters.enqueued == 8)
    open.withLock { $0 = true }
    queue.shouldSendChanged()
    await queue.flush()
    #expect(transport.requests.flatMap(\.records).map(\.event.seq) == [3, 4, 5, 6, 7])
    counters = queue.counters
    #expect(counters.delivered == 5 && counters.pendingEvents == 0 && counters.pendingBytes == 0)
    expectBalanced(counters)
    await queue.close(timeout: .seconds(1))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func theByteBoundCountsFramesAndDropsTheOldest() async throws {
    let transport = ScriptedTransport()
    let open = LockIsolated(false)
    let frame = RecordFrame.encodedSize(payloadCount: payload(0).count, partitionCount: 0)
    let (configuration, _) = memoryConfiguration(maxEvents: 1_000, maxBytes: 3 * frame, open: open)
    let queue = try DeliveryQueue(destination: TestDestination(url: scriptedURL), configuration: configuration, transport: transport)
    for seq in 0..<7 { try queue.enqueue(payload(seq)) }  // one digit each: every frame the same size
    #expect(queue.counters.pendingEvents == 3 && queue.counters.pendingBytes == 3 * frame)
    #expect(queue.counters.dropped == [.overflow: 4])
    open.withLock { $0 = true }
    queue.shouldSendChanged()
    await queue.flush()
    #expect(transport.requests.flatMap(\.records).map(\.event.seq) == [4, 5, 6])
    await queue.close(timeout: .seconds(1))
  }

  @Test func refusingNewRecordsAtTheBoundThrowsAndCounts() async throws {
    let open = LockIsolated(false)
    let (configuration, _) = memoryConfiguration(maxEvents: 2, maxBytes: 1 << 20, policy: .refuseNew, open: open)
    let queue = try DeliveryQueue(destination: TestDestination(url: scriptedURL), configuration: configuration, transport: ScriptedTransport())
    try queue.enqueue(payload(1))
    try queue.enqueue(payload(2))
    #expect(throws: DeliveryError.self) { try queue.enqueue(payload(3)) }
    #expect(queue.counters.dropped == [.refused: 1] && queue.counters.pendingEvents == 2)
    await queue.close(timeout: .seconds(1))
  }

  /// What a close can't send has nowhere to go: counted as `closedInMemory` and reported (TrackersServerTests
  /// has the shutdown summary's side: dropped, never kept).
  @Test func closingLosesWhatIsPendingCountedAndReported() async throws {
    let open = LockIsolated(false)
    let (configuration, directory) = memoryConfiguration(maxEvents: 100, maxBytes: 1 << 20, open: open)
    let reports = LockIsolated<[DeliveryReport]>([])
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: configuration, transport: ScriptedTransport(),
      onReport: { report in reports.withLock { $0.append(report) } })
    for seq in 0..<4 { try queue.enqueue(payload(seq)) }
    await queue.close(timeout: .seconds(1))
    let counters = queue.counters
    #expect(counters.dropped == [.closedInMemory: 4] && counters.pendingEvents == 0 && counters.delivered == 0)
    expectBalanced(counters)
    #expect(reports.withLock { $0 }.contains { "\($0)".contains("closedInMemory") || "\($0)".contains("memory only") })
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func purgeEmptiesTheMemory() async throws {
    let open = LockIsolated(false)
    let (configuration, _) = memoryConfiguration(maxEvents: 100, maxBytes: 1 << 20, open: open)
    let queue = try DeliveryQueue(destination: TestDestination(url: scriptedURL), configuration: configuration, transport: ScriptedTransport())
    for seq in 0..<3 { try queue.enqueue(payload(seq)) }
    try queue.purge()
    #expect(queue.counters.dropped == [.purged: 3] && queue.counters.pendingEvents == 0)
    await queue.close(timeout: .seconds(1))
    #expect(queue.counters.dropped(.closedInMemory) == 0)
  }
}
