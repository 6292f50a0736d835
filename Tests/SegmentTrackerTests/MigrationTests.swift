import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 6: the configuration of MigratingFromAnalyticsSwift.md keeps the wire analytics-swift
/// sent, pinned on a migrated app's first calls: its `anonymousId` goes on, `context` carries no `ip`
/// (Segment records the request's address, as for the SDK's messages), and a sign-in is one `identify`.
@Suite(.isolatedEnvironments)
struct MigrationTests {
  /// The article's configuration (analytics-swift's `anonymousId` and `userId`).
  static func keepingAnalyticsSwiftsWire(writeKey: String, anonymousId: String?, userId: String?) -> SegmentConfiguration {
    var configuration = SegmentConfiguration(writeKey: writeKey, region: .us)
    configuration.existingIdentity = ExistingIdentity(anonymousId: anonymousId, userId: userId)
    configuration.ipLocation = .vendorDefault   // no context.ip: Segment fills in the request's address
    configuration.maxEventsPerRequest = 20      // flushAt
    configuration.flushInterval = .seconds(30)  // flushInterval
    return configuration
  }

  @Test func analyticsSwiftsWireIsKept() async throws {
    var configuration = Self.keepingAnalyticsSwiftsWire(
      writeKey: "seg-write-key-123", anonymousId: "segment-sdk-anonymous-id", userId: nil)
    #expect(configuration.maxEventsPerRequest == 20 && configuration.flushInterval == .seconds(30))
    let transport = ScriptedTransport()
    configuration.region = .custom(LiveDeliveryTests.host)
    configuration.storageDirectory = temporaryDirectory()
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    Current = try .live(configuration)
    segmentTracker(.event(name: "Song Played", properties: ["genre": "jazz"]))
    segmentTracker(.screen(name: "Cart"))
    segmentTracker(.userId("user-42"))
    segmentTracker(.event(name: "Song Liked"))
    await Current.flush()
    await Current.close(nil)

    let requests = transport.requests
    #expect(requests.allSatisfy { $0.path == "/v1/batch" })
    #expect(requests.allSatisfy { $0.header("Authorization") == "Basic c2VnLXdyaXRlLWtleS0xMjM6" })
    let messages = try requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
    #expect(messages.map { $0["type"]?.stringValue } == ["track", "screen", "identify", "track"])
    try #require(messages.count == 4)
    #expect(messages.allSatisfy { $0["anonymousId"] == "segment-sdk-anonymous-id" })
    #expect(messages.allSatisfy { $0["context"]?["ip"] == nil && $0["context"]?["library"] != nil })
    #expect(messages.allSatisfy { $0["timestamp"] == "2026-11-04T18:46:10.123Z" })
    #expect(messages[0]["event"] == "Song Played" && messages[0]["properties"] == ["genre": "jazz"])
    #expect(messages[0]["userId"] == nil)
    #expect(messages[1]["name"] == "Cart")
    #expect(messages[2]["userId"] == "user-42" && messages[2]["traits"] == nil)
    #expect(messages[3]["event"] == "Song Liked" && messages[3]["userId"] == "user-42")
  }
}
