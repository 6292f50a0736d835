// The Swift blocks of Sources/AmplitudeTracker/Documentation.docc/MigratingFromAmplitudeIOS.md, compiled:
// see DocSnippetTests.swift. Tests/AmplitudeTrackerTests/MigrationTests.swift runs the same configuration.
import AmplitudeTracker
import Foundation
import Trackers
import TrackersDelivery

private func migratingFromAmplitudeIOS1(secrets: Secrets, sdkDeviceId: String?, sdkUserId: String?) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/MigratingFromAmplitudeIOS.md#1
    var configuration = AmplitudeConfiguration(apiKey: secrets.amplitude)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkDeviceId, userId: sdkUserId)
    configuration.ipLocation = .vendorDefault       // located by the upload's address, as before
    configuration.sendsSessionEvents = false        // trackingSessionEvents is NO by default
    configuration.maxEventsPerRequest = 30          // eventUploadThreshold
    configuration.flushInterval = .seconds(30)      // eventUploadPeriodSeconds
    AmplitudeTracker.Current = try .live(configuration)
    // end snippet
  }
}
