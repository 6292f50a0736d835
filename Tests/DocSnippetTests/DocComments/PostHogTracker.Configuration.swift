// The Swift blocks of Sources/PostHogTracker/Configuration.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerConfiguration1() {
  compile {
    // snippet: Sources/PostHogTracker/Configuration.swift#1
    PostHogTracker.Current = try .live(Configuration(apiKey: "phc_..."))
    PostHogTracker.Current = try .live(Configuration(apiKey: "phc_...", host: .eu))
    PostHogTracker.Current = try .live(Configuration(apiKey: "phc_...", host: .selfHosted(URL(string: "https://ph.example.com")!)))
    // end snippet
  }
}
