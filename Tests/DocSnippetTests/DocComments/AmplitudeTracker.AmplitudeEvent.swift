// The Swift blocks of Sources/AmplitudeTracker/AmplitudeEvent.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerAmplitudeEvent1() {
  compile {
    // snippet: Sources/AmplitudeTracker/AmplitudeEvent.swift#1
    amplitudeEvent(for: .screen(name: "Cart"))
    // .event(type: "[Amplitude] Screen Viewed", properties: ["[Amplitude] Screen Name": "Cart"])
    // end snippet
  }
}
