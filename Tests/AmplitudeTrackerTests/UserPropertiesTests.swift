import Foundation
import AmplitudeTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Several user properties in one `$identify` event: `user_properties: {"$set": {...}}` with all of them, as
/// Amplitude-Swift's `Identify().set(...).set(...)` sends them together (amplitude.com/docs/apis/analytics/identify,
/// "user_properties supported operations").
@Suite(.isolatedEnvironments)
struct UserPropertiesTests {
  @Test func severalPropertiesAreOneIdentify() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5]
    #expect(amplitudeEvent(for: .userProperties(properties)) == .userProperties(properties))
    #expect(amplitudeIssues(for: .userProperties(properties)).isEmpty)
  }

  @Test func oneIdentifyOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    var configuration = AmplitudeConfiguration(
      apiKey: LiveDeliveryTests.apiKey, region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.sendsSessionEvents = false
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    Current = try .live(configuration)
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker(.userProperties(["plan": "pro", "seats": 5, "beta": true, "since": .date(propertyDate)]))
    await Current.flush()
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
       "user_properties": {"$set": {"plan": "pro", "seats": 5, "beta": true, "since": "2023-11-14T22:13:20.000Z"}}}
      """)))
  }

  @Test func eachPropertyIsCheckedAndAnEmptySetIsNoIssue() {
    func rules(_ data: AnalyticsData) -> [String] { amplitudeIssues(for: data).map(\.rule) }
    #expect(rules(.userProperties([:])).isEmpty)  // nothing to set: the pipeline sends nothing (issue 38)
    #expect(rules(.userProperties(["plan": "pro", "$set": 1])) == ["user-property-name-reserved"])
    #expect(rules(.userProperties(["bio": .string(String(repeating: "x", count: 1_025))])) == ["property-value-length"])
  }
}
