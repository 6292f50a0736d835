import Foundation

/// Benchmark 4: peak memory while 1,000,000 events are tracked with the endpoint down and a cap large
/// enough for all of them, then every one delivered by `--drain`; and, with a small cap, the exact
/// oldest-first drop count.
enum MemoryBenchmark {
  static let vendor = "mixpanel"
  static let down = "http://127.0.0.1:9"

  struct Result {
    var peakMegabytes: Double
    var tracked: Int
    var pendingAfterTracking: Int
    var delivered: Int
    var serverEvents: Int
    var notes: [String]
  }

  static func million(scratch: URL, count: Int = 1_000_000) throws -> Result {
    let storage = scratch.appendingPathComponent("memory-large", isDirectory: true)
    let tracking = try ShopChild.run([
      "--vendor", vendor, "--endpoint", down, "--storage", storage.path, "--max-pending-mb", "4096",
      "--events", String(count),
    ])
    let server = try LoopbackServer()
    defer { server.stop() }
    // Plain bodies: the server counts the events in them.
    let drain = try ShopChild.run([
      "--vendor", vendor, "--endpoint", server.url.absoluteString, "--storage", storage.path, "--drain", "--plain-bodies",
    ])
    return Result(
      peakMegabytes: Double(tracking.peakRSSKilobytes) / 1024,
      tracked: tracking.summary("tracked"),
      pendingAfterTracking: tracking.summary("pending"),
      delivered: drain.summary("delivered"),
      serverEvents: server.events,
      notes: ["tracking: \(tracking.summaryLine)", "drain: \(drain.summaryLine) (peak \(drain.peakRSSKilobytes / 1024) MB)"]
    )
  }

  struct SmallCap {
    var dropped: Int
    var pending: Int
    /// Whether what arrived after the drain is exactly the newest `pending` events.
    var exactOldestFirst: Bool
    var note: String
  }

  static func smallCap(scratch: URL, count: Int = 50_000) throws -> SmallCap {
    let storage = scratch.appendingPathComponent("memory-small-cap", isDirectory: true)
    let tracking = try ShopChild.run([
      "--vendor", vendor, "--endpoint", down, "--storage", storage.path, "--max-pending-mb", "1", "--events", String(count),
    ])
    let server = try LoopbackServer(keepsSequenceNumbers: true)
    defer { server.stop() }
    // Plain bodies: the server counts the events in them.
    let drain = try ShopChild.run([
      "--vendor", vendor, "--endpoint", server.url.absoluteString, "--storage", storage.path, "--drain", "--plain-bodies",
    ])
    let dropped = tracking.summary("dropped")
    let pending = tracking.summary("pending")
    let received = server.sequenceNumbers.sorted()
    let exact = dropped > 0 && dropped + pending == count && tracking.status == 1
      && received == Array(dropped..<count) && drain.summary("delivered") == pending
    return SmallCap(
      dropped: dropped, pending: pending, exactOldestFirst: exact,
      note: "small cap: \(tracking.summaryLine); drain: \(drain.summaryLine); received \(received.count) events, "
        + "seq \(received.first ?? -1)...\(received.last ?? -1)"
    )
  }
}
