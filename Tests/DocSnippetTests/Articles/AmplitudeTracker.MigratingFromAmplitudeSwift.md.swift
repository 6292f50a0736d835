// The Swift blocks of Sources/AmplitudeTracker/Documentation.docc/MigratingFromAmplitudeSwift.md, compiled:
// see DocSnippetTests.swift. Tests/AmplitudeTrackerTests/MigrationTests.swift runs the same configuration.
import AmplitudeTracker
import Foundation
import Trackers
import TrackersDelivery

private func migratingFromAmplitudeSwift1(secrets: Secrets, sdkDeviceId: String?, sdkUserId: String?) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/MigratingFromAmplitudeSwift.md#1
    var configuration = AmplitudeConfiguration(apiKey: secrets.amplitude)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkDeviceId, userId: sdkUserId)
    configuration.ipLocation = .vendorDefault       // "ip": "$remote", as TrackingOptions() sends it
    configuration.sendsSessionEvents = true         // autocapture: .sessions, the default
    configuration.maxEventsPerRequest = 30          // flushQueueSize
    configuration.flushInterval = .seconds(30)      // flushIntervalMillis
    AmplitudeTracker.Current = try .live(configuration)
    // end snippet
  }
}

private func migratingFromAmplitudeSwift2(secrets: Secrets, consent: ConsentStore) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/MigratingFromAmplitudeSwift.md#2
    var configuration = AmplitudeConfiguration(apiKey: secrets.amplitude, privacy: consent.registry)
    configuration.whileConsentUnknown = .drop     // as the SDK, which sends until opted out, drops nothing it is given
    AmplitudeTracker.Current = try .live(configuration)
    consent.deny(destination: AmplitudeConfiguration.consentDestination)   // optOut = true
    // end snippet
  }
}
