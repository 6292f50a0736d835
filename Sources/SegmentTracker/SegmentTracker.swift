import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to Segment through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: given the super properties (lifecycle
/// events too), redacted (when ``Current`` has a redactor),
/// mapped (``segmentMessage(for:)``), validated, then sent; an invalid event is never sent: it is counted and
/// reported with the rule it broke, to the configuration's ``TrackersDelivery/DeliveryOptions/onReport`` as a
/// ``TrackersDelivery/TrackerReport`` (without a handler: a failing issue in debug builds and tests, a log line
/// in release).
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(segmentTracker, transform: \.analyticsData),
///   pullback(postHogTracker, transform: \.analyticsData)
/// )
/// ```
public let segmentTracker: Tracker<AnalyticsData> = VendorPipeline(
  current: { Current }, map: segmentMessage(for:),
  // The rules read the vocabulary event too: the mapping replaces what some of them name (an error's
  // `message` property, a screen's name moved into a property).
  validateWithSource: { _, data in SegmentValidation.issues(in: data) },
  addToLifecycle: { message, superProperties in message.adding(superProperties) },
  // What analytics-swift (or the server) does with the same call: see <doc:RulesAndTheOfficialSDK>.
  repair: { data in
    let repaired = segmentRepaired(data)
    return EventRepair(data: repaired.data, repairs: repaired.repairs, sentAsIs: repaired.sentAsIs)
  }
).tracker

extension SegmentMessage {
  /// A track message with `properties` added, its own winning: how a lifecycle event carries the super
  /// properties. The other cases are returned as they are.
  func adding(_ properties: AnalyticsData.Properties) -> Self {
    guard case let .track(event, own) = self else { return self }
    return .track(event: event, properties: own.merging(properties) { own, _ in own })
  }
}
