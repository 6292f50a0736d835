import Foundation
import ShopApp
import Trackers
import TrackersDelivery

/// Benchmark 3: events per second from `track` to a loopback server's answer, batches as large as each
/// vendor allows, one vendor at a time, with `inFlight` requests on their way at once (`nil`: the queue's
/// default, ``DeliveryConfiguration/maxRequestsInFlight``).
enum DeliveryBenchmark {
  /// How many events each vendor sends.
  static let eventCount = 100_000

  /// Events per second, or `nil` (with a note) if the events were not all delivered within the bound.
  static func eventsPerSecond(
    _ link: VendorLink, scratch: URL, inFlight: Int? = nil, count: Int = eventCount
  ) async throws -> (rate: Double, note: String?) {
    let server = try LoopbackServer()
    defer { server.stop() }
    let storage = scratch.appendingPathComponent("delivery-\(link.vendor)-\(inFlight ?? 0)-\(count)", isDirectory: true)
    var settings = VendorLink.LiveSettings(endpoint: server.url, storage: storage)
    settings.maxRequestsInFlight = inFlight
    settings.compressesRequestBodies = false  // the server counts events in the bodies; gzip's cost: CompressionBenchmark
    try link.goLive(settings)
    let track = TrackBenchmark.moduleTracker(link)
    let start = ContinuousClock.now
    for seq in 0..<count { track(TrackBenchmark.event(seq)) }
    let deadline = start + .seconds(30)
    while link.counters().delivery.delivered < count && ContinuousClock.now < deadline {
      await link.flush()
      if link.counters().delivery.delivered < count { try await Task.sleep(for: .milliseconds(5)) }
    }
    let elapsed = (ContinuousClock.now - start).seconds
    let counters = link.counters()
    await link.close(.milliseconds(100))
    // A module may add events of its own (Amplitude's `session_start`): every tracked event must reach the
    // server, and the counters must account for at least those.
    let delivered = counters.delivery.delivered
    let note = delivered >= count && server.events == count
      ? nil
      : "\(link.vendor): delivered \(delivered) of \(count) (server saw \(server.events)) in \(elapsed) s; \(counters)"
    return (Double(server.events) / elapsed, note)
  }

  /// About the body of one GA4 request of 25 benchmark events.
  static let ga4RequestBytes = 12_000

  /// Requests per second that `URLSessionTransport` alone gets answered by the loopback server, `concurrency`
  /// at a time, bodies of `bodyBytes`: the ceiling of any vendor whose requests are small. GA4 allows 25
  /// events per request, so its events per second can't pass 25 times this.
  static func transportRequestsPerSecond(concurrency: Int = 4, bodyBytes: Int = ga4RequestBytes, requests: Int = 4_000)
    async throws -> Double
  {
    let server = try LoopbackServer()
    defer { server.stop() }
    let transport = URLSessionTransport()
    let request = HTTPRequest(url: server.url.appendingPathComponent("collect"), body: Array(repeating: UInt8(ascii: " "), count: bodyBytes))
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<concurrency {
        group.addTask {
          for _ in stride(from: worker, to: requests, by: concurrency) { _ = try? await transport.send(request) }
        }
      }
    }
    return Double(server.requests) / (ContinuousClock.now - start).seconds
  }
}
