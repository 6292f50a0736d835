// The Swift blocks of Sources/GoogleAnalyticsTracker/Validation.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerValidation1() {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Validation.swift#1
    #expect(googleAnalyticsIssues(for: .event(name: "add_to_cart")).isEmpty)
    googleAnalyticsIssues(for: .event(name: "add-to-cart")).map(\.description)
    // ["GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter"]
    // end snippet
  }
}
