// The Swift blocks of Sources/TrackersDeliveryTesting/CollectingIssues.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingCollectingIssues1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/CollectingIssues.swift#1
    let issues = collectingIssues { acmeTracker("") }
    #expect(issues == ["Acme: event name is empty. ... To fix this, ..."])
    // end snippet
  }
}
