import Foundation
import Testing
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// Volume: many events through the queue to a scripted transport, checked for completeness and for bytes
/// on disk (the sockets are `URLSessionTransport`'s business, tested in `HostileServerTests`).
///
/// Speed is not asserted here (shared machines are noisy); `trackers-bench` measures it in release builds.
@Suite(.serialized) struct VolumeTests {
  private func measureThroughput(batch: Int, events: Int) async throws -> (enqueueMicros: Double, bytesPerEvent: Double, eventsPerSecond: Double) {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory("throughput\(batch)")
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: batch, maxBytes: 2 << 20, flushInterval: .seconds(3600)),
      configuration: testConfiguration(directory), transport: transport)
    let event = payload(0, size: 200)
    // The sender runs while we enqueue, as it would in an app.
    let start = ContinuousClock.now
    for _ in 0..<events { try queue.enqueue(event) }
    let enqueueTime = ContinuousClock.now - start
    // One snapshot: two reads could count a batch delivered between them twice.
    let counters = queue.counters
    let bytesPerEvent = Double(counters.pendingBytes + counters.delivered * frameSize(event)) / Double(events)
    await queue.flush()  // every answer is a 200: it returns with all of them delivered
    #expect(queue.counters.delivered == events)
    let total = ContinuousClock.now - start
    await queue.close(timeout: .seconds(1))
    return (
      enqueueTime / .microseconds(1) / Double(events), bytesPerEvent, Double(events) / (total / .seconds(1))
    )
  }

  @Test func manyEventsAtLargeAndSmallBatchesAllArrive() async throws {
    let large = try await measureThroughput(batch: 2000, events: 40_000)
    let small = try await measureThroughput(batch: 25, events: 5_000)
    print(
      String(
        format: "TrackersDelivery measurements: enqueue %.2f µs/event, %.0f bytes on disk per 200-byte event, "
          + "%.0f events/s at 2000 per request, %.0f events/s at 25 per request",
        large.enqueueMicros, large.bytesPerEvent, large.eventsPerSecond, small.eventsPerSecond))
    #expect(large.bytesPerEvent == 238)
  }

  @Test func coldStartWith100kPendingResumesAndSends() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let destination = TestDestination(url: scriptedURL, maxEvents: 2000, flushInterval: .seconds(3600))
    // Nothing is sent: all 100,000 are pending at the next launch.
    var holding = testConfiguration(directory)
    holding.shouldSend = { false }
    let first = try DeliveryQueue(destination: destination, configuration: holding, transport: transport)
    let event = payload(0, size: 200)
    for _ in 0..<100_000 { try first.enqueue(event) }
    await first.close(timeout: .zero)

    #expect(transport.requests.isEmpty)
    let start = ContinuousClock.now
    let second = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory), transport: transport)
    let opened = ContinuousClock.now
    #expect(second.counters.recovered == 100_000)
    let firstRequest = try #require(await transport.waitForRequests(1).first)
    #expect(firstRequest.records.count == 2000)
    print(
      String(
        format: "TrackersDelivery cold start with 100000 pending: open %.0f ms, first request after %.0f ms",
        (opened - start) / .milliseconds(1), (firstRequest.receivedAt - start) / .milliseconds(1)))
    await second.close(timeout: .zero)
  }
}
