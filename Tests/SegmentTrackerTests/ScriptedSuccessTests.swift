import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// `ScriptedTransport()` answers as Segment does, a 200 (issue 29 item 5): one request delivers.
@Suite(.isolatedEnvironments)
struct ScriptedSuccessTests {
  @Test func aScriptedTransportAnswersSegmentsSuccess() async throws {
    let transport = ScriptedTransport()
    Current = try .live(LiveDeliveryTests().configuration(transport))
    segmentTracker("Product Added")
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(counters.delivery.retried == 0 && counters.delivery.droppedTotal == 0)
    #expect(transport.requests.map(\.path) == ["/v1/batch"])
    #expect(SegmentDestination(SegmentConfiguration(writeKey: "k")).successResponse(for: Batch(records: [], partition: "")).statusCode == 200)
    await Current.close(nil)
  }
}
