// The Swift blocks of Sources/GoogleAnalyticsTracker/GoogleAnalyticsEvent.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerGoogleAnalyticsEvent1() {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/GoogleAnalyticsEvent.swift#1
    googleAnalyticsEvent(for: .screen(name: "Cart"))
    // .event(name: "screen_view", params: ["screen_name": "Cart"])
    // end snippet
  }
}
