import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to PostHog through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: given the super properties (lifecycle
/// events too), redacted (when ``Current`` has a redactor),
/// mapped (``postHogEvent(for:)``), validated, then sent; an invalid event is never sent: it is counted and
/// reported with the rule it broke, to the configuration's ``TrackersDelivery/DeliveryOptions/onReport`` as a
/// ``TrackersDelivery/TrackerReport`` (without a handler: a failing issue in debug builds and tests, a log line
/// in release).
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(postHogTracker, transform: \.analyticsData),
///   pullback(amplitudeTracker, transform: \.analyticsData)
/// )
/// ```
public let postHogTracker: Tracker<AnalyticsData> = VendorPipeline(
  current: { Current }, map: postHogEvent(for:),
  // The rules read the vocabulary event too: the mapping replaces what some of them name (an error's
  // `message` property, a screen's name moved into a property).
  validateWithSource: { _, data in PostHogValidation.issues(in: data) },
  addToLifecycle: { event, superProperties in event.adding(superProperties) },
  // What posthog-ios (or the server) does with the same call: see <doc:RulesAndTheOfficialSDK>.
  repair: { data in
    let repaired = postHogRepaired(data)
    return EventRepair(data: repaired.data, repairs: repaired.repairs, sentAsIs: repaired.sentAsIs)
  }
).tracker

extension PostHogEvent {
  /// A capture with `properties` added, its own winning: how a lifecycle event carries the super properties
  /// (`$process_person_profile` among them), as posthog-ios merges them into every event. The other cases
  /// are returned as they are.
  func adding(_ properties: AnalyticsData.Properties) -> Self {
    guard case let .capture(event, own) = self else { return self }
    return .capture(event: event, properties: own.merging(properties) { own, _ in own })
  }
}
