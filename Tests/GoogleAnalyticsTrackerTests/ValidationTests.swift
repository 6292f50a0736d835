import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers

@Suite struct ValidationTests {
  private func rules(_ data: AnalyticsData) -> [String] {
    GoogleAnalyticsTracker.validate(data).map(\.rule)
  }

  private func name(_ length: Int) -> String { "a" + String(repeating: "b", count: length - 1) }

  @Test func validEventsPass() {
    #expect(rules(.event(name: "add_to_cart", properties: ["value": 9.99, "count": 2, "at": .date(Date())])) == [])
    #expect(rules(.screen(name: "Cart")) == [])
    #expect(rules(.error(message: String(repeating: "x", count: 500))) == [])
    #expect(rules(.userId(nil)) == [])
  }

  @Test func eventNameCharactersMessageNamesTheRule() {
    let issues = GoogleAnalyticsTracker.validate(.event(name: "add-to-cart"))
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

  @Test func paramCountBoundary() {
    let params = Dictionary(uniqueKeysWithValues: (0..<25).map { ("p\($0)", PropertyValue.int($0)) })
    #expect(rules(.event(name: "e", properties: params)) == [])
    var more = params
    more["p25"] = 1
    #expect(rules(.event(name: "e", properties: more)) == ["param-count"])
    // A screen adds screen_name: 24 of its own properties is the most.
    let screen = Dictionary(uniqueKeysWithValues: (0..<24).map { ("p\($0)", PropertyValue.int($0)) })
    #expect(rules(.screen(name: "Cart", properties: screen)) == [])
    #expect(rules(.screen(name: "Cart", properties: params)) == ["param-count"])
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
    #expect(rules(.event(name: "e", properties: ["n": nil])) == ["param-value-type"])
    #expect(rules(.event(name: "e", properties: ["o": ["a": 1]])) == ["param-value-type"])
    #expect(rules(.event(name: "e", properties: ["tags": ["a"]])) == ["param-value-type"])
    #expect(rules(.event(name: "purchase", properties: ["items": [["item_id": "sku", "price": 9.5]]])) == [])
    #expect(rules(.event(name: "purchase", properties: ["items": ["sku"]])) == ["items-type"])
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
