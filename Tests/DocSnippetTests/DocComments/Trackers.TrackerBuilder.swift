// The Swift blocks of Sources/Trackers/TrackerBuilder.swift and ForwardedEvents.swift, compiled: see
// DocSnippetTests.swift. The classic root's trackers are the shop's.
import APIClient
import AmplitudeTracker
import AppLifecycle
import GoogleAnalyticsTracker
import MixpanelTracker
import SegmentTracker
import ShopAnalytics
import ShopFirebase
import UserSession
import Trackers

private func builderWithConditionsAndLoops() {
  enum CheckoutEvent { case purchased }
  enum SearchEvent { case searched(String) }
  enum SessionEvent { case signedIn(String) }
  enum AppEvent {
    case checkout(CheckoutEvent), search(SearchEvent), session(SessionEvent)
    var checkout: CheckoutEvent? { guard case let .checkout(event) = self else { return nil }; return event }
    var search: SearchEvent? { guard case let .search(event) = self else { return nil }; return event }
    var session: SessionEvent? { guard case let .session(event) = self else { return nil }; return event }
  }
  struct Configuration { var sendsSearchToGoogle = true }
  let configuration = Configuration()
  @Sendable func checkoutAnalytics(_ event: CheckoutEvent) -> AnalyticsData { "purchase" }
  @Sendable func searchAnalytics(_ event: SearchEvent) -> AnalyticsData { "search" }
  @Sendable func sessionAnalytics(_ event: SessionEvent) -> [AnalyticsData] { ["signed_in"] }
  compile {
    // snippet: Sources/Trackers/TrackerBuilder.swift#1
    let track: Tracker<AppEvent> = combineTrackers {
      pullback(amplitudeTracker, action: \.checkout, transform: checkoutAnalytics)
      if configuration.sendsSearchToGoogle {
        pullback(googleAnalyticsTracker, action: \.search, transform: searchAnalytics)
      }
      for vendor in [amplitudeTracker, mixpanelTracker] {
        pullback(vendor, action: \.session, transform: sessionAnalytics)
      }
    }
    // end snippet
    _ = track
  }
}

private func classicRootAsABuilder() {
  typealias AppEvent = AppLifecycle.AppEvent
  let googleAnalyticsTracker: Tracker<AppEvent> = { _ in }
  let mixpanelTracker: Tracker<UserEvent> = { _ in }
  compile {
    // snippet: Sources/Trackers/TrackerBuilder.swift#2
    let track: Tracker<AnalyticsEvent> = combineTrackers {
      pullback(googleAnalyticsTracker, action: \.app)
      pullback(firebaseAppEventTracker, action: \.app)
      pullback(firebaseAPIErrorTracker, action: \.api)
      pullback(mixpanelTracker, action: \.user)
    }
    // end snippet
    _ = track
  }
}

private func forwardedEvents() {
  enum SessionEvent { case signedIn(userId: String), tokenRefreshed }
  enum AppEvent {
    case session(SessionEvent)
    var session: SessionEvent? { guard case let .session(event) = self else { return nil }; return event }
  }
  compileDeclarations {
    // snippet: Sources/Trackers/ForwardedEvents.swift#1
    @Sendable func analytics(_ event: SessionEvent) -> [AnalyticsData] {
      switch event {
      case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
      case .tokenRefreshed: []
      }
    }
    let sessionTracker: Tracker<AppEvent> = pullback(segmentTracker, action: \.session, transform: analytics)
    // end snippet
    _ = sessionTracker
  }
}
