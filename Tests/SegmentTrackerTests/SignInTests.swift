import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 4: a sign-in with traits is one `identify` with `userId` and `traits`, as analytics-swift's
/// `identify(userId:traits:)` sends one `IdentifyEvent(userId:traits:)` (Sources/Segment/Events.swift).
@Suite(.isolatedEnvironments)
struct SignInTests {
  static let traits: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "since": .date(propertyDate)]

  @Test func aSignInWithTraitsIsOneIdentifyMessage() {
    let data = AnalyticsData.signIn(userId: "user-42", traits: Self.traits)
    #expect(segmentMessage(for: data) == .signIn(userId: "user-42", traits: Self.traits))
    #expect(segmentIssues(for: data).isEmpty)
    // No traits: a plain sign-in.
    #expect(segmentMessage(for: .signIn(userId: "user-42")) == .userId("user-42"))
  }

  @Test func oneIdentifyOnTheWireAndOneFate() async throws {
    let transport = ScriptedTransport()
    Current = try .live(LiveDeliveryTests().configuration(transport))
    segmentTracker(.signIn(userId: "user-42", traits: Self.traits))
    segmentTracker("Order Viewed")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    let messages = try transport.requests.flatMap { request in
      try StrictJSON.check(request.body)
      return try #require(try request.json()["batch"]?.arrayValue)
    }
    try #require(messages.count == 2)
    let anonymous = try #require(messages[0]["anonymousId"]?.stringValue)
    let t = "2026-11-04T18:46:10.123Z"
    #expect(PropertyValue.array(messages.map { $0.removing(["messageId", "context"]) }) == (try parseJSON("""
      [{"type": "identify", "userId": "user-42", "anonymousId": "\(anonymous)",
        "traits": {"plan": "pro", "seats": 5, "since": "2023-11-14T22:13:20.000Z"}, "timestamp": "\(t)"},
       {"type": "track", "event": "Order Viewed", "userId": "user-42", "anonymousId": "\(anonymous)",
        "timestamp": "\(t)"}]
      """)))
    // Two events, two fates: the sign-in is one queued event of one record, as the track is.
    #expect(counters.events == 2 && counters.queued == 2 && counters.delivery.enqueued == 2)
  }

  @Test func theTraitsAreCheckedAsUserPropertiesAndTheIdAsAUserId() {
    func rules(_ data: AnalyticsData) -> [String] { segmentIssues(for: data).map(\.rule) }
    #expect(rules(.signIn(userId: "user-42", traits: ["": 1])) == ["trait-name-empty"])
    #expect(rules(.signIn(userId: "", traits: ["plan": "pro"])) == ["user-id-empty"])
    #expect(rules(.signIn(userId: "user-42", traits: ["score": .double(.nan)])) == ["property-value-number"])
  }
}
