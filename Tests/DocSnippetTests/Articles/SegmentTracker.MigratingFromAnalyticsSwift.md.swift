// The Swift blocks of Sources/SegmentTracker/Documentation.docc/MigratingFromAnalyticsSwift.md, compiled:
// see DocSnippetTests.swift. Tests/SegmentTrackerTests/MigrationTests.swift runs the same configuration.
import Foundation
import SegmentTracker
import Trackers
import TrackersDelivery

@MainActor private func migratingFromAnalyticsSwift1(
  secrets: Secrets, storage: URL, sdkAnonymousId: String?, sdkUserId: String?
) {
  compile {
    // snippet: Sources/SegmentTracker/Documentation.docc/MigratingFromAnalyticsSwift.md#1
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)
    var configuration = SegmentConfiguration(writeKey: secrets.segment)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkAnonymousId, userId: sdkUserId)
    configuration.ipLocation = .vendorDefault   // no context.ip: Segment fills in the request's address
    configuration.lifecycle = lifecycle         // trackApplicationLifecycleEvents is true by default
    configuration.maxEventsPerRequest = 20      // flushAt
    configuration.flushInterval = .seconds(30)  // flushInterval
    SegmentTracker.Current = try .live(configuration)
    lifecycle.launched(tracking: segmentTracker)
    lifecycle.observeApplicationNotifications()
    // end snippet
  }
}
