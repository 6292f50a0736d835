// The Swift blocks of Sources/SegmentTracker/SegmentEnvironment.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerEnvironment1(secrets: Secrets, consent: ConsentStore, recorder: TrackerRecorder<SegmentMessage>) {
  compile {
    // snippet: Sources/SegmentTracker/SegmentEnvironment.swift#1
    // At launch:
    SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment, privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      SegmentTracker.Current.send = recorder.tracker
      segmentTracker(.screen(name: "Cart"))
    }
    // end snippet
  }
}
