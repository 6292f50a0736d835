import Foundation
import Testing
@testable import TrackersDelivery
import VendorTestSupport

/// Volume: many events through the real HTTP path, checked for completeness and for bytes on disk.
///
/// Speed is not asserted here (shared machines are noisy); `trackers-bench` measures it in release builds.
@Suite(.serialized) struct VolumeTests {
  private func measureThroughput(batch: Int, events: Int) async throws -> (enqueueMicros: Double, bytesPerEvent: Double, eventsPerSecond: Double) {
    let collector = try await Collector()
    let directory = makeTemporaryDirectory("throughput\(batch)")
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: batch, maxBytes: 2 << 20, flushInterval: .seconds(3600)),
      configuration: testConfiguration(directory))
    let event = payload(0, size: 200)
    // The sender runs while we enqueue, as it would in an app.
    let start = ContinuousClock.now
    for _ in 0..<events { try queue.enqueue(event) }
    let enqueueTime = ContinuousClock.now - start
    // One snapshot: two reads could count a batch delivered between them twice.
    let counters = queue.counters
    let bytesPerEvent = Double(counters.pendingBytes + counters.delivered * frameSize(event)) / Double(events)
    await queue.flush()
    #expect(await eventually { queue.counters.delivered == events })
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
    let collector = try await Collector()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let destination = TestDestination(url: URL(string: "http://127.0.0.1:9/x")!, maxEvents: 2000, flushInterval: .seconds(3600))
    let first = try DeliveryQueue(destination: destination, configuration: testConfiguration(directory))
    let event = payload(0, size: 200)
    for _ in 0..<100_000 { try first.enqueue(event) }
    await first.close(timeout: .zero)

    let start = Date()
    let second = try DeliveryQueue(
      destination: TestDestination(url: collector.url(), maxEvents: 2000, flushInterval: .seconds(3600)),
      configuration: testConfiguration(directory))
    let opened = Date()
    #expect(second.counters.recovered == 100_000)
    #expect(try await eventually { try await collector.requestCount() > 0 })
    let firstRequest = try await collector.requests()[0].time
    print(
      String(
        format: "TrackersDelivery cold start with 100000 pending: open %.0f ms, first request after %.0f ms",
        opened.timeIntervalSince(start) * 1000, (firstRequest - start.timeIntervalSince1970) * 1000))
    await second.close(timeout: .zero)
  }
}
