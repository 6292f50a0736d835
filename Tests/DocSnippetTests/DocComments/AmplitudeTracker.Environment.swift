// The Swift blocks of Sources/AmplitudeTracker/AmplitudeEnvironment.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerEnvironment1(secrets: Secrets, consent: ConsentStore, recorder: TrackerRecorder<AmplitudeEvent>) {
  compile {
    // snippet: Sources/AmplitudeTracker/AmplitudeEnvironment.swift#1
    // At launch:
    AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude, privacy: consent.registry))

    // In a test:
    withIsolatedEnvironments {
      AmplitudeTracker.Current.send = recorder.tracker
      amplitudeTracker(.screen(name: "Cart"))
    }
    // end snippet
  }
}
