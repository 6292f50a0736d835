import Trackers

/// What an app lifecycle event means to analytics, in the vendor-neutral vocabulary.
///
/// ```swift
/// appAnalytics(.appLaunched)   // event Application Opened
/// ```
public func appAnalytics(_ event: AppEvent) -> AnalyticsData {
  switch event {
  case .appLaunched: "Application Opened"
  case .appEnteredForeground: "Application Foregrounded"
  case .appEnteredBackground: "Application Backgrounded"
  }
}
