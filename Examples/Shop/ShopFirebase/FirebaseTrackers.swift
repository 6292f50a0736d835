import APIClient
import AppLifecycle
import Trackers

/// Tracks app lifecycle events in Firebase.
public let firebaseAppEventTracker: Tracker<AppEvent> = { event in
  Current.send(firebaseEvent(for: event))
}

/// Tracks API failures in Firebase, as errors carrying the endpoint.
public let firebaseAPIErrorTracker: Tracker<APIErrorEvent> = { event in
  Current.send(firebaseEvent(for: event))
}

func firebaseEvent(for event: AppEvent) -> AnalyticsData {
  switch event {
  case .appLaunched: "app_open"
  case .appEnteredForeground: .event(name: "app_state", properties: ["state": "foreground"])
  case .appEnteredBackground: .event(name: "app_state", properties: ["state": "background"])
  // The vocabulary's standard events: the vendor module names them as its SDK does.
  case let .openedFromLink(link): .standard(.deepLinkOpened(link))
  case let .notificationReceived(push): .standard(.pushNotificationReceived(push))
  case let .notificationOpened(push): .standard(.pushNotificationOpened(push))
  }
}

func firebaseEvent(for event: APIErrorEvent) -> AnalyticsData {
  switch event {
  case let .unexpectedResponse(endpoint):
    .error(message: "unexpected response", properties: ["endpoint": .string(endpoint)])
  case let .timeout(endpoint):
    .error(message: "timeout", properties: ["endpoint": .string(endpoint)])
  }
}
