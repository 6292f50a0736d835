import Trackers
import TrackersDelivery

/// Sends the vendor-neutral vocabulary to TelemetryDeck through ``Current``.
///
/// Each event runs the kit's ``TrackersDelivery/VendorPipeline``: redacted (when ``Current`` has a redactor),
/// mapped (``telemetryDeckSignal(for:)``), validated (``telemetryDeckIssues(for:)``), then sent; an invalid event is never
/// sent: it is counted and reported with the rule it broke, to the configuration's `onReport` as a
/// `TrackerReport` (without a handler: a failing issue in debug builds and tests, a log line in release).
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(telemetryDeckTracker, transform: \.analyticsData),
///   pullback(postHogTracker, transform: \.analyticsData)
/// )
/// ```
public let telemetryDeckTracker: Tracker<AnalyticsData> = VendorPipeline(
  current: { Current }, map: telemetryDeckSignal(for:),
  // The rules read the vocabulary event too: the mapping turns every value into text, so "no arrays or
  // objects" and "finite numbers" can only be checked on what the app wrote.
  validateWithSource: { _, data in TelemetryDeckValidation.issues(in: data) },
  // The SDK's own duration parameter (its stopAndSendDurationSignal), so TelemetryDeck's insights read it.
  durationKey: TelemetryDeckNames.durationInSeconds,
  // Lifecycle signals carry the registered super properties too, as the built-in vendors' do.
  addToLifecycle: { signal, superProperties in signal.adding(superProperties) }
).tracker

extension TelemetryDeckEvent {
  /// A signal with `properties` added to its payload as TelemetryDeck's strings, its own keys winning: how a
  /// lifecycle signal carries the super properties. The other cases are returned as they are.
  func adding(_ properties: AnalyticsData.Properties) -> Self {
    guard case let .signal(type, payload, floatValue) = self else { return self }
    var merged = payload
    for (key, value) in properties where merged[key] == nil {
      if let text = payloadString(value) { merged[key] = text }
    }
    return .signal(type: type, payload: merged, floatValue: floatValue)
  }
}
