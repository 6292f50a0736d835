import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Issue 38, item 4: a sign-in with traits is what mixpanel-swift sends for `identify(distinctId:)` then
/// `people.set(properties:)`: two requests, as the SDK sends them. A `$identify` event with
/// `$anon_distinct_id` (Sources/MixpanelInstance.swift: tracked when the distinct id changes), and one
/// `/engage` `$set` (Sources/People.swift). One event to the counters, two records.
@Suite(.isolatedEnvironments)
struct SignInTests {
  static let traits: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "since": .date(propertyDate)]

  func configuration(_ transport: ScriptedTransport) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.flushInterval = .seconds(3600)
    configuration.now = { eventTime }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.transport = transport
    return configuration
  }

  @Test func aSignInWithTraitsIsTwoRecordsAsTheSDKSends() {
    let data = AnalyticsData.signIn(userId: "user-42", traits: Self.traits)
    #expect(mixpanelEvent(for: data) == .signIn(userId: "user-42", properties: Self.traits))
    #expect(mixpanelIssues(for: data).isEmpty)
    #expect(mixpanelEvent(for: .signIn(userId: "user-42")) == .identify("user-42"))
  }

  @Test func anIdentifyEventAndOneEngageSetOnTheWireAndOneFate() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    transport.reply(.status(200, body: #"{"status":1,"error":null}"#), when: { $0.path != "/import" })
    Current = try .live(configuration(transport))
    mixpanelTracker(.signIn(userId: "user-42", traits: Self.traits))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.events == 1 && counters.queued == 1)
    #expect(counters.delivery.enqueued == 2 && counters.delivery.delivered == 2)
    let imports = transport.requests.filter { $0.path == "/import" }
    let engages = transport.requests.filter { $0.path == "/engage" }
    try #require(imports.count == 1 && engages.count == 1)
    try StrictJSON.check(imports[0].body)
    try StrictJSON.check(engages[0].body)
    let events = try #require(try imports[0].json().arrayValue)
    try #require(events.count == 1)
    let device = try #require(events[0]["properties"]?["$device_id"]?.stringValue)
    let insertId = try #require(events[0]["properties"]?["$insert_id"]?.stringValue)
    #expect(try imports[0].json() == (try parseJSON("""
      [{"event": "$identify", "properties": {"$anon_distinct_id": "$device:\(device)", "time": 1793817970123,
        "distinct_id": "user-42", "$device_id": "\(device)", "$user_id": "user-42", "$insert_id": "\(insertId)",
        "mp_lib": "swift-trackers", "$lib_version": "0.8.0", "$os": "iOS", "$os_version": "18.1",
        "$model": "iPhone17,3", "$manufacturer": "Apple", "$app_version_string": "2.1.0", "$app_build_number": "142",
        "$screen_width": 393, "$screen_height": 852}}]
      """)))
    #expect(try engages[0].json() == [
      ["$token": "tok123", "$distinct_id": "user-42", "$set": ["plan": "pro", "seats": 5, "since": "2023-11-14T22:13:20.000Z"]]
    ])
  }

  @Test func signedInAlreadyTheSignInSendsOnlyTheSet() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    transport.reply(.status(200, body: #"{"status":1,"error":null}"#), when: { $0.path != "/import" })
    Current = try .live(configuration(transport))
    mixpanelTracker(.userId("user-42"))
    mixpanelTracker(.signIn(userId: "user-42", traits: ["plan": "pro"]))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    // mixpanel-swift tracks `$identify` only when the distinct id changes.
    #expect(transport.requests.map(\.path) == ["/engage"])
    #expect(counters.events == 2 && counters.identityUpdates == 1 && counters.queued == 1)
  }

  @Test func theTraitsAreCheckedAsProfilePropertiesAndTheIdAsAUserId() {
    func rules(_ data: AnalyticsData) -> [String] { mixpanelIssues(for: data).map(\.rule) }
    #expect(rules(.signIn(userId: "user-42", traits: ["$distinct_id": "x"])) == ["property-name-reserved-prefix"])
    #expect(!rules(.signIn(userId: "null", traits: ["plan": "pro"])).isEmpty)
  }
}
