import Foundation
import Trackers
import TrackersDelivery

/// How the shop drives one vendor module: its tracker, and the handles on its `Current`.
///
/// Each vendor module has the same shape (an `Environment` with `send`, `flush`, `close`, `counters`, and a
/// `live(Configuration)`), so each link is a few lines; see `VendorLinks.swift`.
struct VendorLink: Sendable {
  /// Where and how a live environment delivers.
  struct LiveSettings: Sendable {
    /// The base URL the vendor's paths are appended to.
    var endpoint: URL
    /// This vendor's own directory (identity and queue).
    var storage: URL
    /// The pending cap; the queue's default when `nil`.
    var maxPendingBytes: Int?
    /// Receives the queue's reports.
    var onReport: @Sendable (DeliveryReport) -> Void
  }

  var vendor: Vendor
  /// The module's tracker of the vocabulary, adapted to the vendor's naming rules where needed.
  var tracker: Tracker<AnalyticsData>
  /// Sets the module's `Current.send` to print each vendor-shaped event as one line.
  var printOffline: @Sendable (_ sink: LogSink, _ label: String) -> Void
  /// Sets the module's `Current` to its live environment.
  var goLive: @Sendable (LiveSettings) throws -> Void
  var flush: @Sendable () async -> Void
  var close: @Sendable (Duration) async -> Void
  var counters: @Sendable () -> TrackerCounters
}
