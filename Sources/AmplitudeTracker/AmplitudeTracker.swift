import Trackers

/// Sends the vendor-neutral vocabulary to Amplitude through ``Current``.
///
/// Each event is validated (``amplitudeIssues(for:)``), mapped (``amplitudeEvent(for:)``) and, when valid, sent; an
/// invalid event is never sent: it is counted and reported (a failing issue in debug builds and tests, a
/// log line in release) with the rule it broke.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(amplitudeTracker, transform: \.analyticsData),
///   pullback(segmentTracker, transform: \.analyticsData)
/// )
/// ```
public let amplitudeTracker: Tracker<AnalyticsData> = { data in
  let issues = amplitudeIssues(for: data)
  guard issues.isEmpty else {
    amplitudeModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(amplitudeEvent(for: data))
}
