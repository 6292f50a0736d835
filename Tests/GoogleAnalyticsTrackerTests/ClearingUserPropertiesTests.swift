import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The three forms of a clearing.
private let clearingForms: [AnalyticsData] = [
  .userProperty(name: "plan", value: .null), .userProperties(["plan": .null]), .profile(.unset(name: "plan")),
]

/// Clearing one user property, as the Firebase SDK's `setUserProperty(nil, forName:)` does ("Setting the
/// value to nil removes the user property", FIRAnalytics.h): `.userProperty(name, .null)`, a `.null` member
/// of `.userProperties`, and `.profile(.unset(name))` remove the name from the stored set, so the next
/// requests no longer carry it. The Measurement Protocol has no clear operation: nothing is sent for it.
@Suite(.isolatedEnvironments)
struct ClearingUserPropertiesTests {


  /// The whole body of a request with one event of no parameters of its own, at `eventTime`.
  private func body(clientId: String, userProperties: String?, event: String, engagement: Int) -> String {
    #"{"client_id":"\#(clientId)","# + (userProperties.map { #""user_properties":\#($0),"# } ?? "")
      + #""device":\#(fixtureDevice),"events":[{"name":"\#(event)","params":{"session_id":1793817970,"#
      + #""engagement_time_msec":\#(engagement)},"timestamp_micros":1793817970123000}]}"#
  }

  @Test func unsetMapsToAClearedUserPropertyAndNullPassesValidation() {
    #expect(googleAnalyticsEvent(for: .profile(.unset(name: "plan"))) == .userProperty(name: "plan", value: .null))
    #expect(googleAnalyticsEvent(for: .userProperty(name: "plan", value: .null)) == .userProperty(name: "plan", value: .null))
    #expect(GoogleAnalyticsEvent.userProperty(name: "plan", value: .null).description == "userProperty plan cleared")
    for clearing in clearingForms {
      #expect(googleAnalyticsIssues(for: clearing).isEmpty, "\(clearing)")
    }
    #expect(googleAnalyticsIssues(for: .userProperties(["plan": .null, "tier": "gold"])).isEmpty)
  }

