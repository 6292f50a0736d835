import Trackers

/// What a user session event means to analytics: the identity changes around the event, so that the
/// login is attributed to the user and the logout still is.
///
/// ```swift
/// userAnalytics(.loggedIn(userId: "u1"))   // [userId "u1", event Logged In]
/// userAnalytics(.loggedOut)                // [event Logged Out, userId nil]
/// ```
public func userAnalytics(_ event: UserEvent) -> [AnalyticsData] {
  switch event {
  case let .loggedIn(userId): [.userId(userId), "Logged In"]
  case .loggedOut: ["Logged Out", .userId(nil)]
  }
}
