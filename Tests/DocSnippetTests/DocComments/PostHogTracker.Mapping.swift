// The Swift blocks of Sources/PostHogTracker/Mapping.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerMapping1() {
  compile {
    // snippet: Sources/PostHogTracker/Mapping.swift#1
    postHogEvent(for: .userProperty(name: "plan", value: "pro"))
    // .setPersonProperties(["plan": "pro"])
    // end snippet
  }
}
