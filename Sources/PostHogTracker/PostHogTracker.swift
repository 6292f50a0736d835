import Trackers

/// Sends the vendor-neutral vocabulary to PostHog through ``Current``.
///
/// Each event is validated (``postHogIssues(for:)``), mapped (``postHogEvent(for:)``) and, when valid, sent; an
/// invalid event is never sent: it is counted and reported (a failing issue in debug builds and tests, a
/// log line in release) with the rule it broke.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(postHogTracker, transform: \.analyticsData),
///   pullback(amplitudeTracker, transform: \.analyticsData)
/// )
/// ```
public let postHogTracker: Tracker<AnalyticsData> = { data in
  let issues = postHogIssues(for: data)
  guard issues.isEmpty else {
    postHogModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(postHogEvent(for: data))
}
