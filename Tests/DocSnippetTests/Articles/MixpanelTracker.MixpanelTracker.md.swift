// The Swift blocks of Sources/MixpanelTracker/Documentation.docc/MixpanelTracker.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func mixpanelTrackerMixpanelTracker1(token: String) {
  compile {
    // snippet: Sources/MixpanelTracker/Documentation.docc/MixpanelTracker.md#1
    MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, region: .eu))
    mixpanelTracker(.userId("user-42"))
    mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro"]))
    // end snippet
  }
}

private func mixpanelTrackerMixpanelTracker2(token: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/MixpanelTracker/Documentation.docc/MixpanelTracker.md#2
    MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

@MainActor private func mixpanelTrackerMixpanelTracker3(token: String, storage: URL) {
  compile {
    // snippet: Sources/MixpanelTracker/Documentation.docc/MixpanelTracker.md#3
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = MixpanelConfiguration(projectToken: token)
    configuration.lifecycle = lifecycle
    MixpanelTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: mixpanelTracker)  // Application Installed/Updated, Application Opened
    lifecycle.observeApplicationNotifications()    // Apple platforms, on the main thread: the rest
    // end snippet
  }
}
