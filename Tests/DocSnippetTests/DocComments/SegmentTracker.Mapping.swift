// The Swift blocks of Sources/SegmentTracker/Mapping.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerMapping1() {
  compile {
    // snippet: Sources/SegmentTracker/Mapping.swift#1
    segmentMessage(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
    // .track(event: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
    // end snippet
  }
}
