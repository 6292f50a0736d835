import Trackers

/// Sends the vendor-neutral vocabulary to Google Analytics 4 through ``Current``.
///
/// Each event is mapped (``googleAnalyticsEvent(for:)``), validated (``googleAnalyticsIssues(for:)``) and,
/// when valid, sent; an invalid event is never sent: it is counted and reported (a failing issue in debug
/// builds and tests, a log line in release) with the rule it broke.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(googleAnalyticsTracker, transform: \.analyticsData),
///   pullback(mixpanelTracker, transform: \.analyticsData)
/// )
/// ```
public let googleAnalyticsTracker: Tracker<AnalyticsData> = { data in
  let event = googleAnalyticsEvent(for: data)
  let issues = googleAnalyticsIssues(event)
  guard issues.isEmpty else {
    googleAnalyticsModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(event)
}
