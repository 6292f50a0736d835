// The Swift blocks of Sources/GoogleAnalyticsTracker/Mapping.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerMapping1() {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Mapping.swift#1
    googleAnalyticsEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
    // .event(name: "app_error", params: ["error_message": "timeout", "endpoint": "/cart"])
    // end snippet
  }
}
