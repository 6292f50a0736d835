import Foundation
import GoogleAnalyticsTracker
import Trackers
import TrackersDelivery

extension VendorLink {
  /// The link for `vendor`.
  static func forVendor(_ vendor: Vendor) -> VendorLink {
    switch vendor {
    case .ga4: googleAnalytics
    case .mixpanel, .amplitude, .segment, .posthog: temporaryPreview(vendor)
    }
  }

  /// GA4 through the `GoogleAnalyticsTracker` module; names and values adapted by ``ga4Compatible(_:)``.
  static let googleAnalytics = VendorLink(
    vendor: .ga4,
    tracker: pullback(googleAnalyticsTracker, transform: ga4Compatible),
    printOffline: { sink, label in
      GoogleAnalyticsTracker.Current.send = { event in sink.write(label + event.description) }
    },
    goLive: { settings in
      var configuration = GoogleAnalyticsTracker.Configuration(
        measurementId: "G-SHOPDEMO", apiSecret: "shop-demo-secret", host: settings.endpoint,
        storageDirectory: settings.storage
      )
      configuration.flushInterval = .milliseconds(200)
      configuration.delivery = { $0.maxPendingBytes = settings.maxPendingBytes ?? $0.maxPendingBytes }
      configuration.onReport = settings.onReport
      GoogleAnalyticsTracker.Current = try .live(configuration)
    },
    flush: { await GoogleAnalyticsTracker.Current.flush() },
    close: { timeout in await GoogleAnalyticsTracker.Current.close(timeout) },
    counters: { GoogleAnalyticsTracker.Current.counters() }
  )
}

// TEMPORARY: until the Mixpanel, Amplitude, Segment and PostHog modules are merged, these vendors print an
// approximation of their wire shape offline and cannot deliver.
extension VendorLink {
  static func temporaryPreview(_ vendor: Vendor) -> VendorLink {
    let printer = Printer()
    return VendorLink(
      vendor: vendor,
      tracker: { data in printer.write(temporaryVendorPreview(vendor, data)) },
      printOffline: { sink, label in printer.set(sink, label) },
      goLive: { _ in throw VendorNotAvailable(vendor: vendor) },
      flush: {},
      close: { _ in },
      counters: { TrackerCounters() }
    )
  }

  struct VendorNotAvailable: Error, CustomStringConvertible {
    var vendor: Vendor
    var description: String {
      "the \(vendor) module is not in this build yet, so it cannot deliver. To fix this, use --vendor ga4 with --endpoint."
    }
  }
}

private final class Printer: Sendable {
  private let state = LockIsolatedSink()
  func set(_ sink: LogSink, _ label: String) { state.set(sink, label) }
  func write(_ line: String) { state.write(line) }
}
