// The Swift blocks of Sources/PostHogTracker/PostHogConfiguration.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerConfiguration1() {
  compile {
    // snippet: Sources/PostHogTracker/PostHogConfiguration.swift#1
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_..."))
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", host: .eu))
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", host: .selfHosted(URL(string: "https://ph.example.com")!)))
    // end snippet
  }
}

private func postHogTrackerConfiguration2() {
  compile {
    // snippet: Sources/PostHogTracker/PostHogConfiguration.swift#2
    var configuration = PostHogConfiguration(apiKey: "phc_...")
    configuration.personProfiles = .always   // a profile for anonymous users too
    // end snippet
    _ = configuration
  }
}
