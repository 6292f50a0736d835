import AppLifecycle
import Trackers

/// Tracks app lifecycle events in Google Analytics.
public let googleAnalyticsTracker: Tracker<AppEvent> = { event in
  Current.send(googleAnalyticsEvent(for: event))
}

/// The Google Analytics event for an app event: snake_case names, as GA4 expects.
func googleAnalyticsEvent(for event: AppEvent) -> AnalyticsData {
  switch event {
  case .appLaunched: "app_launch"
  case .appEnteredForeground: "app_foreground"
  case .appEnteredBackground: "app_background_entered"
  // The vocabulary's standard events: the vendor module names them as its SDK does.
  case let .openedFromLink(link): .standard(.deepLinkOpened(link))
  case let .notificationReceived(push): .standard(.pushNotificationReceived(push))
  case let .notificationOpened(push): .standard(.pushNotificationOpened(push))
  }
}
