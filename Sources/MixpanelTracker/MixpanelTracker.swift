import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to Mixpanel through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: redacted (when ``Current`` has a redactor),
/// mapped (``mixpanelEvent(for:)``), validated, then sent; an invalid event is never sent: it is counted and
/// reported with the rule it broke, to the configuration's ``TrackersDelivery/DeliveryOptions/onReport`` as a
/// ``TrackersDelivery/TrackerReport`` (without a handler: a failing issue in debug builds and tests, a log line
/// in release).
///
/// ```swift
/// mixpanelTracker(.userId("user-42"))
/// mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro"]))
/// ```
public let mixpanelTracker: Tracker<AnalyticsData> = VendorPipeline(
  current: { Current }, map: mixpanelEvent(for:), validateWithSource: mixpanelIssues(_:source:),
  durationKey: MixpanelLimits.durationKey
).tracker
