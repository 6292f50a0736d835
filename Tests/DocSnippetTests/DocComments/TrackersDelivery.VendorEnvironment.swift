// The Swift blocks of Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryVendorEnvironment1(token: String, consent: ConsentStore, recorder: TrackerRecorder<AnalyticsData>) {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/VendorEnvironment.swift#1
    // At launch:
    MixpanelTracker.Current = try .live(Configuration(projectToken: token, privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      MixpanelTracker.Current = .unimplemented
      MixpanelTracker.Current.send = recorder.tracker
      mixpanelTracker("Signed Up")
    }
    // end snippet
  }
}
