// The Swift blocks of Sources/SegmentTracker/SegmentConfiguration.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerConfiguration1(secrets: Secrets) {
  compile {
    // snippet: Sources/SegmentTracker/SegmentConfiguration.swift#1
    SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment))
    SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment, region: .eu))
    // end snippet
  }
}
