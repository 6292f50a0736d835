import APIClient
import AppLifecycle
import UserSession

/// Every event the app tracks: one case per feature, each carrying the feature's own enum.
enum AnalyticsEvent: Sendable, Hashable {
  case app(AppEvent)
  case api(APIErrorEvent)
  case user(UserEvent)
}

extension AnalyticsEvent {
  var app: AppEvent? {
    guard case let .app(event) = self else { return nil }
    return event
  }

  var api: APIErrorEvent? {
    guard case let .api(event) = self else { return nil }
    return event
  }

  var user: UserEvent? {
    guard case let .user(event) = self else { return nil }
    return event
  }
}
