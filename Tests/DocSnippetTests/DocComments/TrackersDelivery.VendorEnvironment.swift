// The Swift block of Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift, compiled: see
// DocSnippetTests.swift. Its `Configuration` is MixpanelTracker's.
import MixpanelTracker
import Trackers
import TrackersDeliveryTesting
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

private func vendorEnvironmentAdaptation() {
  // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift#2
  var environment = MixpanelEnvironment.mock
  environment.adaptation = { data in
    guard case let .event(name, properties) = data else { return data }
    return .event(name: name.lowercased(), properties: properties)
  }
  // end snippet
  _ = environment
}

private func vendorEnvironmentApplyingConsent(
  configuration: MixpanelConfiguration, consent: ConsentStore, recorder: TrackerRecorder<MixpanelEvent>
) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift#3
    MixpanelTracker.Current = try .live(configuration)  // configuration.privacy = consent.registry
    MixpanelTracker.Current.send = MixpanelTracker.Current.applyingConsent(to: recorder.tracker)
    consent.deny()
    mixpanelTracker("Signed Up")
    recorder.expectNoEvents()
    // end snippet
  }
}

private func vendorEnvironmentTimedByATestClock(recorder: TrackerRecorder<MixpanelEvent>) {
  withIsolatedEnvironments {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift#4
    let clock = TestClock(1_793_817_970_000)
    MixpanelTracker.Current = MixpanelEnvironment(send: recorder.tracker, now: { clock.now })
    // end snippet
  }
}
