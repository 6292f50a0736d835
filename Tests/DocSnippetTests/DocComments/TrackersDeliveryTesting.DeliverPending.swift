// The Swift blocks of Sources/TrackersDeliveryTesting/DeliverPending.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTestingDeliverPending1() {
  compile {
    // snippet: Sources/TrackersDeliveryTesting/DeliverPending.swift#1
    environment.send(event)
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 1)
    // end snippet
  }
}
