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

/// What analytics-swift's `Analytics` answers, for the migration snippet.
private struct AnalyticsSwiftIds {
  var anonymousId: String
  var userId: String?
}

private func segmentTrackerSegmentTracker3(configuration: SegmentConfiguration, analytics: AnalyticsSwiftIds) {
  var configuration = configuration
  // snippet: Sources/SegmentTracker/Documentation.docc/SegmentTracker.md#3
  configuration.existingIdentity = ExistingIdentity(anonymousId: analytics.anonymousId, userId: analytics.userId)
  // end snippet
  _ = configuration
}

@MainActor private func segmentTrackerSegmentTracker4(secrets: Secrets, storage: URL) {
  compile {
    // snippet: Sources/SegmentTracker/Documentation.docc/SegmentTracker.md#4
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = SegmentConfiguration(writeKey: secrets.segment)
    configuration.lifecycle = lifecycle
    SegmentTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: segmentTracker)  // Application Installed/Updated, Application Opened
    lifecycle.observeApplicationNotifications()   // Apple platforms, on the main thread: the rest
    // end snippet
  }
}
