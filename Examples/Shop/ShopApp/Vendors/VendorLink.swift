import Foundation
import Trackers
import TrackersDelivery

/// How the shop (and the benchmark) drives one vendor module: its tracker, and handles on its `Current`.
///
/// Every vendor module has the same shape (a `MixpanelEnvironment`, ... with `send`, `flush`, `close`, `counters`,
/// and `live(MixpanelConfiguration)`), so each link is a few lines (see `VendorLinks.swift`):
///
/// ```swift
/// let link = VendorLink.forVendor(.mixpanel)
/// try link.goLive(.init(endpoint: collectorURL, storage: directory))
/// link.tracker("Signed Up")
/// await link.flush()
/// ```
public struct VendorLink: Sendable {
  /// Where and how a live environment delivers.
  public struct LiveSettings: Sendable {
    /// The base URL the vendor's paths are appended to.
    public var endpoint: URL
    /// This vendor's own directory (identity and queue).
    public var storage: URL
    /// The pending cap; the queue's default when `nil`.
    public var maxPendingBytes: Int?
    /// Receives the module's reports: invalid events, refusals, and the queue's as `.delivery(_:)`.
    public var onReport: @Sendable (TrackerReport) -> Void
    /// The consent store's registry (`consent.registry`): the queue sends only while consent for the
    /// vendor is granted, and is purged when it is refused. `nil` sends without asking.
    public var privacy: PrivacyRegistry?
    /// The context every event carries: the shop's name and version over what the system tells.
    public var context: ContextProvider
    /// The app's lifecycle: the queue flushes when the app goes to the background, and the vendor's
    /// session hears of it.
    public var lifecycle: ApplicationLifecycle?
    /// Replaces personal data before the module maps, validates, queues or logs an event: the shop's
    /// default redaction. `nil` sends what it is given (the benchmark measures the module alone).
    public var redactor: Redactor? = .default
    /// An app (the shop) or a server (`shop-server`: no device context, no lifecycle; each event carries
    /// its own user's `EventSubject`).
    public var deployment: DeliveryOptions.Deployment = .app
    /// The HTTP client; `nil` for the vendor module's default (`URLSessionTransport`). The shop's tests
    /// script it.
    package var transport: (any HTTPTransport)?
    /// Whether bodies go gzip-compressed where the vendor accepts it (the queue's default); the benchmark's
    /// loopback server, which counts events in the bodies it reads, turns it off.
    package var compressesRequestBodies = true
    /// Adjusts the vendor's delivery options after the settings above are applied: a test puts the queue on
    /// its `VirtualQueueClock` (`{ $0.queueClock = clock }`), so no retry or close waits on the wall clock.
    package var configureDelivery: (@Sendable (inout DeliveryOptions) -> Void)?

    /// Requests on their way at once (``DeliveryConfiguration/maxRequestsInFlight``); the queue's default
    /// when `nil`. The benchmark compares with 1.
    package var maxRequestsInFlight: Int?

    /// Where pending events live (``DeliveryConfiguration/storage``): on disk in ``storage`` (the default),
    /// or in memory, as the shop's server keeps them.
    package var queueStorage: DeliveryConfiguration.Storage = .disk

    /// Creates settings; unless `onReport` is given, the queue's reports are ignored and the module's
    /// own (an invalid event, a storage failure) take the module's default.
    public init(
      endpoint: URL, storage: URL, maxPendingBytes: Int? = nil, privacy: PrivacyRegistry? = nil,
      context: ContextProvider = ShopApp.context, lifecycle: ApplicationLifecycle? = nil,
      onReport: @escaping @Sendable (TrackerReport) -> Void = { report in
        if case .delivery = report.kind {} else { report.reportByDefault() }
      }
    ) {
      self.endpoint = endpoint
      self.storage = storage
      self.maxPendingBytes = maxPendingBytes
      self.privacy = privacy
      self.context = context
      self.lifecycle = lifecycle
      self.onReport = onReport
    }
  }

  /// Which vendor.
  public var vendor: Vendor
  /// The module's tracker of the vocabulary, adapted to the vendor's naming rules where needed.
  public var tracker: Tracker<AnalyticsData>
  /// Sets the module's `Current` to print each vendor-shaped event, or why the module refuses it, as one
  /// line, `label` first; timed events are timed by `now`.
  public var printOffline: @Sendable (_ sink: LogSink, _ label: String, _ now: @escaping @Sendable () -> Date) -> Void
  /// Sets the module's `Current` to its live environment.
  public var goLive: @Sendable (LiveSettings) throws -> Void
  /// `Current.flush()`.
  public var flush: @Sendable () async -> Void
  /// `Current.close(timeout)`.
  public var close: @Sendable (Duration) async -> Void
  /// `Current.counters()`.
  public var counters: @Sendable () -> TrackerCounters
}
