// The Swift blocks of Sources/SegmentTracker/Documentation.docc/SegmentTracker.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerSegmentTracker1(secrets: Secrets) {
  compile {
    // snippet: Sources/SegmentTracker/Documentation.docc/SegmentTracker.md#1
    SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment, region: .eu))
    segmentTracker(.screen(name: "Cart"))
    // end snippet
  }
}

private func segmentTrackerSegmentTracker2(key: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/SegmentTracker/Documentation.docc/SegmentTracker.md#2
    SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: key, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

@MainActor private func segmentTrackerSegmentTracker3(secrets: Secrets, storage: URL) {
  compile {
    // snippet: Sources/SegmentTracker/Documentation.docc/SegmentTracker.md#3
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = SegmentConfiguration(writeKey: secrets.segment)
    configuration.lifecycle = lifecycle
    SegmentTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: segmentTracker)  // Application Installed/Updated, Application Opened
    lifecycle.observeApplicationNotifications()   // Apple platforms, on the main thread: the rest
    // end snippet
  }
}
