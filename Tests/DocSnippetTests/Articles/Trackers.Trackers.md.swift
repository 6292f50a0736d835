// The Swift blocks of Sources/Trackers/Documentation.docc/Trackers.md, compiled: see DocSnippetTests.swift.
// The feature enums and trackers are the shop's.
import ShopAnalytics
import ShopFirebase
import ShopGoogleAnalytics
import Trackers

private func trackersOverview() {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/Trackers.md#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(googleAnalyticsTracker, action: \.app),
      pullback(firebaseAppEventTracker, action: \.app),
      pullback(firebaseAPIErrorTracker, action: \.api)
    )
    send(.app(.appLaunched))
    // end snippet
  }
}
