// The Swift blocks of Sources/Trackers/Documentation.docc/GettingStarted.md, compiled: see
// DocSnippetTests.swift. The feature enums and trackers are the shop's.
import APIClient
import AppLifecycle
import MixpanelTracker
import ShopAnalytics
import ShopFirebase
import ShopGoogleAnalytics
import ShopMixpanel
import Trackers
import UserSession

enum GettingStartedUserEvent {
  // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#1
  public enum UserEvent: Sendable { case loggedIn(userId: String), loggedOut }
  // end snippet
}

private func gettingStarted() {
  typealias AppEvent = AppLifecycle.AppEvent
  compileDeclarations {
    // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#2
    enum AnalyticsEvent {
      case app(AppEvent), api(APIErrorEvent), user(UserEvent)

      var user: UserEvent? {
        guard case let .user(event) = self else { return nil }
        return event
      }
      // ... one accessor per case
    }
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#3
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(googleAnalyticsTracker, action: \.app),
      pullback(mixpanelTracker, action: \.user),
      filter(pullback(firebaseAPIErrorTracker, action: \.api)) { $0.api?.timeoutEndpoint == nil }  // not timeouts
    )
    let track = logging(send, label: "analytics")
    track(.user(.loggedIn(userId: "u1")))
    // end snippet
  }
}

// At file scope, as in an app: a global function is Sendable, so it can be the transform.
// snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#4
func analytics(_ event: UserEvent) -> AnalyticsData {
  switch event {
  case let .loggedIn(userId): .userId(userId)
  case .loggedOut: .event(name: "Logout", properties: ["reason": "user"])
  }
}
// end snippet

// snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#5
let userAnalytics: Tracker<AnalyticsEvent> = pullback(
  MixpanelTracker.mixpanelTracker, action: \.user, transform: analytics
)
// end snippet

private func dropOrFanOut() {
  compileDeclarations {
    // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#6
    enum SessionEvent: Sendable { case signedIn(userId: String), tokenRefreshed, signedOut }

    @Sendable func signIns(_ event: SessionEvent) -> AnalyticsData? {
      guard case let .signedIn(userId) = event else { return nil }  // the rest means nothing to this tracker
      return .event(name: "Signed In", properties: ["user": .string(userId)])
    }

    @Sendable func sessionAnalytics(_ event: SessionEvent) -> [AnalyticsData] {
      switch event {
      case let .signedIn(userId): [.userId(userId), .event(name: "Signed In")]
      case .tokenRefreshed: []
      case .signedOut: [.event(name: "Signed Out"), .userId(nil)]
      }
    }

    let send: Tracker<SessionEvent> = combine(
      pullback(consoleTracker, transform: signIns),
      pullback(MixpanelTracker.mixpanelTracker, transform: sessionAnalytics)
    )
    send(.signedIn(userId: "u1"))  // the console: one event; Mixpanel: the identity, then the event
    // end snippet
  }
}
