import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 4: a sign-in with traits is one `$identify` event with `$anon_distinct_id` and `$set`, as
/// posthog-ios's `identify(_:userProperties:)` queues one (PostHog/PostHogSDK.swift: `buildProperties` adds
/// `$set` to the `$identify` it builds).
@Suite(.isolatedEnvironments)
struct SignInTests {
  static let traits: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "since": .date(propertyDate)]

  @Test func aSignInWithTraitsIsOneIdentifyEvent() {
    let data = AnalyticsData.signIn(userId: "user-42", traits: Self.traits)
    #expect(postHogEvent(for: data) == .signIn(userId: "user-42", properties: Self.traits))
    #expect(postHogIssues(for: data).isEmpty)
    #expect(postHogEvent(for: .signIn(userId: "user-42")) == .userId("user-42"))
  }

  @Test func oneIdentifyOnTheWireAndOneFate() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(liveConfiguration(transport))
    postHogTracker(.signIn(userId: "user-42", traits: Self.traits))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    let events = try transport.requests.flatMap { request in
      try StrictJSON.check(request.body)
      return try #require(try request.json()["batch"]?.arrayValue)
    }
    try #require(events.count == 1)
    let anonymous = try #require(events[0]["properties"]?["$anon_distinct_id"]?.stringValue)
    let session = try #require(events[0]["properties"]?["$session_id"]?.stringValue)
    #expect(anonymous != "user-42")
    #expect(events[0].removing(["uuid"]) == (try parseJSON("""
      {"event": "$identify", "properties": {"distinct_id": "user-42", "$geoip_disable": true,
        \(LiveDeliveryTests.context), "$session_id": "\(session)", "$process_person_profile": true,
        "$anon_distinct_id": "\(anonymous)", "$set": {"plan": "pro", "seats": 5, "since": "2023-11-14T22:13:20.000Z"}},
       "timestamp": "2026-11-04T18:46:10.123Z"}
      """)))
    #expect(counters.events == 1 && counters.queued == 1 && counters.delivery.enqueued == 1)
  }

  @Test func withoutPersonProfilesTheSignInHoldsAndTheTraitsAreCountedUnsupported() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    var configuration = liveConfiguration(transport)
    configuration.personProfiles = .never
    Current = try .live(configuration)
    postHogTracker(.signIn(userId: "user-42", traits: Self.traits))
    postHogTracker("After")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    let events = try transport.requests.flatMap { try #require(try $0.json()["batch"]?.arrayValue) }
    #expect(events.map { $0["event"] } == ["After"])
    #expect(events.first?["properties"]?["distinct_id"] == "user-42")
    #expect(counters.unsupportedByKind == ["$set (personProfiles .never)": 1])
    #expect(counters.events == 2)
  }

  @Test func theTraitsAreCheckedAsPersonPropertiesAndTheIdAsAUserId() {
    func rules(_ data: AnalyticsData) -> [String] { postHogIssues(for: data).map(\.rule) }
    #expect(rules(.signIn(userId: "user-42", traits: ["$plan": 1])).count == 1)
    #expect(rules(.signIn(userId: "", traits: ["plan": "pro"])).count == 1)
    #expect(rules(.signIn(userId: "user-42", traits: ["plan": "pro"])).isEmpty)
  }
}
