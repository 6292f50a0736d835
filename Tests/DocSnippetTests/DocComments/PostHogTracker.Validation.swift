// The Swift blocks of Sources/PostHogTracker/Validation.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerValidation1() {
  compile {
    // snippet: Sources/PostHogTracker/Validation.swift#1
    #expect(postHogIssues(for: .event(name: "order completed")).isEmpty)
    postHogIssues(for: .event(name: "$pageview"))
    // PostHog: event name '$pageview' starts with '$', which PostHog reserves for its own events. To fix this, ...
    // end snippet
  }
}
