// The Swift blocks of Sources/AmplitudeTracker/Documentation.docc/AmplitudeTracker.md, compiled:
// see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerAmplitudeTracker1(secrets: Secrets) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/AmplitudeTracker.md#1
    AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude, region: .eu))
    amplitudeTracker(.screen(name: "Cart"))
    // end snippet
  }
}

private func amplitudeTrackerAmplitudeTracker2(key: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/AmplitudeTracker.md#2
    AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: key, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

@MainActor private func amplitudeTrackerAmplitudeTracker3(secrets: Secrets, storage: URL) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/AmplitudeTracker.md#3
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = AmplitudeConfiguration(apiKey: secrets.amplitude)
    configuration.lifecycle = lifecycle
    AmplitudeTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: amplitudeTracker)  // Installed/Updated, then Opened
    lifecycle.observeApplicationNotifications()     // Apple platforms, on the main thread: the rest
    // end snippet
  }
}

private func amplitudeTrackerAmplitudeTracker4(secrets: Secrets, sdkDeviceId: String, sdkUserId: String?) {
  compile {
    // snippet: Sources/AmplitudeTracker/Documentation.docc/AmplitudeTracker.md#4
    var configuration = AmplitudeConfiguration(apiKey: secrets.amplitude)
    configuration.existingIdentity = ExistingIdentity(anonymousId: sdkDeviceId, userId: sdkUserId)
    AmplitudeTracker.Current = try .live(configuration)
    // end snippet
  }
}
