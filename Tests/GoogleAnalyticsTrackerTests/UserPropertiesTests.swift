import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Several user properties set together: all in `user_properties` of every later request
/// (developers.google.com/analytics/devguides/collection/protocol/ga4/user-properties), or none when they
/// would make more than GA4's 25 (those past it are ignored, as Firebase ignores them; none under
/// `invalidEvents = .refuse`), with every name and value checked against GA4's limits.
@Suite(.isolatedEnvironments)
struct UserPropertiesTests {

  @Test func severalPropertiesAreOneChange() {
    #expect(googleAnalyticsEvent(for: .userProperties(["tier": "gold", "seats": 5])) == .userProperties(["tier": "gold", "seats": 5]))
  }

  @Test func theNextRequestCarriesThemAll() async throws {
    let transport = ScriptedTransport()
    Current = try .live(liveConfiguration(transport))
    googleAnalyticsTracker(.userProperty(name: "plan", value: "free"))
    googleAnalyticsTracker(.userProperties(["plan": "pro", "tier": "gold", "seats": 5]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.identityUpdates == 2)
    #expect(counters.delivery.delivered == 1)
    let request = try #require(transport.requests.first)
    #expect(try request.json()["user_properties"] == [
      "plan": ["value": "pro"], "tier": ["value": "gold"], "seats": ["value": 5],
    ])
  }

  /// Past 25, as Firebase's error code 9: the changes that would add the 26th and later are ignored, the
  /// others of the set applied (new names in name order), and the event is counted and reported as repaired.
  @Test func aSetOverTwentyFiveKeepsWhatFitsAndIsRepaired() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperties(Dictionary(uniqueKeysWithValues: (0..<24).map { ("p\($0)", PropertyValue.int($0)) })))
    googleAnalyticsTracker(.userProperties(["p0": 100, "extra_b": 2, "extra_a": 1]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.repairedByRule == ["user-property-count": 1] && counters.invalid == 0)
    #expect(counters.identityUpdates == 1 && counters.events == 3)
    let userProperties = try #require(try transport.requests.first?.json()["user_properties"]?.objectValue)
    #expect(userProperties.count == 25)
    #expect(userProperties["p0"] == ["value": 100] && userProperties["extra_a"] == ["value": 1])
    #expect(userProperties["extra_b"] == nil)
    let messages = reports.events.map(\.message)
    #expect(messages.contains { message in
      message.contains("user properties extra_b ignored: they would make more than 25")
        && message.contains("Firebase Analytics ignores such a change (error code 9)")
    })
  }

  /// `invalidEvents = .refuse`: all or none, as before. A set that would make 26 is refused whole, naming
  /// the properties over the limit, and the properties already set stay as they were.
  @Test func underRefuseASetOverTwentyFiveIsRefusedWhole() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = liveConfiguration(transport, reports: reports)
    configuration.invalidEvents = .refuse
    Current = try .live(configuration)
    googleAnalyticsTracker(.userProperties(Dictionary(uniqueKeysWithValues: (0..<24).map { ("p\($0)", PropertyValue.int($0)) })))
    googleAnalyticsTracker(.userProperties(["p0": 100, "extra_a": 1, "extra_b": 2]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["user-property-count": 1])
    let userProperties = try #require(try transport.requests.first?.json()["user_properties"]?.objectValue)
    #expect(userProperties.count == 24)
    #expect(userProperties["p0"] == ["value": 0])
    let messages = reports.events.map(\.message)
    #expect(messages.contains { message in
      message.contains("user properties extra_a, extra_b would make 26; GA4 keeps at most 25 per request, 1 over")
        && message.contains("None of the set was kept")
    })
  }

  /// An empty set changes nothing: no issue, counted as the identity update it would have been, and the
  /// next request carries what it carried before.
  @Test func anEmptySetDoesNothingAndIsCountedAsALocalUpdate() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperty(name: "plan", value: "pro"))
    googleAnalyticsTracker(.userProperties([:]))
    googleAnalyticsTracker(.event(name: "sign_up"))
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.identityUpdates == 2)
    #expect(counters.invalid == 0)
    #expect(counters.delivery.delivered == 1)
    #expect(reports.events.isEmpty)
    #expect(transport.requests.count == 1)
    #expect(try transport.requests.first?.json()["user_properties"] == ["plan": ["value": "pro"]])
  }

  @Test func eachNameAndValueIsCheckedAgainstGA4sLimits() {
    func rules(_ data: AnalyticsData) -> [String] { googleAnalyticsIssues(for: data).map(\.rule) }
    let name24 = String(repeating: "n", count: 24)
    #expect(rules(.userProperties([name24: .string(String(repeating: "v", count: 36)), "seats": 5])).isEmpty)
    #expect(rules(.userProperties([:])).isEmpty)
    #expect(rules(.userProperties(["ok": "v", name24 + "x": "v"])) == ["user-property-name-length"])
    #expect(rules(.userProperties(["tier": .string(String(repeating: "v", count: 37))])) == ["user-property-value-length"])
    #expect(rules(.userProperties(["first_open_time": "v"])) == ["user-property-name-reserved"])
    let many = Dictionary(uniqueKeysWithValues: (0..<26).map { ("p\($0)", PropertyValue.int($0)) })
    #expect(rules(.userProperties(many)) == ["user-property-count"])
    #expect(googleAnalyticsIssues(for: .userProperties(many)).first?.message
      == "the set has 26 user properties; GA4 keeps at most 25 per request, 1 over. To fix this, send fewer user properties to GA4")
  }
}
