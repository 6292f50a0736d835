import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// Segment as the conformance suite sees it: `/v1/batch` with `messageId`; no partial success.
let segmentModule = TrackerModuleDescription<SegmentMessage>(
  name: "SegmentTracker", consentDestination: SegmentConfiguration.consentDestination,
  maxEventsPerRequest: SegmentLimits.messagesPerRequest, maxBytesPerRequest: SegmentLimits.requestBytes,
  secret: "segment-secret-write-key",
  live: { apply in
    var configuration = SegmentConfiguration(writeKey: "segment-secret-write-key", region: .custom(URL(string: "https://segment.test")!))
    apply(&configuration.options)
    return try .live(configuration)
  },
  map: segmentMessage(for:),
  events: { try $0.json()["batch"]?.arrayValue ?? [] },
  dedupId: { $0["messageId"]?.stringValue },
  anonymousIds: { request in try (request.json()["batch"]?.arrayValue ?? []).compactMap { $0["anonymousId"]?.stringValue } },
  credentialError: .status(401, body: "Unauthorized")
)

@Suite struct ConformanceTests {
  @Test(arguments: ConformanceRequirement.allCases)
  func conforms(to requirement: ConformanceRequirement) async {
    let result = await requirement.check(segmentModule)
    #expect(result.passed, "\(result)")
  }
}
