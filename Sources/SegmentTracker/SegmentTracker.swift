import Trackers

/// Sends the vendor-neutral vocabulary to Segment through ``Current``.
///
/// Each event is validated (``segmentIssues(for:)``), mapped (``segmentMessage(for:)``) and, when valid, sent; an
/// invalid event is never sent: it is counted and reported (a failing issue in debug builds and tests, a
/// log line in release) with the rule it broke.
///
/// ```swift
/// let send: Tracker<AnalyticsEvent> = combine(
///   pullback(segmentTracker, transform: \.analyticsData),
///   pullback(postHogTracker, transform: \.analyticsData)
/// )
/// ```
public let segmentTracker: Tracker<AnalyticsData> = { data in
  let issues = segmentIssues(for: data)
  guard issues.isEmpty else {
    segmentModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(segmentMessage(for: data))
}
