// The Swift blocks of Sources/PostHogTracker/Documentation.docc/MigratingFromPostHogIOS.md, compiled:
// see DocSnippetTests.swift. Tests/PostHogTrackerTests/MigrationTests.swift runs the same configuration.
import Foundation
import PostHogTracker
import Trackers
import TrackersDelivery

@MainActor private func migratingFromPostHogIOS1(storage: URL, sdkAnonymousId: String?, sdkSignedInUserId: String?) {
  compile {
    // snippet: Sources/PostHogTracker/Documentation.docc/MigratingFromPostHogIOS.md#1
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)
    var configuration = PostHogConfiguration(apiKey: "phc_...", host: .us)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkAnonymousId, userId: sdkSignedInUserId)
    configuration.ipLocation = .vendorDefault   // no "$geoip_disable": posthog-ios sends none
    configuration.personProfiles = .identifiedOnly
    configuration.lifecycle = lifecycle         // captureApplicationLifecycleEvents is true by default
    configuration.maxEventsPerRequest = 50      // maxBatchSize
    configuration.flushInterval = .seconds(30)  // flushIntervalSeconds
    PostHogTracker.Current = try .live(configuration)
    lifecycle.launched(tracking: postHogTracker)
    lifecycle.observeApplicationNotifications()
    // end snippet
  }
}
