import Trackers
import UserSession

/// Tracks the user session in Mixpanel: identity first on login, last on logout.
public let mixpanelTracker: Tracker<UserEvent> = { event in
  for data in userAnalytics(event) { Current.send(data) }
}
