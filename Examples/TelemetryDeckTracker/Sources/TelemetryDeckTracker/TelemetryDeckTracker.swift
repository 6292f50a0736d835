import Trackers

/// Sends the vendor-neutral vocabulary to TelemetryDeck through ``Current``.
///
/// Each event is validated (``telemetryDeckIssues(for:)``), mapped (``telemetryDeckSignal(for:)``) and, when valid,
/// sent; an invalid event is never sent: it is counted and reported (a failing issue in debug builds and
/// tests, a log line in release) with the rule it broke.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(telemetryDeckTracker, transform: \.analyticsData),
///   pullback(postHogTracker, transform: \.analyticsData)
/// )
/// ```
public let telemetryDeckTracker: Tracker<AnalyticsData> = { data in
  let issues = telemetryDeckIssues(for: data)
  guard issues.isEmpty else {
    telemetryDeckModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(telemetryDeckSignal(for: data))
}
