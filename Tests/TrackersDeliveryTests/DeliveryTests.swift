import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import VendorTestSupport

/// Batching and response handling, through the real URLSession path to a loopback collector.
@Suite struct DeliveryTests {
  @Test func batchesByCountAndFlushSendsTheRest() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    // The send gate holds everything until all 30 are queued, so the batches can't depend on when the
    // sender happens to run while the producer enqueues.
    let open = LockIsolated(false)
    var configuration = testConfiguration(directory)
    configuration.shouldSend = { open.withLock { $0 } }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10), configuration: configuration)
    for i in 0..<30 { try queue.enqueue(payload(i)) }
    open.withLock { $0 = true }
    queue.shouldSendChanged()
    // The interval is a minute away, so what goes out now goes by count: three full batches.
    #expect(await eventually { queue.counters.delivered == 30 })
    #expect(try await collector.requests().map(\.records.count) == [10, 10, 10])
    for i in 30..<35 { try queue.enqueue(payload(i)) }  // fewer than a batch: only flush() sends them
    await queue.flush()
    #expect(queue.counters.delivered == 35)
    let requests = try await collector.requests()
    #expect(requests.map(\.records.count) == [10, 10, 10, 5])
    #expect(requests.flatMap(\.records).map(\.event.seq) == Array(0..<35))
    #expect(requests.allSatisfy { $0.headers["Content-Type"] == "application/json" })
    let counters = queue.counters
    #expect(counters.pendingEvents == 0 && counters.pendingBytes == 0 && counters.requests == requests.count)
    expectBalanced(counters)
    await queue.close(timeout: .seconds(1))
    #expect(throws: DeliveryError.closed) { try queue.enqueue(payload(99)) }
  }

  @Test func batchesByBytes() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let event = payload(0, size: 100)
    // Room for three 100-byte payloads (plus separators), not four.
    let destination = TestDestination(url: collector.url(), maxEvents: 1000, maxBytes: 350)
    let queue = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory))
    for i in 0..<10 { try queue.enqueue(payload(i, size: 100)) }
    #expect(event.count == 100)
    await queue.flush()
    let requests = try await collector.requests()
    // Without load this is [3, 3, 3, 1]; a drain that starts mid-enqueue may cut one batch shorter.
    #expect(requests.allSatisfy { $0.records.count <= 3 })  // a fourth 100-byte payload would pass 350 bytes
    #expect(requests.flatMap(\.records).map(\.event.seq) == Array(0..<10))
    #expect(throws: DeliveryError.self) { try queue.enqueue(payload(0, size: 400)) }
    await queue.close(timeout: .seconds(1))
  }

  @Test func flushIntervalSendsWithoutFlush() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 100, flushInterval: .milliseconds(100)),
      configuration: testConfiguration(directory))
    let start = ContinuousClock.now
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    #expect(await eventually { queue.counters.delivered == 3 })
    #expect(ContinuousClock.now - start >= .milliseconds(90))
    // One request without load; a producer stalled past the interval may see the first record go alone.
    #expect(try await collector.requests().flatMap(\.records).map(\.event.seq) == [0, 1, 2])
    await queue.close(timeout: .seconds(1))
  }

  @Test func partitionsNeverShareARequest() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 100), configuration: testConfiguration(directory))
    for i in 0..<30 { try queue.enqueue(payload(i), partition: "user-\(i % 3)") }
    await queue.flush()
    let requests = try await collector.requests()
    #expect(requests.count == 3)
    for request in requests {
      let seqs = request.records.map(\.event.seq)
      #expect(Set(seqs.map { $0 % 3 }).count == 1)
      #expect(request.query == "partition=user-\(seqs[0] % 3)")
    }
    #expect(queue.counters.delivered == 30)
    await queue.close(timeout: .seconds(1))
  }

  @Test func tooLargeSplitsInHalvesAndDropsASingleRecord() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 8), configuration: testConfiguration(directory),
      onReport: reports.handler)
    try await collector.script([.init(status: 413), .init(status: 200), .init(status: 413)])
    for i in 0..<8 { try queue.enqueue(payload(i)) }
    await queue.flush()
    // 8 -> 413; 4 -> 200; 4 -> 413; 2 -> 200; 2 -> 200.
    let sizes = try await collector.requests().map(\.records.count)
    #expect(sizes == [8, 4, 4, 2, 2])
    #expect(queue.counters.delivered == 8)

    try await collector.script([.init(status: 413, body: "payload too large")])
    try queue.enqueue(payload(100))
    await queue.flush()
    #expect(queue.counters.dropped(.tooLarge) == 1)
    #expect(reports.descriptions.contains { $0.contains("tooLarge") })
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func partialSuccessDropsOnlyRejectedRecords() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10), configuration: testConfiguration(directory),
      onReport: reports.handler)
    try await collector.script([.init(status: 400, body: "{\"rejected\":{\"1\":\"bad name\",\"3\":\"too old\"}}")])
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    await queue.flush()
    let counters = queue.counters
    #expect(counters.delivered == 3)
    #expect(counters.dropped(.rejected) == 2)
    #expect(counters.pendingEvents == 0)
    #expect(try await collector.requestCount() == 1)  // accepted records are not resent
    let text = reports.descriptions.joined(separator: "\n")
    #expect(text.contains("bad name") && text.contains("too old"))
    expectBalanced(counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func retryHonoursRetryAfterAndKeepsIDs() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10), configuration: testConfiguration(directory),
      onReport: reports.handler)
    try await collector.script([.init(status: 429, headers: ["Retry-After": "1"]), .init(status: 503)])
    for i in 0..<4 { try queue.enqueue(payload(i)) }
    await queue.flush()  // returns at the first backoff
    #expect(queue.counters.pendingEvents == 4)
    #expect(await eventually { queue.counters.delivered == 4 })
    let requests = try await collector.requests()
    #expect(requests.count == 3)
    #expect(requests[1].time - requests[0].time >= 0.95)  // the server's delay, not the 5 ms test base
    #expect(Set(requests.map { $0.records.map(\.id) }).count == 1)  // same ids on every attempt
    #expect(requests.map { $0.records[0].attempts } == [0, 1, 2])
    #expect(queue.counters.retried == 8)
    #expect(reports.all.contains { if case .retryScheduled = $0 { true } else { false } })
    await queue.close(timeout: .seconds(1))
  }

  @Test func dropsAfterMaxAttempts() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 3), onReport: reports.handler)
    try await collector.setDefault(.init(status: 500, body: "boom"))
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    await queue.flush()
    #expect(await eventually { queue.counters.dropped(.maxAttempts) == 5 })
    #expect(try await collector.requestCount() == 3)
    #expect(queue.counters.pendingEvents == 0)
    #expect(reports.descriptions.contains { $0.contains("maxAttempts") && $0.contains("dropped 5 records") })
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func permanentFailureDropsLoudly() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10), configuration: testConfiguration(directory),
      onReport: reports.handler)
    try await collector.script([.init(status: 401, body: "{\"error\":\"invalid api_key\",\"api_key\":\"SECRET123\"}")])
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    await queue.flush()
    #expect(queue.counters.dropped(.permanentFailure) == 3)
    #expect(try await collector.requestCount() == 1)
    let failure = reports.all.first { if case .permanentFailure(_, 401, _) = $0 { true } else { false } }
    #expect(failure != nil)
    #expect(!reports.descriptions.joined().contains("SECRET123"))
    await queue.close(timeout: .seconds(1))
  }

  @Test func networkErrorsBackOffAndRecover() async throws {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 2))
    try await collector.script([.init(drop: true), .init(drop: true), .init(drop: true)])
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    await queue.flush()
    // Dropped connections do not use up attempts (maxAttempts is 2, three were dropped).
    #expect(await eventually { queue.counters.delivered == 3 })
    #expect(queue.counters.dropped(.maxAttempts) == 0)
    #expect(queue.counters.retried >= 3)
    await queue.close(timeout: .seconds(1))
  }

  @Test func plainHTTPToARemoteHostIsRefused() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "http://collector.example.com/x?api_secret=S3CRET")!),
      configuration: testConfiguration(directory), onReport: reports.handler)
    try queue.enqueue(payload(1))
    await queue.flush()
    #expect(queue.counters.dropped(.permanentFailure) == 1)
    #expect(queue.counters.requests == 0)
    let text = reports.descriptions.joined(separator: "\n")
    #expect(text.contains("HTTPS is required"))
    #expect(!text.contains("S3CRET"))
    await #expect(throws: DeliveryError.self) {
      _ = try await URLSessionTransport().send(HTTPRequest(url: URL(string: "http://example.com/")!))
    }
    await queue.close(timeout: .seconds(1))
  }
}
