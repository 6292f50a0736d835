import Foundation
import AmplitudeTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 4: a sign-in with traits is one `$identify` event with the new `user_id` and
/// `user_properties: {"$set": ...}`, as Amplitude-Swift's `setUserId(userId:)` (which sends nothing) then
/// `identify(identify:)` (one `IdentifyEvent`) send it (Sources/Amplitude/Amplitude.swift).
@Suite(.isolatedEnvironments)
struct SignInTests {
  static let traits: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "since": .date(propertyDate)]

  @Test func aSignInWithTraitsIsOneIdentifyEvent() {
    let data = AnalyticsData.signIn(userId: "user-42", traits: Self.traits)
    #expect(amplitudeEvent(for: data) == .signIn(userId: "user-42", properties: Self.traits))
    #expect(amplitudeIssues(for: data).isEmpty)
    #expect(amplitudeEvent(for: .signIn(userId: "user-42")) == .userId("user-42"))
  }

  @Test func oneIdentifyOnTheWireAndOneFate() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(liveConfiguration(transport))
    amplitudeTracker(.signIn(userId: "user-42", traits: Self.traits))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    let events = try transport.requests.flatMap { request in
      try StrictJSON.check(request.body)
      return try parseJSON(request.body)["events"]?.arrayValue ?? []
    }
    try #require(events.count == 1)
    let device = try #require(events[0]["device_id"]?.stringValue)
    #expect(events[0].removing(["insert_id"]) == (try parseJSON("""
      {"event_type": "$identify", "device_id": "\(device)", "user_id": "user-42", "time": 1793817970123,
       "session_id": 1793817970123, \(LiveDeliveryTests.context),
       "user_properties": {"$set": {"plan": "pro", "seats": 5, "since": "2023-11-14T22:13:20.000Z"}}}
      """)))
    #expect(counters.events == 1 && counters.queued == 1 && counters.identityUpdates == 0)
    #expect(counters.delivery.enqueued == 1)
  }

  @Test func theTraitsAreCheckedAsUserPropertiesAndTheIdAsAUserId() {
    func rules(_ data: AnalyticsData) -> [String] { amplitudeIssues(for: data).map(\.rule) }
    #expect(rules(.signIn(userId: "user-42", traits: ["$set": 1])) == ["user-property-name-reserved"])
    #expect(rules(.signIn(userId: "user-42", traits: ["plan": "pro"])).isEmpty)
    #expect(!rules(.signIn(userId: "null", traits: ["plan": "pro"])).isEmpty)
  }
}
