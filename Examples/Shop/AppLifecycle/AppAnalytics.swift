import Trackers

/// What an app lifecycle event means to analytics, in the vendor-neutral vocabulary.
///
/// ```swift
/// appAnalytics(.appLaunched)   // event Application Opened
/// appAnalytics(.opened(from: URL(string: "shop://tea?utm_source=mail&token=1")!, sourceApplication: nil))
/// // standard Deep Link Opened {"url": "shop://tea?utm_source=mail&token=redacted"}
/// ```
public func appAnalytics(_ event: AppEvent) -> AnalyticsData {
  switch event {
  case .appLaunched: "Application Opened"
  case .appEnteredForeground: "Application Foregrounded"
  case .appEnteredBackground: "Application Backgrounded"
  case let .openedFromLink(link): .standard(.deepLinkOpened(link))
  case let .notificationReceived(push): .standard(.pushNotificationReceived(push))
  case let .notificationOpened(push): .standard(.pushNotificationOpened(push))
  }
}
