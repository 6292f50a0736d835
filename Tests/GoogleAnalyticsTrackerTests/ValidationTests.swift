import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers

@Suite struct ValidationTests {
  private func rules(_ data: AnalyticsData) -> [String] {
    googleAnalyticsIssues(for: data).map(\.rule)
  }

  private func name(_ length: Int) -> String { "a" + String(repeating: "b", count: length - 1) }

  @Test func validEventsPass() {
    #expect(rules(.event(name: "add_to_cart", properties: ["value": 9.99, "currency": "EUR", "count": 2, "at": .date(Date())])) == [])
    #expect(rules(.screen(name: "Cart")) == [])
    #expect(rules(.error(message: String(repeating: "x", count: 500))) == [])
    #expect(rules(.userId(nil)) == [])
  }

  @Test func eventNameCharactersMessageNamesTheRule() {
    let issues = googleAnalyticsIssues(for: .event(name: "add-to-cart"))
    #expect(issues.map(\.description) == [
      "GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter"
    ])
    #expect(rules("1st_launch") == ["event-name-characters"])
    #expect(rules("") == ["event-name-empty"])
  }

  @Test func eventNameLengthBoundary() {
    #expect(rules(.event(name: name(40))) == [])
    #expect(rules(.event(name: name(41))) == ["event-name-length"])
  }

  @Test func reservedEventNamesAndPrefixes() {
    #expect(rules("error") == ["event-name-reserved"])
    #expect(rules("app_exception") == ["event-name-reserved"])
    #expect(rules("session_start") == ["event-name-reserved"])
    #expect(rules("ga_thing") == ["event-name-reserved-prefix"])
    #expect(rules("google_thing") == ["event-name-reserved-prefix"])
    #expect(rules("firebase_thing") == ["event-name-reserved-prefix"])
    #expect(rules("_private") == ["event-name-reserved-prefix", "event-name-characters"])
  }

  private func params(_ count: Int, plus extra: [String: PropertyValue] = [:]) -> [String: PropertyValue] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", PropertyValue.int($0)) }).merging(extra) { $1 }
  }

  @Test func paramCountCountsTheTwoSessionParametersTheLiveEnvironmentAdds() {
    #expect(GoogleAnalyticsLimits.ownParamsPerEvent == 23)
    // Both added: 23 of the event's own is the most.
    #expect(rules(.event(name: "e", properties: params(23))) == [])
    let issues = googleAnalyticsIssues(for: .event(name: "e", properties: params(24)))
    #expect(issues.map(\.description) == [
      "GA4: event 'e' has 24 parameters, and the live environment adds session_id and engagement_time_msec "
        + "for GA4 sessions: 26 in all; GA4 keeps at most 25 per event, so an event that does not set them "
        + "itself may have at most 23 parameters (remove 1)"
    ])
    #expect(issues.map(\.rule) == ["param-count"])
  }

  @Test func anEventThatSetsOneSessionParameterMayHave24OfItsOwn() {
    #expect(rules(.event(name: "e", properties: params(23, plus: ["session_id": "s-1"]))) == [])
    #expect(rules(.event(name: "e", properties: params(23, plus: ["engagement_time_msec": 10]))) == [])
    let issues = googleAnalyticsIssues(for: .event(name: "e", properties: params(24, plus: ["session_id": "s-1"])))
    #expect(issues.map(\.description) == [
      "GA4: event 'e' has 25 parameters, and the live environment adds engagement_time_msec for GA4 sessions: "
        + "26 in all; GA4 keeps at most 25 per event, so an event that does not set engagement_time_msec itself "
        + "may have at most 24 parameters (remove 1)"
    ])
  }

  @Test func anEventThatSetsBothSessionParametersMayHave25() {
    let both: [String: PropertyValue] = ["session_id": 42, "engagement_time_msec": 10]
    #expect(rules(.event(name: "e", properties: params(23, plus: both))) == [])
    let issues = googleAnalyticsIssues(for: .event(name: "e", properties: params(24, plus: both)))
    #expect(issues.map(\.description) == ["GA4: event 'e' has 26 parameters; GA4 keeps at most 25"])
  }

  @Test func aScreenAddsScreenNameToo() {
    // screen_name, session_id and engagement_time_msec: 22 of its own properties is the most.
    #expect(rules(.screen(name: "Cart", properties: params(22))) == [])
    #expect(rules(.screen(name: "Cart", properties: params(23))) == ["param-count"])
  }

  @Test func paramNameRules() {
    #expect(rules(.event(name: "e", properties: [name(40): 1])) == [])
    #expect(rules(.event(name: "e", properties: [name(41): 1])) == ["param-name-length"])
    #expect(rules(.event(name: "e", properties: ["item-id": 1])) == ["param-name-characters"])
    #expect(rules(.event(name: "e", properties: ["ga_x": 1])) == ["param-name-reserved-prefix"])
    #expect(rules(.event(name: "e", properties: ["": 1])) == ["param-name-empty"])
  }

  @Test func paramValueLengthBoundary() {
    #expect(rules(.event(name: "e", properties: ["s": .string(String(repeating: "é", count: 100))])) == [])
    #expect(rules(.event(name: "e", properties: ["s": .string(String(repeating: "é", count: 101))])) == ["param-value-length"])
  }

  @Test func paramValueTypes() {
    #expect(rules(.event(name: "e", properties: ["b": true])) == ["param-value-type"])
    #expect(rules(.event(name: "e", properties: ["n": .null])) == ["param-value-type"])
    #expect(rules(.event(name: "e", properties: ["o": ["a": 1]])) == ["param-value-type"])
    #expect(rules(.event(name: "e", properties: ["tags": ["a"]])) == ["param-value-type"])
    #expect(rules(.event(name: "purchase", properties: ["items": [["item_id": "sku", "price": 9.5]]])) == [])
    #expect(rules(.event(name: "purchase", properties: ["items": ["sku"]])) == ["items-type"])
    // A count named `items` would be read as the item list (the tracking plan of the shop's checkout found one).
    #expect(rules(.event(name: "begin_checkout", properties: ["items": 2])) == ["items-type"])
    #expect(rules(.event(name: "begin_checkout", properties: ["item_count": 2])) == [])
    let items = PropertyValue.array(Array(repeating: ["item_id": "sku"], count: 200))
    #expect(rules(.event(name: "purchase", properties: ["items": items])) == [])
    let tooMany = PropertyValue.array(Array(repeating: ["item_id": "sku"], count: 201))
    #expect(rules(.event(name: "purchase", properties: ["items": tooMany])) == ["items-count"])
  }

  @Test func userPropertyRules() {
    #expect(rules(.userProperty(name: name(24), value: .string(String(repeating: "v", count: 36)))) == [])
    #expect(rules(.userProperty(name: name(25), value: "v")) == ["user-property-name-length"])
    #expect(rules(.userProperty(name: "tier", value: .string(String(repeating: "v", count: 37)))) == ["user-property-value-length"])
    #expect(rules(.userProperty(name: "user_id", value: "v")) == ["user-property-name-reserved"])
    #expect(rules(.userProperty(name: "first_open_time", value: "v")) == ["user-property-name-reserved"])
    #expect(rules(.userProperty(name: "google_x", value: "v")) == ["user-property-name-reserved-prefix"])
    #expect(rules(.userProperty(name: "my-tier", value: "v")) == ["user-property-name-characters"])
    #expect(rules(.userProperty(name: "", value: "v")) == ["user-property-name-empty"])
    #expect(rules(.userProperty(name: "seats", value: 5)) == [])
    #expect(rules(.userProperty(name: "pro", value: true)) == ["user-property-value-type"])
  }

  @Test func userIdBoundary() {
    #expect(rules(.userId(String(repeating: "u", count: 256))) == [])
    #expect(rules(.userId(String(repeating: "u", count: 257))) == ["user-id-length"])
    #expect(rules(.userId("")) == ["user-id-empty"])
  }
}
