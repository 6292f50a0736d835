// The Swift blocks of Sources/MixpanelTracker/MixpanelEnvironment.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func mixpanelTrackerEnvironment1(token: String, consent: ConsentStore, recorder: TrackerRecorder<MixpanelEvent>) {
  compile {
    // snippet: Sources/MixpanelTracker/MixpanelEnvironment.swift#1
    // At launch:
    MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      MixpanelTracker.Current.send = recorder.tracker
      mixpanelTracker("Signed Up")
    }
    // end snippet
  }
}
