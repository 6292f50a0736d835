import Foundation
import GoogleAnalyticsTracker
import ShopApp
import Trackers

/// Benchmark 2: the cost of `track` on the caller's thread into a live environment whose endpoint is down
/// (mapping, validation, encoding, the durable append), next to baselines measured in the same run: one
/// `write(2)` of a 240-byte record (the floor issue 13 measures against), writing a pre-serialized line
/// with `FileHandle`, and `JSONSerialization` + that write.
enum TrackBenchmark {
  static let rounds = 21
  static let eventsPerRound = 1_000

  /// The benchmark's event: a name every vendor accepts, three typed properties.
  static func event(_ seq: Int) -> AnalyticsData {
    .event(name: "product_added", properties: ["sku": "tea-sencha", "price": 12.5, "seq": .int(seq)])
  }

  /// The module's own tracker. GA4's is configured as the shop configures it, with the module's snake-case
  /// naming (`naming = .snakeCase`, cached per distinct name), whose check this event's name passes as it is.
  static func moduleTracker(_ link: VendorLink) -> Tracker<AnalyticsData> {
    link.vendor == .ga4 ? googleAnalyticsTracker : link.tracker
  }

  /// Median nanoseconds per event of `body(seq)` over `rounds` rounds.
  static func medianNanoseconds(_ body: (Int) -> Void) -> Double {
    var seq = 0
    for _ in 0..<200 {  // warm up
      body(seq)
      seq += 1
    }
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      for _ in 0..<eventsPerRound {
        body(seq)
        seq += 1
      }
      samples.append((ContinuousClock.now - start).nanoseconds / Double(eventsPerRound))
    }
    return samples.median
  }

  /// `track` into `link`'s live environment with nothing listening at the endpoint: the module alone (or
  /// with the shop's redaction, `redacted`, which runs inside the module since issue 21), and what an app
  /// pays for the same event through its composed root (``composed(_:)``) into the same environment,
  /// measured one after the other.
  static func trackNanoseconds(
    _ link: VendorLink, scratch: URL, redacted: Bool = false
  ) async throws -> (module: Double, composed: Double) {
    let storage = scratch.appendingPathComponent("track-\(link.vendor)\(redacted ? "-redacted" : "")", isDirectory: true)
    var settings = VendorLink.LiveSettings(endpoint: URL(string: "http://127.0.0.1:9")!, storage: storage)
    settings.redactor = redacted ? .default : nil
    try link.goLive(settings)
    let track = moduleTracker(link)
    let module = medianNanoseconds { track(event($0)) }
    let app = composed(track)
    let composed = medianNanoseconds { app(.f2(.viewed(id: $0))) }
    await link.close(.milliseconds(100))
    return (module, composed)
  }

  /// An app's root as the README composes it: four features' events, each pulled back into the vendor's
  /// tracker through its accessor and its mapping to the vocabulary, combined. Each feature maps its event
  /// to the benchmark's ``event(_:)``, so the figure differs from the module's alone only by the composition.
  static func composed(_ vendor: @escaping Tracker<AnalyticsData>) -> Tracker<AppEvent> {
    combine(DispatchBenchmark.accessors.prefix(4).map { accessor in
      pullback(vendor, action: accessor, transform: { (feature: FeatureEvent) -> AnalyticsData in
        switch feature {
        case let .viewed(seq), let .tapped(seq), let .failed(seq): event(seq)
        }
      })
    })
  }

  /// Issue 13's floor: one `write(2)` of a 240-byte record to a file opened for appending, called as a C
  /// program calls it.
  static func writeSyscallNanoseconds(scratch: URL) throws -> Double {
    let path = scratch.appendingPathComponent("baseline-write2.log").path
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(fd) }
    let record = [UInt8](repeating: UInt8(ascii: "x"), count: 239) + [10]
    return record.withUnsafeBytes { bytes in
      medianNanoseconds { _ in _ = write(fd, bytes.baseAddress, bytes.count) }
    }
  }

  /// One `FileHandle.write` of a pre-serialized event line.
  static func fileHandleNanoseconds(scratch: URL) throws -> Double {
    let url = scratch.appendingPathComponent("baseline-filehandle.jsonl")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let line = Data(#"{"event":"product_added","properties":{"price":12.5,"seq":123456,"sku":"tea-sencha"},"time":1700000000000,"$insert_id":"6F0E1C2A-1B7D-4C1E-9A61-0D5B4C9E2F11"}"#.utf8 + [10])
    return medianNanoseconds { _ in handle.write(line) }
  }

  /// What an encoder built on Foundation's JSON costs: `JSONSerialization` of the event, then the same write.
  static func jsonSerializationNanoseconds(scratch: URL) throws -> Double {
    let url = scratch.appendingPathComponent("baseline-jsonserialization.jsonl")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let newline = Data([10])
    return medianNanoseconds { seq in
      let object: [String: Any] = [
        "event": "product_added",
        "properties": ["sku": "tea-sencha", "price": 12.5, "seq": seq] as [String: Any],
        "time": 1_700_000_000_000, "$insert_id": "6F0E1C2A-1B7D-4C1E-9A61-0D5B4C9E2F11",
      ]
      var data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      data.append(newline)
      handle.write(data)
    }
  }
}
