// The Swift blocks of Sources/Trackers/ValidationIssue.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersValidationIssue1() {
  compile {
    // snippet: Sources/Trackers/ValidationIssue.swift#1
    #expect(googleAnalyticsIssues(for: .event(name: "add_to_cart")).isEmpty)
    let issues = googleAnalyticsIssues(for: .event(name: "add-to-cart"))
    // GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter
    // end snippet
    _ = issues
  }
}
