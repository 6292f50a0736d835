import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to Mixpanel through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: given the super properties (lifecycle
/// events too), redacted (when ``Current`` has a redactor),
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
  durationKey: MixpanelLimits.durationKey,
  addToLifecycle: { event, superProperties in event.adding(superProperties) },
  // What mixpanel-swift (or the server) does with the same call: see <doc:RulesAndTheOfficialSDK>.
  repair: { data in
    let repaired = mixpanelRepaired(data)
    return EventRepair(data: repaired.data, repairs: repaired.repairs, sentAsIs: repaired.sentAsIs)
  }
).tracker

extension MixpanelEvent {
  /// An event with `properties` added, its own winning: how a lifecycle event carries the super properties,
  /// as mixpanel-swift merges them into every event. The other cases carry no event properties.
  func adding(_ properties: AnalyticsData.Properties) -> Self {
    guard case let .event(name, own) = self else { return self }
    return .event(name: name, properties: own.merging(properties) { own, _ in own })
  }
}
