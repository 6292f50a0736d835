import Trackers
import UserSession

/// Tracks the user session in Mixpanel: identity first, then the event.
public let mixpanelTracker: Tracker<UserEvent> = { event in
  for data in mixpanelEvents(for: event) { Current.send(data) }
}

func mixpanelEvents(for event: UserEvent) -> [AnalyticsData] {
  switch event {
  case let .loggedIn(userId): [.userId(userId), "Logged In"]
  case .loggedOut: ["Logged Out", .userId(nil)]
  }
}
