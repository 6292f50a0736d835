// The Swift blocks of Sources/Trackers/Logging.swift, compiled: see DocSnippetTests.swift. `mixpanelTracker`
// is the shop's.
import ShopAnalytics
import ShopMixpanel
import Trackers

private func logging() {
  compile {
    // snippet: Sources/Trackers/Logging.swift#1
    let send: Tracker<AnalyticsEvent> = logging(pullback(mixpanelTracker, action: \.user), label: "mixpanel")
    send(.user(.loggedOut))
    // mixpanel: loggedOut
    // end snippet
  }
}
