import Foundation
import Testing
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// Durability, recovery, damage and bounds of the on-disk log; the tests of the writing path run with
/// every ``SegmentWriteMode``, so Apple's one `write(2)` per record is tested on Linux too.
@Suite struct StorageTests {
  private func segmentFiles(_ directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasPrefix("segment-") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func enqueueIsOnDiskBeforeItReturnsWithMode0600(writeMode: SegmentWriteMode) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory, writeMode: writeMode))
    let id = try queue.enqueue(Array("{\"marker\":\"findme-42\"}".utf8))
    let files = try segmentFiles(directory)
    #expect(files.count == 1)
    let contents = try Data(contentsOf: files[0])
    #expect(contents.range(of: Data("findme-42".utf8)) != nil)
    let permissions = try FileManager.default.attributesOfItem(atPath: files[0].path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(queue.counters.pendingEvents == 1)
    // The record is followed by nothing but the zeros of the reserved window, which closing cuts off.
    let dataEnd = (contents.lastIndex { $0 != 0 } ?? -1) + 1
    #expect(queue.counters.pendingBytes == dataEnd)
    #expect(id.uuidString.count == 36)
    #expect(throws: DeliveryError.self) {
      _ = try DeliveryQueue(
        destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory, writeMode: writeMode))
    }
    let pendingBytes = queue.counters.pendingBytes
    await queue.close(timeout: .milliseconds(10))
    #expect(try Data(contentsOf: files[0]).count == pendingBytes)
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func restartResumesPendingRecords(writeMode: SegmentWriteMode) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let failing = ScriptedTransport(answering: .status(503))
    let first = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 1000, writeMode: writeMode), transport: failing)
    var ids: [RecordID] = []
    for i in 0..<25 { ids.append(try first.enqueue(payload(i))) }
    await first.flush()
    await first.close(timeout: .milliseconds(100))
    #expect(first.counters.pendingEvents == 25)

    #expect(!failing.requests.isEmpty)
    let transport = ScriptedTransport()
    let second = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: testConfiguration(directory, writeMode: writeMode),
      transport: transport)
    #expect(second.counters.recovered == 25)
    await second.flush()
    #expect(second.counters.delivered == 25)
    #expect(transport.requests.count == 3)
    let received = transport.records
    #expect(received.map(\.event.seq) == Array(0..<25))
    #expect(received.map(\.id) == ids.map(\.uuidString))
    #expect(received.prefix(10).allSatisfy { $0.attempts >= 1 })  // attempts survive the restart
    await second.close(timeout: .seconds(1))

    // Everything was delivered: a third queue finds nothing, and the old segments are gone.
    let third = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory, writeMode: writeMode),
      transport: ScriptedTransport())
    #expect(third.counters.recovered == 0)
    #expect(try segmentFiles(directory).count == 1)
    await third.close(timeout: .seconds(1))
  }

  /// Ten records (`payload(0..<10)`) written and closed in `directory`: the segment file, its bytes, and
  /// the size of one record's frame.
  private func tenRecordsOnDisk(
    _ directory: URL, writeMode: SegmentWriteMode = .platformDefault
  ) async throws -> (file: URL, bytes: [UInt8], frameSize: Int) {
    // Nothing listens on the discard port: the queue can only fail, so all ten stay on disk.
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!), configuration: testConfiguration(directory, writeMode: writeMode))
    for i in 0..<10 { try queue.enqueue(payload(i)) }
    await queue.close(timeout: .zero)
    let file = try segmentFiles(directory)[0]
    return (file, [UInt8](try Data(contentsOf: file)), frameSize(payload(0)))
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func tornLastRecordAndGarbageAreSkippedAndCounted(writeMode: SegmentWriteMode) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    // Garbage between records 4 and 5, and a torn copy of a record at the end.
    var (file, bytes, size) = try await tenRecordsOnDisk(directory, writeMode: writeMode)
    #expect(bytes.count == 10 * size)
    // Torn inside the payload (text, never zero): a torn part ending in zeros would partly read as the
    // zero tail a crashed writer leaves (see SegmentScanner), and a cut inside the random id could.
    let torn = Array(bytes[0..<(size - 2)])
    bytes.insert(contentsOf: [UInt8](repeating: 0xAB, count: 37) + Array("TRK1 not a frame".utf8), at: 5 * size)
    bytes += torn
    try Data(bytes).write(to: file)

    let reports = ReportLog()
    let second = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory, writeMode: writeMode),
      transport: transport, onReport: reports.handler)
    let counters = second.counters
    #expect(counters.recovered == 10)
    #expect(counters.dropped(.corrupt) == 2)
    #expect(counters.corruptBytes == 37 + 16 + size - 2)
    #expect(reports.all.contains { if case .corruptDataSkipped(_, 2, _, _) = $0 { true } else { false } })
    await second.flush()
    #expect(transport.records.map(\.event.seq) == Array(0..<10))
    #expect(second.counters.delivered == 10)
    await second.close(timeout: .seconds(1))
  }

  /// A writer killed mid-window leaves its file longer than its data: reserved zeros, perhaps after a
  /// record it was copying. The zeros are the end of the data, not damage; the torn record is one region.
  @Test(arguments: [false, true])
  func aCrashedWritersReservedZerosEndTheData(tornRecordBeforeTheZeros: Bool) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var (file, bytes, size) = try await tenRecordsOnDisk(directory)
    // Torn inside the payload, whose bytes are text: never zero, so the torn part ends where the zeros
    // begin. (Cut inside the random record id, a zero byte there would join the tail by chance.)
    let torn = size - 2
    if tornRecordBeforeTheZeros { bytes += bytes[0..<torn] }
    bytes += [UInt8](repeating: 0, count: 70_000)
    try Data(bytes).write(to: file)

    let reports = ReportLog()
    let second = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory),
      transport: transport, onReport: reports.handler)
    #expect(second.counters.recovered == 10)
    #expect(second.counters.pendingBytes == 10 * size)
    #expect(second.counters.dropped(.corrupt) == (tornRecordBeforeTheZeros ? 1 : 0))
    #expect(second.counters.corruptBytes == (tornRecordBeforeTheZeros ? torn : 0))
    await second.flush()
    #expect(transport.records.map(\.event.seq) == Array(0..<10))
    await second.close(timeout: .seconds(1))
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func dropOldestAtTheCapCountsExactly(writeMode: SegmentWriteMode) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let size = frameSize(payload(100))
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 1000),
      configuration: testConfiguration(directory, maxPendingBytes: 10 * size, writeMode: writeMode), transport: transport, onReport: reports.handler)
    for i in 100..<135 { try queue.enqueue(payload(i)) }
    let counters = queue.counters
    #expect(counters.dropped(.overflow) == 25)
    #expect(counters.pendingEvents == 10)
    #expect(counters.pendingBytes == 10 * size)
    // One line for the first drop; the other 24 are folded into one summary, told when the queue closes.
    #expect(reports.all.count == 1)
    await queue.flush()
    #expect(transport.records.map(\.event.seq) == Array(125..<135))
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
    let drops = reports.all.compactMap { report -> (count: Int, detail: String)? in
      guard case let .dropped(_, count, .overflow, detail) = report else { return nil }
      return (count, detail)
    }
    #expect(drops.map(\.count) == [1, 24])
    #expect(drops.last?.detail.hasPrefix("24 more reports like the last one since ") == true)
    #expect(drops.last?.detail.hasSuffix("UTC, folded into this one (the counters have each event)") == true)
  }

  @Test func withNoFoldingIntervalEveryDropIsReported() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let size = frameSize(payload(100))
    let reports = ReportLog()
    var configuration = testConfiguration(directory, maxPendingBytes: 10 * size)
    configuration.repeatedReportInterval = .zero
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!, maxEvents: 1000),
      configuration: configuration, onReport: reports.handler)
    for i in 100..<135 { try queue.enqueue(payload(i)) }
    #expect(reports.all.count == 25)
    #expect(queue.counters.dropped(.overflow) == 25)
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func refuseNewAtTheCap(writeMode: SegmentWriteMode) async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let size = frameSize(payload(100))
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://127.0.0.1:9/x")!, maxEvents: 1000),
      configuration: testConfiguration(directory, maxPendingBytes: 5 * size, overflowPolicy: .refuseNew, writeMode: writeMode),
      onReport: { _ in })
    for i in 100..<105 { try queue.enqueue(payload(i)) }
    #expect(throws: DeliveryError.queueFull(pendingBytes: 5 * size, maxPendingBytes: 5 * size)) {
      try queue.enqueue(payload(105))
    }
    #expect(queue.counters.dropped(.refused) == 1)
    #expect(queue.counters.pendingEvents == 5)
    #expect(queue.counters.enqueued == 5)
    expectBalanced(queue.counters)
  }

  @Test(arguments: SegmentWriteMode.allCases)
  func purgeDeletesEverythingPending(writeMode: SegmentWriteMode) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 1000), configuration: testConfiguration(directory, writeMode: writeMode),
      transport: transport, onReport: { _ in })
    for i in 0..<20 { try queue.enqueue(payload(i)) }
    try queue.sync()
    try queue.purge()
    #expect(queue.counters.pendingEvents == 0)
    #expect(queue.counters.dropped(.purged) == 20)
    let files = try segmentFiles(directory)
    #expect(files.count == 1)
    #expect(try Data(contentsOf: files[0]).isEmpty)
    try queue.enqueue(payload(1000))
    await queue.flush()
    #expect(transport.records.map(\.event.seq) == [1000])
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  /// Records written an hour ago by an earlier launch (their frames say so) are too old for a ten-minute
  /// `maxAge`; one enqueued now is not. No test waits for a record to age.
  @Test func aRecordPastMaxAgeIsDropped() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var (file, bytes, size) = try await tenRecordsOnDisk(directory)
    #expect(bytes.count == 10 * size)
    let anHourAgo = Date().addingTimeInterval(-3_600)
    bytes = (0..<3).flatMap { RecordFrame.encode(id: RecordID(), enqueuedAt: anHourAgo, partition: "", payload: payload($0)) }
    try Data(bytes).write(to: file)

    var configuration = testConfiguration(directory)
    configuration.maxAge = .seconds(600)
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 1000), configuration: configuration,
      transport: transport, onReport: { _ in })
    #expect(queue.counters.recovered == 3)
    try queue.enqueue(payload(3))
    await queue.flush()
    #expect(queue.counters.dropped(.maxAge) == 3)
    #expect(transport.records.map(\.event.seq) == [3])
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }
}
