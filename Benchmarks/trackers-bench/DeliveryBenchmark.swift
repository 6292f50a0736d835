import Foundation
import ShopApp
import Trackers

/// Benchmark 3: events per second from `track` to a loopback server's answer, batches as large as each
/// vendor allows, one vendor at a time.
enum DeliveryBenchmark {
  /// How many events each vendor sends: enough for a few seconds at the budget's rate.
  static func eventCount(_ vendor: Vendor) -> Int {
    vendor == .ga4 ? 20_000 : 100_000
  }

  /// Events per second, or `nil` (with a note) if the events were not all delivered within the bound.
  static func eventsPerSecond(_ link: VendorLink, scratch: URL) async throws -> (rate: Double, note: String?) {
    let server = try LoopbackServer()
    defer { server.stop() }
    let storage = scratch.appendingPathComponent("delivery-\(link.vendor)", isDirectory: true)
    var settings = VendorLink.LiveSettings(endpoint: server.url, storage: storage)
    settings.compressesRequestBodies = false  // the server counts events in the bodies; gzip's cost: CompressionBenchmark
    try link.goLive(settings)
    let track = TrackBenchmark.moduleTracker(link)
    let count = eventCount(link.vendor)
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
}
