import Foundation
import Trackers

/// The shop example's entry point: parses the command line and runs the journey, the load generator or
/// a drain. `shop`'s `main.swift` is one call to ``run(_:output:errors:)``.
public enum ShopApp {
  /// Runs `shop` with `arguments` (without the program name) and returns the exit status: 0 on success,
  /// 1 if anything was dropped, 2 for a command line it cannot run.
  public static func run(
    _ arguments: [String],
    output: LogSink = .standardOutput,
    errors: LogSink = .standardError
  ) async -> Int32 {
    let options: ShopOptions
    do {
      switch try ShopOptions.parse(arguments) {
      case .help:
        output.write(ShopOptions.help)
        return 0
      case let .run(parsed):
        options = parsed
      }
    } catch {
      errors.write("shop: \(error)")
      return 2
    }
    if options.endpoint != nil {
      // TEMPORARY: delivery arrives with the vendor modules (branches vendors-a and vendors-b).
      errors.write("shop: --endpoint needs the vendor modules, which are not merged into this build yet. "
        + "To fix this, run shop without --endpoint.")
      return 2
    }
    let summaries = playOffline(vendors: options.vendors, output: output)
    for summary in summaries { output.write(summary.line) }
    return summaries.contains { $0.dropped > 0 } ? 1 : 0
  }

  /// Plays the scripted journey offline: every vendor prints what it would receive, nothing is sent.
  static func playOffline(vendors: [Vendor], output: LogSink) -> [ShopSummary] {
    let start = ContinuousClock.now
    output.write("shop: the scripted journey, offline. Each feature event, then what it means to analytics (->),")
    output.write("then one line per vendor: what that vendor would receive.")
    let counts = vendors.map { _ in LockedCounter() }
    let vendorTrackers: [Tracker<AnalyticsData>] = zip(vendors, counts).map { vendor, count in
      let label = "      " + vendor.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      return { data in
        count.increment()
        output.write(label + temporaryVendorPreview(vendor, data))
      }
    }
    let vendorsTracker = logging(combine(vendorTrackers), to: output) { "  -> \($0)" }
    let track = shopTracker(vendors: vendorsTracker, logFeatureEvents: output)
    let clock = ContinuousClock()
    let trackTime = clock.measure {
      Journey.play(into: track, log: output)
    }
    output.write("")
    let elapsed = ContinuousClock.now - start
    return zip(vendors, counts).map { vendor, count in
      let tracked = count.value
      return ShopSummary(
        vendor: vendor, tracked: tracked, delivered: 0, dropped: 0, retried: 0, pending: 0,
        trackNanosecondsPerEvent: tracked == 0 ? 0 : trackTime.nanoseconds / Double(tracked),
        elapsedSeconds: elapsed.seconds
      )
    }
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  var seconds: Double { nanoseconds / 1e9 }
}
