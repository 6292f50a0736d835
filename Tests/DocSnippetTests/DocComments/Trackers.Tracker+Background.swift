// The Swift blocks of Sources/Trackers/Tracker+Background.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersTrackerBackground1() {
  compile {
    // snippet: Sources/Trackers/Tracker+Background.swift#1
    let send = onSerialQueue(slowVendorTracker)
    send(.event(name: "Signup"))   // returns at once
    // end snippet
  }
}
