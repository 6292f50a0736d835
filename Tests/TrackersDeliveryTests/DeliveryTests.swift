import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// Batching and response handling, through a scripted transport: what goes out and what the queue makes
/// of each answer. (`URLSessionTransport` on a real socket: `HostileServerTests`.)
@Suite struct DeliveryTests {
  @Test func batchesByCountAndFlushSendsTheRest() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    // The send gate holds everything until all 30 are queued, so the batches can't depend on when the
    // sender happens to run while the producer enqueues.
    let open = LockIsolated(false)
    var configuration = testConfiguration(directory)
    configuration.shouldSend = { open.withLock { $0 } }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: configuration, transport: transport)
    for i in 0..<30 { try queue.enqueue(payload(i)) }
    open.withLock { $0 = true }
    queue.shouldSendChanged()
    // The interval is a minute away, so what goes out now goes by count: three full batches.
    #expect(await transport.waitForRequests(3).map(\.records.count) == [10, 10, 10])
    await queue.flush()  // the third answer is applied
    #expect(queue.counters.delivered == 30)
    for i in 30..<35 { try queue.enqueue(payload(i)) }  // fewer than a batch: only flush() sends them
    await queue.flush()
    #expect(queue.counters.delivered == 35)
    let requests = transport.requests
    #expect(requests.map(\.records.count) == [10, 10, 10, 5])
    #expect(requests.flatMap(\.records).map(\.event.seq) == Array(0..<35))
    #expect(requests.allSatisfy { $0.header("Content-Type") == "application/json" })
    let counters = queue.counters
    #expect(counters.pendingEvents == 0 && counters.pendingBytes == 0 && counters.requests == requests.count)
    expectBalanced(counters)
    await queue.close(timeout: .seconds(1))
    #expect(throws: DeliveryError.closed) { try queue.enqueue(payload(99)) }
  }

  @Test func batchesByBytes() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let event = payload(0, size: 100)
    // Held until all ten are queued, so no batch is cut short by a drain that starts mid-enqueue.
    let open = LockIsolated(false)
    var configuration = testConfiguration(directory)
    configuration.shouldSend = { open.withLock { $0 } }
    // Room for three 100-byte payloads (plus separators), not four.
    let destination = TestDestination(url: scriptedURL, maxEvents: 1000, maxBytes: 350)
    let queue = try DeliveryQueue(destination: destination, configuration: configuration, transport: transport)
    for i in 0..<10 { try queue.enqueue(payload(i, size: 100)) }
    #expect(event.count == 100)
    open.withLock { $0 = true }
    await queue.flush()
    let requests = transport.requests
    #expect(requests.map(\.records.count) == [3, 3, 3, 1])  // a fourth 100-byte payload would pass 350 bytes
    #expect(requests.flatMap(\.records).map(\.event.seq) == Array(0..<10))
    #expect(throws: DeliveryError.self) { try queue.enqueue(payload(0, size: 400)) }
    await queue.close(timeout: .seconds(1))
  }

  /// A destination that sends its records percent-encoded inside a form field declares it, with its
  /// envelope: the batch is cut at what the request will really weigh, and a record that could never fit is
  /// refused at enqueue, though its raw bytes would.
  @Test(arguments: [(0, [2, 2, 2, 2, 2]), (101, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])])
  func batchesByPercentEncodedBytesWithinTheEnvelope(envelope: Int, expected: [Int]) async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let open = LockIsolated(false)
    var configuration = testConfiguration(directory)
    configuration.shouldSend = { open.withLock { $0 } }
    // Each 100-byte payload has 11 bytes that are neither letters nor digits: 100 + 2 x 11 + 3 = 125 bytes
    // encoded. Two fit 350 bytes; with a 101-byte envelope, 249 bytes are left: one.
    let destination = TestDestination(
      url: scriptedURL, maxEvents: 1000, maxBytes: 350, envelopeBytes: envelope,
      recordBytes: .percentEncodedPlusSeparator)
    #expect(destination.limits.bytes(inRequestOf: payload(0, size: 100)) == 125)
    let queue = try DeliveryQueue(destination: destination, configuration: configuration, transport: transport)
    for i in 0..<10 { try queue.enqueue(payload(i, size: 100)) }
    open.withLock { $0 = true }
    await queue.flush()
    let requests = transport.requests
    #expect(requests.map(\.records.count) == expected)
    #expect(requests.flatMap(\.records).map(\.event.seq) == Array(0..<10))
    // 340 raw bytes would fit 350 as JSON; percent-encoded, 365 can't fit any request.
    #expect(throws: DeliveryError.payloadTooLarge(size: 340, maxBytes: 350 - envelope, destination: "Test")) {
      try queue.enqueue(payload(0, size: 340))
    }
    await queue.close(timeout: .seconds(1))
  }

  @Test func aRecordWeighsItsPayloadAndSeparatorAsItsDestinationCountsThem() {
    let json = BatchLimits(maxEvents: 10, maxBytes: 100, flushInterval: .seconds(1))
    let form = BatchLimits(
      maxEvents: 10, maxBytes: 100, flushInterval: .seconds(1), envelopeBytes: 120, recordBytes: .percentEncodedPlusSeparator)
    let record = Array(#"{"k":1}"#.utf8)
    #expect(json.bytes(inRequestOf: record) == 8)
    #expect(form.bytes(inRequestOf: record) == 20)  // k and 1 as they are; {, ", :, } as %XX; %2C between
    #expect(json.recordBudget == 100 && form.recordBudget == 1)  // an envelope past the maximum leaves a byte
    #expect(form.bytes(inRequestOf: Array("é".utf8)) == 9)
  }

  @Test func flushIntervalSendsWithoutFlush() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100, flushInterval: .milliseconds(100)),
      configuration: testConfiguration(directory), transport: transport)
    let start = ContinuousClock.now
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    let requests = await transport.waitForRequests { $0.flatMap(\.records).count >= 3 }
    // The interval counts from the first record, enqueued after `start`: no request can come sooner (10 ms
    // spare: the queue times the interval on a clock of its own).
    #expect(requests[0].receivedAt - start >= .milliseconds(90))
    // One request without load; a producer stalled past the interval may see the first record go alone.
    #expect(requests.flatMap(\.records).map(\.event.seq) == [0, 1, 2])
    await queue.flush()
    #expect(queue.counters.delivered == 3)
    await queue.close(timeout: .seconds(1))
  }

  @Test func partitionsNeverShareARequest() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 100), configuration: testConfiguration(directory),
      transport: transport)
    for i in 0..<30 { try queue.enqueue(payload(i), partition: "user-\(i % 3)") }
    await queue.flush()
    let requests = transport.requests
    #expect(requests.count == 3)
    for request in requests {
      let seqs = request.records.map(\.event.seq)
      #expect(Set(seqs.map { $0 % 3 }).count == 1)
      #expect(request.queryItems == ["partition": "user-\(seqs[0] % 3)"])
    }
    #expect(queue.counters.delivered == 30)
    await queue.close(timeout: .seconds(1))
  }

  @Test func tooLargeSplitsInHalvesAndDropsASingleRecord() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 8), configuration: testConfiguration(directory),
      transport: transport, onReport: reports.handler)
    transport.script(.status(413), .status(200), .status(413))
    for i in 0..<8 { try queue.enqueue(payload(i)) }
    await queue.flush()
    // 8 -> 413; 4 -> 200; 4 -> 413; 2 -> 200; 2 -> 200.
    #expect(transport.requests.map(\.records.count) == [8, 4, 4, 2, 2])
    #expect(queue.counters.delivered == 8)

    transport.script(.status(413, body: "payload too large"))
    try queue.enqueue(payload(100))
    await queue.flush()
    #expect(queue.counters.dropped(.tooLarge) == 1)
    #expect(reports.descriptions.contains { $0.contains("tooLarge") })
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }

  @Test func partialSuccessDropsOnlyRejectedRecords() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: testConfiguration(directory),
      transport: transport, onReport: reports.handler)
    transport.script(.status(400, body: "{\"rejected\":{\"1\":\"bad name\",\"3\":\"too old\"}}"))
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    await queue.flush()
    let counters = queue.counters
    #expect(counters.delivered == 3)
    #expect(counters.dropped(.rejected) == 2)
    #expect(counters.pendingEvents == 0)
    #expect(transport.requests.count == 1)  // accepted records are not resent
    let text = reports.descriptions.joined(separator: "\n")
    #expect(text.contains("bad name") && text.contains("too old"))
    expectBalanced(counters)
    await queue.close(timeout: .seconds(1))
  }

  /// The server's `Retry-After` is the delay (30 s here, on the queue's virtual clock), the backoff's
  /// jitter is used without one, and every retry carries the same ids: each wait is exactly the delay the
  /// queue reported, and no wall time passes for it.
  @Test func retryHonoursRetryAfterAndKeepsIDs() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let clock = ManualQueueClock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: testConfiguration(directory),
      transport: transport, onReport: reports.handler, clock: clock, random: SeededQueueRandom(seed: 1))
    transport.script(.status(429, headers: ["Retry-After": "30"]), .status(503))
    for i in 0..<4 { try queue.enqueue(payload(i)) }
    await queue.flush()  // returns at the first backoff
    #expect(queue.counters.pendingEvents == 4)
    #expect(transport.requests.count == 1)
    // Sent again exactly when the server's delay is up, not at the 5 ms test base.
    #expect(await advance(queue, clock) { transport.requests.count == 2 } == .seconds(30))
    await queue.flush()  // the 503: returns at the second backoff
    #expect(queue.counters.pendingEvents == 4)
    let jittered = await advance(queue, clock) { transport.requests.count == 3 }
    await queue.flush()  // the third answer is applied
    #expect(queue.counters.delivered == 4)
    let requests = transport.requests
    #expect(requests.count == 3)
    #expect(Set(requests.map { $0.records.map(\.id) }).count == 1)  // same ids on every attempt
    #expect(requests.map { $0.records[0].attempts } == [0, 1, 2])
    #expect(queue.counters.retried == 8)
    let delays = reports.all.compactMap { report -> Duration? in
      if case .retryScheduled(_, 4, let delay, _) = report { delay } else { nil }
    }
    #expect(delays == [.seconds(30), jittered])  // the queue waited exactly what it reported
    #expect(jittered <= testConfiguration(directory).backoff.cap)  // jittered backoff
    await queue.close(timeout: .seconds(1), advancing: clock)
  }

  @Test func dropsAfterMaxAttempts() async throws {
    let transport = ScriptedTransport(answering: .status(500, body: "boom"))
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let clock = ManualQueueClock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 3), transport: transport, onReport: reports.handler,
      clock: clock, random: SeededQueueRandom(seed: 1))
    for i in 0..<5 { try queue.enqueue(payload(i)) }
    await queue.flush()
    for attempt in 2...3 {
      _ = await advance(queue, clock) { transport.requests.count == attempt }
      await queue.flush()  // the answer is applied
    }
    #expect(queue.counters.dropped(.maxAttempts) == 5)
    #expect(transport.requests.count == 3)
    #expect(queue.counters.pendingEvents == 0)
    #expect(reports.descriptions.contains { $0.contains("maxAttempts") && $0.contains("dropped 5 records") })
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1), advancing: clock)
  }

  @Test func permanentFailureDropsLoudly() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let reports = ReportLog()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10), configuration: testConfiguration(directory),
      transport: transport, onReport: reports.handler)
    transport.script(.status(401, body: "{\"error\":\"invalid api_key\",\"api_key\":\"SECRET123\"}"))
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    await queue.flush()
    #expect(queue.counters.dropped(.permanentFailure) == 3)
    #expect(transport.requests.count == 1)
    let failure = reports.all.first { if case .permanentFailure(_, 401, _) = $0 { true } else { false } }
    #expect(failure != nil)
    #expect(!reports.descriptions.joined().contains("SECRET123"))
    await queue.close(timeout: .seconds(1))
  }

  @Test func networkErrorsBackOffAndRecover() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 10),
      configuration: testConfiguration(directory, maxAttempts: 2), transport: transport, onReport: nil, clock: clock,
      random: SeededQueueRandom(seed: 1))
    transport.script(.dropConnection, .dropConnection, .dropConnection)
    for i in 0..<3 { try queue.enqueue(payload(i)) }
    await queue.flush()
    for request in 2...4 {
      _ = await advance(queue, clock) { transport.requests.count == request }
      await queue.flush()  // the answer is applied
    }
    #expect(transport.requests.count == 4)
    // Dropped connections do not use up attempts (maxAttempts is 2, three were dropped).
    #expect(queue.counters.delivered == 3)
    #expect(queue.counters.dropped(.maxAttempts) == 0)
    #expect(queue.counters.retried == 9)
    await queue.close(timeout: .seconds(1), advancing: clock)
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
