import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Several user properties in one message: a sign-in with seven traits is one `identify` with seven
/// `traits`, as analytics-swift's `identify(traits:)` sends them (segment.com/docs/connections/spec/identify/),
/// not seven `identify` calls.
@Suite(.isolatedEnvironments)
struct UserPropertiesTests {
  static let traits: AnalyticsData.Properties = [
    "plan": "pro", "seats": 5, "beta": true, "locale": "de-DE", "score": 4.5, "since": .date(propertyDate),
    "tags": ["early", "vip"],
  ]

  @Test func severalTraitsAreOneIdentify() {
    #expect(segmentMessage(for: .userProperties(Self.traits)) == .identify(traits: Self.traits))
    #expect(segmentIssues(for: .userProperties(Self.traits)).isEmpty)
  }

  @Test func aSignInWithSevenTraitsIsTwoMessagesOnTheWire() async throws {
    let transport = ScriptedTransport()
    Current = try .live(LiveDeliveryTests().configuration(transport))
    segmentTracker(.userId("user-42"))
    segmentTracker(.userProperties(Self.traits))
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
      [{"type": "identify", "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t)"},
       {"type": "identify", "traits": {"plan": "pro", "seats": 5, "beta": true, "locale": "de-DE", "score": 4.5,
        "since": "2023-11-14T22:13:20.000Z", "tags": ["early", "vip"]},
        "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t)"}]
      """)))
    #expect(counters.delivery.enqueued == 2)
  }

  @Test func eachTraitIsCheckedAndAnEmptySetIsNoIssue() {
    func rules(_ data: AnalyticsData) -> [String] { segmentIssues(for: data).map(\.rule) }
    #expect(rules(.userProperties([:])).isEmpty)  // nothing to set: the pipeline sends nothing (issue 38)
    #expect(rules(.userProperties(["plan": "pro", "": 1])) == ["trait-name-empty"])
    #expect(rules(.userProperties(["plan": "pro", "score": .double(.nan)])) == ["property-value-number"])
  }
}
