// The Swift blocks of Sources/TrackersDelivery/DeliveryOutcome.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryDeliveryOutcome1() {
  compile {
    // snippet: Sources/TrackersDelivery/DeliveryOutcome.swift#1
    guard isDocumentedSuccess(response) else {
      return .unexpectedSuccessBody(response, vendor: "PostHog", expected: #"{"status": 1}"#)
    }
    // end snippet
  }
}
