import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Several profile properties in one `/engage` update, as mixpanel-swift's `people.set(properties:)` sends
/// them (developer.mixpanel.com/reference/profile-set: `$set` is an object of any number of properties).
@Suite(.isolatedEnvironments)
struct UserPropertiesTests {
  @Test func severalPropertiesAreOneSet() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "$email": "ada@example.com"]
    #expect(mixpanelEvent(for: .userProperties(properties)) == .setProfileProperties(properties))
    #expect(mixpanelIssues(for: .userProperties(properties)).isEmpty)
  }

  @Test func oneEngageRecordOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    transport.reply(.status(200, body: #"{"status":1,"error":null}"#), when: { $0.path != "/import" })
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(URL(string: "https://mixpanel.invalid")!),
      storageDirectory: temporaryDirectory())
    configuration.flushInterval = .seconds(3600)
    configuration.now = { eventTime }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.transport = transport
    Current = try .live(configuration)
    mixpanelTracker(.userId("user-42"))
    mixpanelTracker(.userProperties(["plan": "pro", "seats": 5, "beta": true, "since": .date(propertyDate)]))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.delivery.delivered == 1)
    let engages = transport.requests.filter { $0.path == "/engage" }
    try #require(engages.count == 1)
    try StrictJSON.check(engages[0].body)
    #expect(try engages[0].json() == [
      [
        "$token": "tok123", "$distinct_id": "user-42",
        "$set": ["plan": "pro", "seats": 5, "beta": true, "since": "2023-11-14T22:13:20.000Z"],
      ]
    ])
  }

  @Test func eachPropertyIsCheckedAndAnEmptySetIsNoIssue() {
    func rules(_ data: AnalyticsData) -> [String] { mixpanelIssues(for: data).map(\.rule) }
    #expect(rules(.userProperties([:])).isEmpty)  // nothing to set: the pipeline sends nothing (issue 38)
    #expect(rules(.userProperties(["plan": "pro", "$distinct_id": "x"])) == ["property-name-reserved-prefix"])
    #expect(rules(.userProperties(["bio": .string(String(repeating: "x", count: 256))])) == ["property-value-length"])
  }
}
