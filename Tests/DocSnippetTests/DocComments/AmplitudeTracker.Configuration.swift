// The Swift blocks of Sources/AmplitudeTracker/Configuration.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerConfiguration1(secrets: Secrets) {
  compile {
    // snippet: Sources/AmplitudeTracker/Configuration.swift#1
    AmplitudeTracker.Current = try .live(Configuration(apiKey: secrets.amplitude))
    AmplitudeTracker.Current = try .live(Configuration(apiKey: secrets.amplitude, region: .eu))
    // end snippet
  }
}
