// The Swift blocks of Sources/GoogleAnalyticsTracker/GoogleAnalyticsTracker.swift, compiled:
// see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerGoogleAnalyticsTracker1() {
  /// The app's root event, which knows its analytics.
  struct AnalyticsEvent { var analyticsData: AnalyticsData }
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/GoogleAnalyticsTracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(googleAnalyticsTracker, transform: \.analyticsData),
      pullback(mixpanelTracker, transform: \.analyticsData)
    )
    // end snippet
    _ = send
  }
}
