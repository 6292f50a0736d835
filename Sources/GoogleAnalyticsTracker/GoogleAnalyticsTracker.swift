import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to Google Analytics 4 through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: adapted to GA4's names (when the
/// configuration's ``GoogleAnalyticsConfiguration/naming`` is ``GoogleAnalyticsNaming/keepingAcceptedNames`` or
/// ``GoogleAnalyticsNaming/snakeCase``), given the
/// super properties (lifecycle events too), redacted (when ``Current`` has a redactor),
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
  current: { Current }, map: googleAnalyticsEvent(for:), validateWithSource: googleAnalyticsIssues(_:source:),
  addToLifecycle: { event, superProperties in event.adding(superProperties) },
  // What Firebase Analytics does with the same call: see <doc:RulesAndTheOfficialSDK>.
  repair: { data in
    let repaired = googleAnalyticsRepaired(data)
    return EventRepair(data: repaired.data, repairs: repaired.repairs, sentAsIs: repaired.sentAsIs)
  }
).tracker

extension GoogleAnalyticsEvent {
  /// An event with `properties` added to its parameters, its own winning: how a lifecycle event carries the
  /// super properties. The other cases have no parameters.
  func adding(_ properties: AnalyticsData.Properties) -> Self {
    guard case let .event(name, params) = self else { return self }
    return .event(name: name, params: params.merging(properties) { own, _ in own })
  }
}
