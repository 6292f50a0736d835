import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery

/// Where Segment's requests go and what they carry, read without a network.
@Suite struct DestinationTests {
  @Test func regionsAndSecrets() throws {
    #expect(SegmentDestination(SegmentConfiguration(writeKey: "k", region: .eu)).url.absoluteString == "https://events.eu1.segmentapis.com/v1/batch")
    #expect(SegmentDestination(SegmentConfiguration(writeKey: "k")).url.absoluteString == "https://api.segment.io/v1/batch")
    let configuration = SegmentConfiguration(writeKey: "seg-secret-xyz")
    #expect(!configuration.description.contains("seg-secret-xyz"))
    let batch = Batch(records: [Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array("{}".utf8))], partition: "")
    let request = try SegmentDestination(configuration).makeRequest(for: batch)
    #expect(!request.description.contains(Data("seg-secret-xyz:".utf8).base64EncodedString()))
  }

  /// A batch that fills the queue's byte limit exactly (payloads plus one separator byte each) makes a body
  /// one byte under `SegmentLimits.requestBytes`; one byte more would not fit the limit, and the queue sends
  /// it in the next batch.
  @Test func aFullBatchStaysUnderFourHundredSeventyFiveThousandBytes() throws {
    #expect(SegmentLimits.requestBytes == 475_000)  // "500 KB" read as 500,000, less room, as Segment's SDKs cut
    for authentication in [SegmentConfiguration.Authentication.basicHeader, .bodyWriteKey] {
      let destination = SegmentDestination(SegmentConfiguration(writeKey: "seg-write-key", authentication: authentication))
      let maxBytes = destination.limits.maxBytes
      var sizes = Array(repeating: 30_000, count: maxBytes / 30_001)
      sizes.append(maxBytes - sizes.count * 30_001 - 1)
      #expect(sizes.reduce(0, +) + sizes.count == maxBytes)
      let records = sizes.map { size in
        let payload = #"{"p":""# + String(repeating: "x", count: size - 8) + #""}"#
        return Record(id: RecordID(), enqueuedAt: Date(), attempts: 0, partition: "", payload: Array(payload.utf8))
      }
      let body = try destination.makeRequest(for: Batch(records: records, partition: "")).body
      #expect(body.count == SegmentLimits.requestBytes - 1, "\(authentication)")
    }
  }
}