  /// Only `.null` clears: the values GA4 refuses are still refused, and so are names it refuses.
  @Test func otherBadValuesAndNamesAreStillRefused() {
    func rules(_ data: AnalyticsData) -> [String] { googleAnalyticsIssues(for: data).map(\.rule) }
    #expect(rules(.userProperty(name: "pro", value: true)) == ["user-property-value-type"])
    #expect(rules(.userProperty(name: "at", value: .date(eventTime))) == ["user-property-value-type"])
    #expect(rules(.userProperty(name: "tags", value: ["a"])) == ["user-property-value-type"])
    #expect(rules(.userProperties(["plan": .null, "meta": ["a": 1]])) == ["user-property-value-type"])
    #expect(googleAnalyticsIssues(for: .userProperty(name: "pro", value: true)).first?.message
      == "user property 'pro' is a Boolean; GA4 user properties are strings or numbers (null clears one)")
    #expect(rules(.userProperty(name: "user_id", value: .null)) == ["user-property-name-reserved"])
    #expect(rules(.profile(.unset(name: "firebase_plan"))) == ["user-property-name-reserved-prefix"])
    #expect(rules(.profile(.unset(name: ""))) == ["user-property-name-empty"])
    #expect(rules(.profile(.unset(name: "plan tier"))) == ["user-property-name-characters"])
    // The other profile operations are still not GA4's.
    #expect(rules(.profile(.increment(name: "orders_count", by: 1))) == ["profile-operation-unsupported"])
  }

  /// A value set, then cleared with each form, then absent: the exact bodies of the requests before and
  /// after, and nothing sent for the clearing itself.
  @Test(arguments: clearingForms)
  func eachFormClearsThePropertyFromTheNextRequests(_ clearing: AnalyticsData) async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperties(["plan": "pro", "tier": "gold"]))
    googleAnalyticsTracker("before")
    await Current.flush()
    googleAnalyticsTracker(clearing)
    await Current.flush()
    #expect(transport.requests.count == 1, "a clearing sends nothing of its own")
    googleAnalyticsTracker("after")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalid == 0)
    #expect(counters.identityUpdates == 2)
    #expect(counters.delivery.delivered == 2)
    #expect(reports.events.isEmpty)
    let requests = transport.requests
    try #require(requests.count == 2)
    let clientId = try #require(try requests[0].json()["client_id"]?.stringValue)
    #expect(String(decoding: requests[0].body, as: UTF8.self) == body(
      clientId: clientId, userProperties: #"{"plan":{"value":"pro"},"tier":{"value":"gold"}}"#, event: "before",
      engagement: 100))
    #expect(String(decoding: requests[1].body, as: UTF8.self) == body(
      clientId: clientId, userProperties: #"{"tier":{"value":"gold"}}"#, event: "after", engagement: 1))
  }

  /// The last one cleared, requests carry no `user_properties` at all; clearing a property that is not set
  /// changes nothing and is counted alike; a cleared property can be set again.
  @Test func clearingTheLastOneLeavesNoUserPropertiesAndSettingAgainWorks() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperty(name: "plan", value: "pro"))
    googleAnalyticsTracker(.profile(.unset(name: "plan")))
    googleAnalyticsTracker(.profile(.unset(name: "never_set")))
    googleAnalyticsTracker("cleared")
    await Current.flush()
    googleAnalyticsTracker(.userProperty(name: "plan", value: "team"))
    googleAnalyticsTracker("set_again")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalid == 0)
    #expect(counters.identityUpdates == 4)
    #expect(reports.events.isEmpty)
    let requests = transport.requests
    try #require(requests.count == 2)
    let clientId = try #require(try requests[0].json()["client_id"]?.stringValue)
    #expect(String(decoding: requests[0].body, as: UTF8.self)
      == body(clientId: clientId, userProperties: nil, event: "cleared", engagement: 100))
    #expect(String(decoding: requests[1].body, as: UTF8.self)
      == body(clientId: clientId, userProperties: #"{"plan":{"value":"team"}}"#, event: "set_again", engagement: 1))
  }

  /// The 25 count the properties set: a clearing makes room, even in the set that adds the new one.
  @Test func aClearingMakesRoomUnderTheLimitOf25() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports))
    googleAnalyticsTracker(.userProperties(Dictionary(uniqueKeysWithValues: (0..<25).map { ("p\($0)", PropertyValue.int($0)) })))
    googleAnalyticsTracker(.userProperties(["p0": .null, "extra_a": 1]))
    googleAnalyticsTracker(.userProperty(name: "p1", value: .null))
    googleAnalyticsTracker(.userProperty(name: "extra_b", value: 2))
    googleAnalyticsTracker(.userProperty(name: "extra_c", value: 3))  // the 26th
    googleAnalyticsTracker("sign_up")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["user-property-count": 1])
    #expect(counters.identityUpdates == 4)
    let userProperties = try #require(try transport.requests.first?.json()["user_properties"]?.objectValue)
    #expect(userProperties.count == 25)
    #expect(userProperties["p0"] == nil && userProperties["p1"] == nil && userProperties["extra_c"] == nil)
    #expect(userProperties["extra_a"] == ["value": 1] && userProperties["extra_b"] == ["value": 2])
    // Validation counts only the properties a set sets.
    var many = Dictionary(uniqueKeysWithValues: (0..<25).map { ("p\($0)", PropertyValue.int($0)) })
    many["gone"] = .null
    #expect(googleAnalyticsIssues(for: .userProperties(many)).isEmpty)
    many["p25"] = 25
    #expect(googleAnalyticsIssues(for: .userProperties(many)).map(\.message)
      == ["the set has 26 user properties (and clears 1); GA4 keeps at most 25 per request, 1 over. To fix this, send fewer user properties to GA4"])
  }

  /// With a naming, a clearing is adapted as the set was, so it clears the property the set made.
  @Test func aClearingIsAdaptedLikeTheSet() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(liveConfiguration(transport, reports: reports, naming: .keepingAcceptedNames))
    googleAnalyticsTracker(.userProperties(["Plan Tier": "pro", "Seats": 5]))
    googleAnalyticsTracker(.profile(.unset(name: "Plan Tier")))
    googleAnalyticsTracker("after")
    await Current.flush()
    await Current.close(nil)
    #expect(try transport.requests.first?.json()["user_properties"] == ["Seats": ["value": 5]])
  }

  /// What a test recording `send` sees: the clearing as a user property of value null.
  @Test func aRecorderSeesTheClearingAsANullUserProperty() {
    let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
    Current = GoogleAnalyticsEnvironment(send: recorder.tracker)
    googleAnalyticsTracker(.profile(.unset(name: "plan")))
    googleAnalyticsTracker(.userProperties(["plan": .null, "tier": "gold"]))
    recorder.expect(.userProperty(name: "plan", value: .null), .userProperties(["plan": .null, "tier": "gold"]))
  }
}
