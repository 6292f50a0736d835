// The Swift blocks of Sources/Trackers/Tracker.swift, compiled: see DocSnippetTests.swift. The feature
// enums and trackers are the shop's.
import APIClient
import AmplitudeTracker
import AppLifecycle
import MixpanelTracker
import ShopAnalytics
import ShopFirebase
import SegmentTracker
import ShopGoogleAnalytics
import Trackers

private func trackers() {
  compile {
    // snippet: Sources/Trackers/Tracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(googleAnalyticsTracker, action: \.app),
      pullback(firebaseAPIErrorTracker, action: \.api)
    )
    send(.app(.appLaunched))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/Tracker.swift#3
    let api = EventPath(AnalyticsEvent.api, \.api)
    let tracker: Tracker<AnalyticsEvent> = pullback(firebaseAPIErrorTracker, along: api)
    // end snippet
    _ = tracker
  }
}

private func pullbackTransform() {
  /// A feature's events.
  enum CheckoutEvent { case purchased(total: Double) }
  compileDeclarations {
    // snippet: Sources/Trackers/Tracker.swift#4
    @Sendable func analytics(_ event: CheckoutEvent) -> AnalyticsData {
      switch event {
      case let .purchased(total): .event(name: "purchase", properties: ["value": .double(total)])
      }
    }
    let checkoutTracker: Tracker<CheckoutEvent> = pullback(mixpanelTracker, transform: analytics)
    // end snippet
    _ = checkoutTracker
  }
}

private func pullbackOneCall() {
  enum CheckoutEvent { case purchased(total: Double) }
  enum AppEvent {
    case checkout(CheckoutEvent)
    var checkout: CheckoutEvent? {
      guard case let .checkout(event) = self else { return nil }
      return event
    }
  }
  @Sendable func analytics(_ event: CheckoutEvent) -> AnalyticsData {
    switch event {
    case let .purchased(total): .event(name: "purchase", properties: ["value": .double(total)])
    }
  }
  compile {
    // snippet: Sources/Trackers/Tracker.swift#8
    let checkout = EventPath(AppEvent.checkout, \.checkout)
    let checkoutTracker: Tracker<AppEvent> = pullback(mixpanelTracker, along: checkout, transform: analytics)
    // end snippet
    _ = checkoutTracker
  }
}

private func pullbackAction() {
  typealias AppEvent = AppLifecycle.AppEvent
  compileDeclarations {
    // snippet: Sources/Trackers/Tracker.swift#2
    enum AnalyticsEvent {
      case app(AppEvent), api(APIErrorEvent)
      var app: AppEvent? {
        guard case let .app(event) = self else { return nil }
        return event
      }
    }
    let appTracker: Tracker<AnalyticsEvent> = pullback(googleAnalyticsTracker, action: \.app)
    // end snippet
    _ = appTracker
  }
}

private func pullbackDropping() {
  enum CatalogEvent { case productViewed(String), scrolled }
  compileDeclarations {
    // snippet: Sources/Trackers/Tracker.swift#5
    @Sendable func analytics(_ event: CatalogEvent) -> AnalyticsData? {
      switch event {
      case let .productViewed(id): .event(name: "product_viewed", properties: ["product_id": .string(id)])
      case .scrolled: nil  // no analytics meaning
      }
    }
    let catalogTracker: Tracker<CatalogEvent> = pullback(mixpanelTracker, transform: analytics)
    // end snippet
    _ = catalogTracker
  }
}

private func pullbackFanningOut() {
  enum SessionEvent { case signedIn(String), tokenRefreshed }
  compileDeclarations {
    // snippet: Sources/Trackers/Tracker.swift#6
    @Sendable func analytics(_ event: SessionEvent) -> [AnalyticsData] {
      switch event {
      case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
      case .tokenRefreshed: []
      }
    }
    let sessionTracker: Tracker<SessionEvent> = pullback(segmentTracker, transform: analytics)
    // end snippet
    _ = sessionTracker
  }
}

private func pullbackOneCallDropping() {
  enum SearchEvent { case searched(query: String), keystroke }
  enum AppEvent {
    case search(SearchEvent)
    var search: SearchEvent? {
      guard case let .search(event) = self else { return nil }
      return event
    }
  }
  compileDeclarations {
    // snippet: Sources/Trackers/Tracker.swift#7
    @Sendable func analytics(_ event: SearchEvent) -> AnalyticsData? {
      switch event {
      case let .searched(query): .standard(.searched(query: query))
      case .keystroke: nil  // too many to be worth an event
      }
    }
    let searchTracker: Tracker<AppEvent> = pullback(amplitudeTracker, action: \.search, transform: analytics)
    // end snippet
    _ = searchTracker
  }
}

private func pullbackAlongDropping() {
  enum SessionEvent { case signedIn(String), tokenRefreshed }
  enum AppEvent {
    case session(SessionEvent)
    var session: SessionEvent? {
      guard case let .session(event) = self else { return nil }
      return event
    }
  }
  @Sendable func sessionAnalytics(_ event: SessionEvent) -> [AnalyticsData] {
    switch event {
    case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
    case .tokenRefreshed: []
    }
  }
  compile {
    // snippet: Sources/Trackers/Tracker.swift#9
    let session = EventPath(AppEvent.session, \.session)
    let sessionTracker: Tracker<AppEvent> = pullback(segmentTracker, along: session, transform: sessionAnalytics)
    // end snippet
    _ = sessionTracker
  }
}
