// The Swift blocks of Sources/PostHogTracker/PostHogEnvironment.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerEnvironment1(consent: ConsentStore, recorder: TrackerRecorder<PostHogEvent>) {
  compile {
    // snippet: Sources/PostHogTracker/PostHogEnvironment.swift#1
    // At launch:
    PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      PostHogTracker.Current.send = recorder.tracker
      postHogTracker(.screen(name: "Cart"))
    }
    // end snippet
  }
}
