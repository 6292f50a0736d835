// The Swift blocks of Sources/TrackersDeliveryTesting/TestClock.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingTestClock1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/TestClock.swift#1
    let clock = TestClock(1_793_817_970_123)
    configuration.now = { clock.now }
    clock.advance(milliseconds: 30 * 60_000 + 1)
    // end snippet
  }
}
