import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Person profiles as posthog-ios 3.x decides them (`PostHogConfig.personProfiles`, PostHog/posthog-ios,
/// PostHog/PostHogSDK.swift): `hasPersonProcessing()` writes `$process_person_profile` on every event,
/// `requirePersonProcessing()` turns it on for an anonymous user at `identify`, `alias`, `group`,
/// `setPersonProperties` and a capture with `userProperties`, and ignores those calls with `.never`; and
/// several person properties in one `$set` event.
@Suite(.isolatedEnvironments)
struct PersonProfilesTests {
  private func configuration(
    _ transport: ScriptedTransport, personProfiles: PostHogConfiguration.PersonProfiles?
  ) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(
      apiKey: "phc_test_key_123", host: .selfHosted(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    if let personProfiles { configuration.personProfiles = personProfiles }
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  /// Tracks `events` with `personProfiles` (the default when `nil`) and returns every event sent, each body
  /// checked to be strict JSON (one `$process_person_profile` member, however it got there), and the counters.
  private func send(
    _ events: [AnalyticsData], personProfiles: PostHogConfiguration.PersonProfiles? = nil
  ) async throws -> (events: [PropertyValue], counters: TrackerCounters) {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(configuration(transport, personProfiles: personProfiles))
    for event in events { postHogTracker(event) }
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    let sent = try transport.requests.flatMap { request in
      try StrictJSON.check(request.body)
      return try request.json()["batch"]?.arrayValue ?? []
    }
    return (sent, counters)
  }

  /// Each event's name, `distinct_id` and `$process_person_profile`.
  private func summary(_ events: [PropertyValue]) -> [String] {
    events.map { event in
      let properties = event["properties"]
      return "\(event["event"]?.stringValue ?? "?") \(properties?["distinct_id"]?.stringValue ?? "?") "
        + "\(properties?["$process_person_profile"].map(String.init(describing:)) ?? "absent")"
    }
  }

  private let journey: [AnalyticsData] = [
    "Viewed", .userProperties(["plan": "pro", "seats": 5]), "After Set", .userId(nil), .reset, "Signed Out",
    .userId("user-42"), "Identified",
  ]

  @Test func theDefaultIsIdentifiedOnlyAsInPostHogIOS() {
    #expect(PostHogConfiguration(apiKey: "phc_x").personProfiles == .identifiedOnly)
  }

  /// Anonymous events process no person until a person operation (here `$set`) or a sign-in; a reset
  /// starts a new anonymous id without it, as posthog-ios's `reset()` clears its flag.
  @Test func identifiedOnlyProcessesPersonsOnceIdentifiedOrAskedFor() async throws {
    let (events, _) = try await send(journey)
    try #require(events.count == 6)
    let first = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    let second = try #require(events[3]["properties"]?["distinct_id"]?.stringValue)
    #expect(first != second)
    #expect(summary(events) == [
      "Viewed \(first) false", "$set \(first) true", "After Set \(first) true", "Signed Out \(second) false",
      "$identify user-42 true", "Identified user-42 true",
    ])
    // Several person properties, one `$set` event.
    #expect(events[1]["properties"]?["$set"] == ["plan": "pro", "seats": 5])
    #expect(events[4]["properties"]?["$anon_distinct_id"] == .string(second))
  }

  @Test func alwaysProcessesEveryPerson() async throws {
    let (events, _) = try await send(journey, personProfiles: .always)
    try #require(events.count == 6)
    #expect(events.allSatisfy { $0["properties"]?["$process_person_profile"] == true })
  }

  /// posthog-ios ignores `identify`, `alias`, `group` and `setPersonProperties` with `.never`: here they are
  /// counted as not sent by design, a sign-in still moves later events to the user's `distinct_id`, and no
  /// event processes a person.
  @Test func neverSendsNoPersonOperationAndCountsEach() async throws {
    let (events, counters) = try await send(
      journey + [
        .alias(userId: "user-42"), .group(type: "company", key: "acme"), .profile(.setOnce(name: "a", value: 1)),
        "Last",
      ], personProfiles: .never)
    let first = try #require(events.first?["properties"]?["distinct_id"]?.stringValue)
    let second = try #require(events.dropFirst(2).first?["properties"]?["distinct_id"]?.stringValue)
    #expect(summary(events) == [
      "Viewed \(first) false", "After Set \(first) false", "Signed Out \(second) false", "Identified user-42 false",
      "Last user-42 false",
    ])
    #expect(events.last?["properties"]?["$groups"] == nil)
    #expect(counters.unsupportedByKind == [
      "$set (personProfiles .never)": 2, "$create_alias (personProfiles .never)": 1,
      "$groupidentify (personProfiles .never)": 1,
    ])
  }

  /// An event's own `$process_person_profile` wins (posthog.com/docs/api/capture, "Events without person
  /// profiles"), and is its only member of that name.
  @Test func anEventsOwnValueWins() async throws {
    let (events, _) = try await send(
      [.event(name: "Quiet", properties: ["$process_person_profile": false])], personProfiles: .always)
    #expect(summary(events) == ["Quiet \(events.first?["properties"]?["distinct_id"]?.stringValue ?? "") false"])
  }

  /// posthog-ios's `capture(_:properties:userProperties:)`: person properties ride on the event as `$set`
  /// and `$set_once`, and ask for person processing like any person operation.
  @Test func personPropertiesOnACapture() async throws {
    let (events, _) = try await send([
      "Before", .event(name: "Signed Up", properties: ["$set": ["plan": "pro"], "$set_once": ["first_seen": "2026-11-04"]]),
    ])
    try #require(events.count == 2)
    let anonymous = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    #expect(summary(events) == ["Before \(anonymous) false", "Signed Up \(anonymous) true"])
    #expect(events[1]["properties"]?["$set"] == ["plan": "pro"])
    #expect(events[1]["properties"]?["$set_once"] == ["first_seen": "2026-11-04"])
  }

  /// One `$set` event for several person properties, byte for byte beside what every event carries.
  @Test func severalPersonPropertiesAreOneSetEvent() async throws {
    #expect(postHogEvent(for: .userProperties(["plan": "pro", "seats": 5])) == .setPersonProperties(["plan": "pro", "seats": 5]))
    let (events, _) = try await send([.userId("user-42"), .userProperties(["plan": "pro", "seats": 5, "beta": true])])
    try #require(events.count == 2)
    let properties = try #require(events[1]["properties"]).removing(Set(ContextTests.fixtureContext.keys))
    #expect(events[1]["event"] == "$set")
    #expect(properties.removing(["$session_id"]) == [
      "distinct_id": "user-42", "$geoip_disable": true, "$process_person_profile": true,
      "$set": ["plan": "pro", "seats": 5, "beta": true],
    ])
  }

  @Test func eachPersonPropertyIsCheckedAndAnEmptySetIsNoIssue() {
    func rules(_ data: AnalyticsData) -> [String] { postHogIssues(for: data).map(\.rule) }
    #expect(rules(.userProperties([:])).isEmpty)  // nothing to set: the pipeline sends nothing (issue 38)
    #expect(rules(.userProperties(["plan": "pro", "$email": "a@b.c"])) == ["property-name-reserved"])
    #expect(rules(.userProperties(["plan": "pro", "": 1])) == ["property-name-empty"])
  }
}
