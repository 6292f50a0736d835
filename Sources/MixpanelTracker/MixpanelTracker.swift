import Trackers

/// Sends the vendor-neutral vocabulary to Mixpanel through ``Current``.
///
/// Each event is mapped (``mixpanelEvent(for:)``), validated (``mixpanelIssues(for:)``) and, when
/// valid, sent; an invalid event is never sent: it is counted and reported with the rule it broke.
///
/// ```swift
/// mixpanelTracker(.userId("user-42"))
/// mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro"]))
/// ```
public let mixpanelTracker: Tracker<AnalyticsData> = { data in
  let event = mixpanelEvent(for: data)
  let issues = mixpanelIssues(event)
  guard issues.isEmpty else {
    mixpanelModule.rejectInvalid(issues, event: data.description)
    return
  }
  Current.send(event)
}
