import AmplitudeTracker
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import Trackers
import TrackersDelivery

extension VendorLink {
  /// The link for `vendor`.
  public static func forVendor(_ vendor: Vendor) -> VendorLink {
    switch vendor {
    case .ga4: googleAnalytics
    case .mixpanel: mixpanel
    case .amplitude: amplitude
    case .segment: segment
    case .posthog: postHog
    }
  }

  /// Events wait at most this long for a batch to fill: short, so a demo run ends quickly.
  static let flushInterval: Duration = .milliseconds(200)

  /// GA4 through `GoogleAnalyticsTracker`, with the module's snake-case naming: the features keep readable
  /// names for every vendor (`Product Added`), and GA4 receives `product_added`, Booleans as 1 or 0.
  public static let googleAnalytics = VendorLink(
    vendor: .ga4,
    tracker: googleAnalyticsTracker,
    printOffline: { sink, label, now in
      var environment: GoogleAnalyticsEnvironment = VendorLink.offline(sink, label, now: now)
      environment.adaptation = GoogleAnalyticsNaming.snakeCase.adaptation
      GoogleAnalyticsTracker.Current = environment
    },
    goLive: { settings in
      var configuration = GoogleAnalyticsConfiguration(
        measurementId: "G-SHOPDEMO", apiSecret: "shop-demo-secret", host: settings.endpoint,
        storageDirectory: settings.storage
      )
      configuration.naming = .snakeCase
      settings.apply(to: &configuration)
      GoogleAnalyticsTracker.Current = try .live(configuration)
    },
    flush: { await GoogleAnalyticsTracker.Current.flush() },
    close: { await GoogleAnalyticsTracker.Current.close($0) },
    counters: { GoogleAnalyticsTracker.Current.counters() }
  )

  /// Mixpanel through `MixpanelTracker`.
  public static let mixpanel = VendorLink(
    vendor: .mixpanel,
    tracker: mixpanelTracker,
    printOffline: { sink, label, now in MixpanelTracker.Current = VendorLink.offline(sink, label, now: now) },
    goLive: { settings in
      var configuration = MixpanelConfiguration(
        projectToken: "shop-demo-token", region: .custom(settings.endpoint), storageDirectory: settings.storage
      )
      settings.apply(to: &configuration)
      MixpanelTracker.Current = try .live(configuration)
    },
    flush: { await MixpanelTracker.Current.flush() },
    close: { await MixpanelTracker.Current.close($0) },
    counters: { MixpanelTracker.Current.counters() }
  )

  /// Amplitude through `AmplitudeTracker`.
  public static let amplitude = VendorLink(
    vendor: .amplitude,
    tracker: amplitudeTracker,
    printOffline: { sink, label, now in AmplitudeTracker.Current = VendorLink.offline(sink, label, now: now) },
    goLive: { settings in
      var configuration = AmplitudeConfiguration(
        apiKey: "shop-demo-key", region: .custom(settings.endpoint), storageDirectory: settings.storage
      )
      settings.apply(to: &configuration)
      AmplitudeTracker.Current = try .live(configuration)
    },
    flush: { await AmplitudeTracker.Current.flush() },
    close: { await AmplitudeTracker.Current.close($0) },
    counters: { AmplitudeTracker.Current.counters() }
  )

  /// Segment through `SegmentTracker`.
  public static let segment = VendorLink(
    vendor: .segment,
    tracker: segmentTracker,
    printOffline: { sink, label, now in SegmentTracker.Current = VendorLink.offline(sink, label, now: now) },
    goLive: { settings in
      var configuration = SegmentConfiguration(
        writeKey: "shop-demo-key", region: .custom(settings.endpoint), storageDirectory: settings.storage
      )
      settings.apply(to: &configuration)
      SegmentTracker.Current = try .live(configuration)
    },
    flush: { await SegmentTracker.Current.flush() },
    close: { await SegmentTracker.Current.close($0) },
    counters: { SegmentTracker.Current.counters() }
  )

  /// PostHog through `PostHogTracker`.
  public static let postHog = VendorLink(
    vendor: .posthog,
    tracker: postHogTracker,
    printOffline: { sink, label, now in PostHogTracker.Current = VendorLink.offline(sink, label, now: now) },
    goLive: { settings in
      var configuration = PostHogConfiguration(
        apiKey: "phc_shopdemo", host: .selfHosted(settings.endpoint), storageDirectory: settings.storage
      )
      settings.apply(to: &configuration)
      PostHogTracker.Current = try .live(configuration)
    },
    flush: { await PostHogTracker.Current.flush() },
    close: { await PostHogTracker.Current.close($0) },
    counters: { PostHogTracker.Current.counters() }
  )
}

extension VendorLink {
  /// The environment of the offline journey: each event the module would send, and each it refuses (by
  /// design, or for a broken rule: see ``Refusals``), is one line after `label`. Not configured otherwise,
  /// so the module counts what it refuses; redacting as the shop does live, and keeping super properties
  /// and timers in memory, timed by `now`.
  static func offline<Event: VendorEvent>(
    _ sink: LogSink, _ label: String, now: @escaping @Sendable () -> Date
  ) -> VendorEnvironment<Event> {
    VendorEnvironment<Event>(
      send: { sink.write(label + $0.description) },
      counters: { Event.vendorModule.counters },
      redactor: .default,
      onReport: { report in sink.write(label + Refusals.line(report)) },
      now: now)
  }
}

extension VendorLink.LiveSettings {
  /// Sets what every vendor's live configuration shares in the shop: the demo's short flush interval, the
  /// pending cap (when one was given), the report handler, the consent registry, the redaction,
  /// the context, the lifecycle and the deployment.
  func apply(to configuration: inout some VendorConfiguration) {
    let cap = maxPendingBytes
    let inFlight = maxRequestsInFlight
    let compresses = compressesRequestBodies
    let queueStorage = queueStorage
    configuration.flushInterval = VendorLink.flushInterval
    configuration.delivery = { queue in
      if let cap { queue.maxPendingBytes = cap }
      if let inFlight { queue.maxRequestsInFlight = inFlight }
      queue.compressesRequestBodies = compresses
      queue.storage = queueStorage
    }
    configuration.onReport = onReport
    configuration.privacy = privacy
    configuration.redactor = redactor
    configuration.context = context
    configuration.lifecycle = lifecycle
    configuration.options.deployment = deployment
    if let transport { configuration.transport = transport }
    configureDelivery?(&configuration.options)
  }
}
