// The Swift blocks of Sources/Trackers/Documentation.docc/GettingStarted.md, compiled: see
// DocSnippetTests.swift. The feature enums and trackers are the shop's.
import APIClient
import AmplitudeTracker
import AppLifecycle
import GoogleAnalyticsTracker
import SegmentTracker
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

/// The feature enums of a real app's root: each feature module's own events, and the app's enum with an
/// optional accessor per case. Declared here, outside the blocks, as each feature module declares its own.
private enum RootOfAnApp {
  enum OnboardingEvent: Sendable { case started, finished }
  enum CatalogEvent: Sendable { case productViewed(id: String) }
  enum SearchEvent: Sendable { case searched(query: String), keystroke }
  enum CartEvent: Sendable { case added(id: String) }
  enum CheckoutEvent: Sendable { case purchased(total: Double) }
  enum AccountEvent: Sendable { case passwordChanged }
  enum SettingsEvent: Sendable { case themeChanged(String) }
  enum NotificationEvent: Sendable { case enabled }
  enum SessionEvent: Sendable { case signedIn(userId: String), signedOut }

  enum ShopEvent: Sendable {
    case onboarding(OnboardingEvent), catalog(CatalogEvent), search(SearchEvent), cart(CartEvent)
    case checkout(CheckoutEvent), account(AccountEvent), settings(SettingsEvent)
    case notifications(NotificationEvent), session(SessionEvent), raw(AnalyticsData)

    var onboarding: OnboardingEvent? { if case let .onboarding(event) = self { event } else { nil } }
    var catalog: CatalogEvent? { if case let .catalog(event) = self { event } else { nil } }
    var search: SearchEvent? { if case let .search(event) = self { event } else { nil } }
    var cart: CartEvent? { if case let .cart(event) = self { event } else { nil } }
    var checkout: CheckoutEvent? { if case let .checkout(event) = self { event } else { nil } }
    var account: AccountEvent? { if case let .account(event) = self { event } else { nil } }
    var settings: SettingsEvent? { if case let .settings(event) = self { event } else { nil } }
    var notifications: NotificationEvent? { if case let .notifications(event) = self { event } else { nil } }
    var session: SessionEvent? { if case let .session(event) = self { event } else { nil } }
    var raw: AnalyticsData? { if case let .raw(event) = self { event } else { nil } }
  }

  @Sendable static func onboardingAnalytics(_ event: OnboardingEvent) -> AnalyticsData { "onboarding" }
  @Sendable static func catalogAnalytics(_ event: CatalogEvent) -> AnalyticsData { "product_viewed" }
  @Sendable static func searchAnalytics(_ event: SearchEvent) -> AnalyticsData? {
    if case let .searched(query) = event { .standard(.searched(query: query)) } else { nil }
  }
  @Sendable static func cartAnalytics(_ event: CartEvent) -> AnalyticsData { "add_to_cart" }
  @Sendable static func checkoutAnalytics(_ event: CheckoutEvent) -> AnalyticsData { "purchase" }
  @Sendable static func accountAnalytics(_ event: AccountEvent) -> AnalyticsData { "password_changed" }
  @Sendable static func settingsAnalytics(_ event: SettingsEvent) -> AnalyticsData { "theme_changed" }
  @Sendable static func notificationAnalytics(_ event: NotificationEvent) -> AnalyticsData { "push_enabled" }
  @Sendable static func sessionAnalytics(_ event: SessionEvent) -> [AnalyticsData] {
    switch event {
    case let .signedIn(userId): [.userId(userId), "signed_in"]
    case .signedOut: ["signed_out"]
    }
  }

  static func root() {
    let amplitudeTracker = AmplitudeTracker.amplitudeTracker
    let googleAnalyticsTracker = GoogleAnalyticsTracker.googleAnalyticsTracker
    let mixpanelTracker = MixpanelTracker.mixpanelTracker
    compile {
      // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#7
      let track: Tracker<ShopEvent> = combineTrackers {
        pullback(amplitudeTracker, action: \.onboarding, transform: onboardingAnalytics)
        pullback(amplitudeTracker, action: \.catalog, transform: catalogAnalytics)
        pullback(amplitudeTracker, action: \.search, transform: searchAnalytics)
        pullback(amplitudeTracker, action: \.cart, transform: cartAnalytics)
        pullback(amplitudeTracker, action: \.checkout, transform: checkoutAnalytics)
        pullback(amplitudeTracker, action: \.account, transform: accountAnalytics)
        pullback(amplitudeTracker, action: \.settings, transform: settingsAnalytics)
        pullback(amplitudeTracker, action: \.notifications, transform: notificationAnalytics)
        pullback(amplitudeTracker, action: \.session, transform: sessionAnalytics)
        pullback(googleAnalyticsTracker, action: \.catalog, transform: catalogAnalytics)
        pullback(googleAnalyticsTracker, action: \.search, transform: searchAnalytics)
        pullback(googleAnalyticsTracker, action: \.checkout, transform: checkoutAnalytics)
        pullback(googleAnalyticsTracker, action: \.session, transform: sessionAnalytics)
        pullback(consoleTracker, action: \.raw)
      }
      // end snippet
      _ = track
    }
    compile {
      // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#8
      let forms: Tracker<ShopEvent> = combineTrackers {
        pullback(amplitudeTracker, action: \.checkout, transform: checkoutAnalytics)  // a key path, one event each
        pullback(amplitudeTracker, action: \.search, transform: searchAnalytics)  // -> AnalyticsData?: drops some
        pullback(segmentTracker, action: \.session, transform: sessionAnalytics)  // -> [AnalyticsData]: fans out
        pullback(mixpanelTracker, along: EventPath(ShopEvent.cart, \.cart), transform: cartAnalytics)  // an EventPath
        pullback(googleAnalyticsTracker, action: { $0.catalog }, transform: catalogAnalytics)  // a closure
        pullback(consoleTracker, action: \.raw)  // the accessor alone: the events are the tracker's already
      }
      // end snippet
      _ = forms
    }
  }
}
