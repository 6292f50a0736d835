import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to Google Analytics 4 through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: redacted (when ``Current`` has a redactor),
/// mapped (``googleAnalyticsEvent(for:)``), validated, then sent; an invalid event is never sent: it is counted and
/// reported with the rule it broke, to the configuration's ``TrackersDelivery/DeliveryOptions/onReport`` as a
/// ``TrackersDelivery/TrackerReport`` (without a handler: a failing issue in debug builds and tests, a log line
/// in release).
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(googleAnalyticsTracker, transform: \.analyticsData),
///   pullback(mixpanelTracker, transform: \.analyticsData)
/// )
/// ```
public let googleAnalyticsTracker: Tracker<AnalyticsData> = VendorPipeline(
  current: { Current }, map: googleAnalyticsEvent(for:), validateWithSource: googleAnalyticsIssues(_:source:)
).tracker
