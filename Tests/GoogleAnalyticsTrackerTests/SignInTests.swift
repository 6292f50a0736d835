import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 4: a sign-in with traits is Firebase's `setUserID` then `setUserProperty` for each: no
/// request by itself; the next event's request carries the `user_id` and the `user_properties`. One event to
/// the counters, an identity update; all or none, the id included.
@Suite(.isolatedEnvironments)
struct SignInTests {
  @Test func aSignInWithTraitsIsOneChange() {
    let data = AnalyticsData.signIn(userId: "user-42", traits: ["tier": "gold", "seats": 5])
    #expect(googleAnalyticsEvent(for: data) == .signIn(userId: "user-42", userProperties: ["tier": "gold", "seats": 5]))
    #expect(googleAnalyticsIssues(for: data).isEmpty)
    #expect(googleAnalyticsEvent(for: .signIn(userId: "user-42")) == .userId("user-42"))
  }

  @Test func nothingIsSentByItselfAndTheNextEventCarriesBoth() async throws {
    let transport = ScriptedTransport()
    Current = try .live(liveConfiguration(transport))
    googleAnalyticsTracker(.signIn(userId: "user-42", traits: ["tier": "gold", "seats": 5]))
    await Current.flush()
    #expect(transport.requests.isEmpty)  // no message of its own
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.events == 2 && counters.identityUpdates == 1 && counters.queued == 1)
    try #require(transport.requests.count == 1)
    let body = try transport.requests[0].json()
    let client = try #require(body["client_id"]?.stringValue)
    let event = try #require(body["events"]?.arrayValue?.first)
    let session = try #require(event["params"]?["session_id"])
    let micros = try #require(event["timestamp_micros"])
    #expect(body == [
      "client_id": .string(client),
      "user_id": "user-42",
      "user_properties": ["seats": ["value": 5], "tier": ["value": "gold"]],
      "device": [
        "language": "fr-FR", "screen_resolution": "393x852", "operating_system": "iOS",
        "operating_system_version": "18.1", "model": "iPhone17,3", "brand": "Apple",
      ],
      "events": [
        ["name": "sign_up", "params": ["session_id": session, "engagement_time_msec": 100], "timestamp_micros": micros]
      ],
    ])
  }

  /// Past 25, as `.userProperties`: what fits is kept (Firebase's error code 9), and the sign-in holds.
  @Test func traitsOverTheLimitKeepWhatFitsAndTheSignInHolds() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperties(Dictionary(uniqueKeysWithValues: (0..<24).map { ("p\($0)", PropertyValue.int($0)) })))
    googleAnalyticsTracker(.signIn(userId: "user-42", traits: ["extra_b": 2, "extra_a": 1]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.repairedByRule == ["user-property-count": 1] && counters.invalid == 0 && counters.events == 3)
    let body = try #require(try transport.requests.first?.json())
    #expect(body["user_id"] == "user-42")
    #expect(body["user_properties"]?.objectValue?.count == 25)
    #expect(body["user_properties"]?["extra_a"] == ["value": 1] && body["user_properties"]?["extra_b"] == nil)
  }

  /// `invalidEvents = .refuse`: all or none, the user id included.
  @Test func underRefuseTraitsOverTheLimitRefuseTheWholeSignIn() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = liveConfiguration(transport, reports: reports)
    configuration.invalidEvents = .refuse
    Current = try .live(configuration)
    googleAnalyticsTracker(.userProperties(Dictionary(uniqueKeysWithValues: (0..<24).map { ("p\($0)", PropertyValue.int($0)) })))
    googleAnalyticsTracker(.signIn(userId: "user-42", traits: ["extra_a": 1, "extra_b": 2]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["user-property-count": 1])
    let body = try #require(try transport.requests.first?.json())
    #expect(body["user_id"] == nil)
    #expect(body["user_properties"]?.objectValue?.count == 24)
    #expect(reports.events.contains { $0.message.contains("None of the set was kept") && $0.message.contains("signIn") })
  }

  @Test func theTraitsAreCheckedAsUserPropertiesAndTheIdAsAUserId() {
    func rules(_ data: AnalyticsData) -> [String] { googleAnalyticsIssues(for: data).map(\.rule) }
    #expect(rules(.signIn(userId: "", traits: ["tier": "gold"])) == ["user-id-empty"])
    #expect(!rules(.signIn(userId: "user-42", traits: ["a_name_longer_than_24_chars": "x"])).isEmpty)
  }
}
