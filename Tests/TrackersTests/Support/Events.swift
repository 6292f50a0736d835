import Trackers

enum AppEvent: Sendable, Hashable { case appLaunched, appEnteredForeground, appEnteredBackground }
enum APIErrorEvent: Sendable, Hashable {
  case unexpectedResponse(endpoint: String)
  case timeout(endpoint: String)

  var timeoutEndpoint: String? {
    guard case let .timeout(endpoint) = self else { return nil }
    return endpoint
  }
}
enum UserEvent: Sendable, Hashable { case loggedIn(userId: String), loggedOut }

enum AnalyticsEvent: Sendable, Hashable {
  case app(AppEvent)
  case api(APIErrorEvent)
  case user(UserEvent)

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
