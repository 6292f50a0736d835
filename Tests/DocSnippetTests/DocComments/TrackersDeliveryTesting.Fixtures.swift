// The Swift blocks of Sources/TrackersDeliveryTesting/Fixtures.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingFixtures1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/Fixtures.swift#1
    configuration.context = .fixture
    #expect(event["os_version"] == "18.1")
    // end snippet
  }
}
