import Foundation
import ShopApp
import Trackers
import TrackersDelivery

/// Benchmark 6: a 500-event request body of each vendor that compresses (PostHog `/batch/`, Mixpanel
/// `/import`, Amplitude to its own hosts), as the module builds it for the benchmark's shop event, before
/// and after gzip, and what compressing it costs. The bodies are caught by a transport that answers the vendor's success, so no
/// socket is involved.
enum CompressionBenchmark {
  static let events = 500

  struct Figures {
    /// Records in the request measured: the tracked events, and any the module added.
    var events: Int
    var plainBytes: Int
    var gzipBytes: Int
    var milliseconds: Double
  }

  /// Catches the body of the request with the most records, uncompressed (the transport compresses; this
  /// one doesn't): the whole 500 unless the flush interval cut a batch while they were tracked.
  final class Catcher: DestinationAwareTransport, @unchecked Sendable {
    // @unchecked is safe: `body` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var caught: (records: Int, body: [UInt8])?
    var body: (records: Int, body: [UInt8])? { lock.withLock { caught } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(statusCode: 200) }

    func send(_ request: HTTPRequest, for batch: Batch, to destination: any DeliveryDestination) async throws
      -> HTTPResponse
    {
      lock.withLock {
        if batch.records.count > caught?.records ?? 0 { caught = (batch.records.count, request.body) }
      }
      return destination.successResponse(for: batch)
    }
  }

  static func figures(_ link: VendorLink, scratch: URL) async throws -> Figures? {
    let catcher = Catcher()
    var settings = VendorLink.LiveSettings(
      endpoint: URL(string: "https://bench.invalid")!, storage: scratch.appendingPathComponent("gzip-\(link.vendor)"))
    settings.transport = catcher
    try link.goLive(settings)
    let track = TrackBenchmark.moduleTracker(link)
    for seq in 0..<events { track(TrackBenchmark.event(seq)) }
    await link.flush()
    await link.close(.milliseconds(100))
    guard let (records, body) = catcher.body else { return nil }
    let compressed = Gzip.compress(body)
    var times: [Double] = []
    for _ in 0..<15 {
      let start = ContinuousClock.now
      _ = Gzip.compress(body)
      times.append((ContinuousClock.now - start).seconds * 1_000)
    }
    return Figures(events: records, plainBytes: body.count, gzipBytes: compressed.count, milliseconds: times.sorted()[times.count / 2])
  }
}
