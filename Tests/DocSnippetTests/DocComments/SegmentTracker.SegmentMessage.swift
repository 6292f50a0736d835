// The Swift blocks of Sources/SegmentTracker/SegmentMessage.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerSegmentMessage1() {
  compile {
    // snippet: Sources/SegmentTracker/SegmentMessage.swift#1
    segmentMessage(for: .userProperty(name: "plan", value: "pro"))
    // .identify(traits: ["plan": "pro"])
    // end snippet
  }
}
