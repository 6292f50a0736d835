// The Swift blocks of Sources/SegmentTracker/Configuration.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerConfiguration1(secrets: Secrets) {
  compile {
    // snippet: Sources/SegmentTracker/Configuration.swift#1
    SegmentTracker.Current = try .live(Configuration(writeKey: secrets.segment))
    SegmentTracker.Current = try .live(Configuration(writeKey: secrets.segment, region: .eu))
    // end snippet
  }
}
