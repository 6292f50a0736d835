// The Swift block of Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift, compiled: see
// DocSnippetTests.swift. Its `Configuration` is MixpanelTracker's.
import MixpanelTracker
import Trackers
import TrackersTesting

private func vendorEnvironment(token: String, consent: ConsentStore, recorder: TrackerRecorder<MixpanelEvent>) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift#1
    // At launch:
    MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      MixpanelTracker.Current = .unimplemented
      MixpanelTracker.Current.send = recorder.tracker
      mixpanelTracker("Signed Up")
    }
    // end snippet
  }
}
