import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery

/// Where Segment's requests go and what they carry, read without a network.
@Suite struct DestinationTests {
  @Test func regionsAndSecrets() throws {
    #expect(Destination(Configuration(writeKey: "k", region: .eu)).url.absoluteString == "https://events.eu1.segmentapis.com/v1/batch")
    #expect(Destination(Configuration(writeKey: "k")).url.absoluteString == "https://api.segment.io/v1/batch")
    let configuration = Configuration(writeKey: "seg-secret-xyz")
    #expect(!configuration.description.contains("seg-secret-xyz"))
    let batch = Batch(records: [Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array("{}".utf8))], partition: "")
    let request = try Destination(configuration).makeRequest(for: batch)
    #expect(!request.description.contains(Data("seg-secret-xyz:".utf8).base64EncodedString()))
  }
}
