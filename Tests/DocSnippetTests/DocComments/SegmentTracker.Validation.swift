// The Swift blocks of Sources/SegmentTracker/Validation.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerValidation1() {
  compile {
    // snippet: Sources/SegmentTracker/Validation.swift#1
    #expect(segmentIssues(for: .event(name: "Order Completed")).isEmpty)
    segmentIssues(for: .event(name: ""))
    // Segment: track event name is empty; Segment drops track calls without an event. To fix this, ...
    // end snippet
  }
}
