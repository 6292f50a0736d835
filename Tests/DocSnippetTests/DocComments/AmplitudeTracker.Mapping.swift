// The Swift blocks of Sources/AmplitudeTracker/Mapping.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerMapping1() {
  compile {
    // snippet: Sources/AmplitudeTracker/Mapping.swift#1
    amplitudeEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
    // .event(type: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
    // end snippet
  }
}
