// The Swift blocks of Sources/AmplitudeTracker/AmplitudeConfiguration.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerConfiguration1(secrets: Secrets) {
  compile {
    // snippet: Sources/AmplitudeTracker/AmplitudeConfiguration.swift#1
    AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude))
    AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude, region: .eu))
    // end snippet
  }
}
