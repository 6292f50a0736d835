// The Swift blocks of Sources/PostHogTracker/PostHogEvent.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerPostHogEvent1() {
  compile {
    // snippet: Sources/PostHogTracker/PostHogEvent.swift#1
    postHogEvent(for: .screen(name: "Cart"))
    // .capture(event: "$screen", properties: ["$screen_name": "Cart"])
    // end snippet
  }
}
