import Foundation
import ShopApp

/// Benchmark 5: with 100,000 events pending on disk, the time from opening the live environment to the
/// first request the server receives.
enum ColdStartBenchmark {
  static func firstRequestMilliseconds(scratch: URL, pending: Int = 100_000) async throws -> (milliseconds: Double, note: String) {
    let storage = scratch.appendingPathComponent("cold-start", isDirectory: true)
    // Queue the events in another process, with the endpoint down, so they are all on disk.
    let tracking = try ShopChild.run([
      "--vendor", "mixpanel", "--endpoint", MemoryBenchmark.down, "--storage", storage.path,
      "--events", String(pending),
    ])
    let server = try LoopbackServer()
    defer { server.stop() }
    let link = VendorLink.forVendor(.mixpanel)
    let start = ContinuousClock.now
    try link.goLive(.init(endpoint: server.url, storage: storage.appendingPathComponent("mixpanel", isDirectory: true)))
    let opened = ContinuousClock.now
    let deadline = start + .seconds(10)
    while server.firstRequestAt == nil && ContinuousClock.now < deadline {
      try await Task.sleep(for: .microseconds(200))
    }
    let first = server.firstRequestAt
    await link.close(.milliseconds(100))
    let milliseconds = first.map { ($0 - start).seconds * 1000 } ?? .infinity
    return (
      milliseconds,
      "cold start: \(tracking.summary("pending")) pending; opening the environment took "
        + "\(((opened - start).seconds * 1000).rounded()) ms of the \(milliseconds.rounded()) ms to the first request"
    )
  }
}
