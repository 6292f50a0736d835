// The Swift blocks of Sources/Trackers/EventPath.swift, compiled: see DocSnippetTests.swift. The feature
// enums are the shop's.
import APIClient
import AppLifecycle
import ShopAnalytics
import Trackers

private func casePathDeclared() {
  typealias AppEvent = AppLifecycle.AppEvent
  compileDeclarations {
    // snippet: Sources/Trackers/EventPath.swift#1
    enum AnalyticsEvent {
      case app(AppEvent), api(APIErrorEvent)
      var app: AppEvent? { guard case let .app(event) = self else { return nil }; return event }
    }

    let app = EventPath(AnalyticsEvent.app, \.app)
    let event = app.embed(.appLaunched)      // AnalyticsEvent.app(.appLaunched)
    let appEvent = app.extract(from: event)  // AppEvent.appLaunched
    // end snippet
    _ = appEvent
  }
}

private func casePaths() {
  compile {
    // snippet: Sources/Trackers/EventPath.swift#2
    let api = EventPath<AnalyticsEvent, APIErrorEvent>(
      embed: { .api($0) },
      extract: { if case let .api(event) = $0 { event } else { nil } }
    )
    // end snippet
    _ = api
  }
  compile {
    // snippet: Sources/Trackers/EventPath.swift#3
    // AnalyticsEvent.api(APIErrorEvent.timeout(endpoint:))
    let timeout = EventPath(AnalyticsEvent.api, \.api)
      .appending(path: EventPath(APIErrorEvent.timeout, \.timeoutEndpoint))
    timeout.extract(from: .api(.timeout(endpoint: "/cart")))   // "/cart"
    // end snippet
  }
}
