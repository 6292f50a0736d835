import APIClient
import AppLifecycle
import UserSession

/// Every event the app tracks: one case per feature, each carrying the feature's own enum.
public enum AnalyticsEvent: Sendable, Hashable {
  case app(AppEvent)
  case api(APIErrorEvent)
  case user(UserEvent)
}

extension AnalyticsEvent {
  /// The app lifecycle event, if this is one.
  public var app: AppEvent? {
    guard case let .app(event) = self else { return nil }
    return event
  }

  /// The API failure, if this is one.
  public var api: APIErrorEvent? {
    guard case let .api(event) = self else { return nil }
    return event
  }

  /// The user session event, if this is one.
  public var user: UserEvent? {
    guard case let .user(event) = self else { return nil }
    return event
  }
}
