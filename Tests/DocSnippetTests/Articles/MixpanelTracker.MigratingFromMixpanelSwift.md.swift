// The Swift blocks of Sources/MixpanelTracker/Documentation.docc/MigratingFromMixpanelSwift.md, compiled:
// see DocSnippetTests.swift. Tests/MixpanelTrackerTests/MigrationTests.swift runs the same configuration.
import Foundation
import MixpanelTracker
import Trackers
import TrackersDelivery

private func migratingFromMixpanelSwift1(token: String, sdkAnonymousId: String?, sdkUserId: String?) {
  compile {
    // snippet: Sources/MixpanelTracker/Documentation.docc/MigratingFromMixpanelSwift.md#1
    var configuration = MixpanelConfiguration(projectToken: token, region: .us)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkAnonymousId, userId: sdkUserId)
    configuration.ipLocation = .vendorDefault    // ip=1: useIPAddressForGeoLocation is true by default
    configuration.maxEventsPerRequest = 50       // flushBatchSize
    configuration.flushInterval = .seconds(60)   // initialize(flushInterval: 60)
    MixpanelTracker.Current = try .live(configuration)
    // end snippet
  }
}
