// The Swift blocks of Sources/AmplitudeTracker/Validation.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerValidation1() {
  compile {
    // snippet: Sources/AmplitudeTracker/Validation.swift#1
    #expect(amplitudeIssues(for: .event(name: "Order Completed")).isEmpty)
    amplitudeIssues(for: .userId("42"))
    // Amplitude: user id '42' has 2 characters; Amplitude rejects ids shorter than 5. To fix this, ...
    // end snippet
  }
}
