import Foundation
import MixpanelTracker
import Testing
import Trackers

@Suite struct ValidationTests {
  private func rules(_ data: AnalyticsData) -> [String] { mixpanelIssues(for: data).map(\.rule) }

  @Test func eventNameRules() {
    #expect(rules("Signed Up") == [])
    #expect(rules(.event(name: String(repeating: "a", count: 255))) == [])
    #expect(rules(.event(name: String(repeating: "a", count: 256))) == ["event-name-length"])
    #expect(rules("$identify") == ["event-name-reserved-prefix"])
    #expect(rules("mp_thing") == ["event-name-reserved-prefix"])
    #expect(rules(" ") == ["event-name-empty"])
  }

  /// Mixpanel takes fewer than 255 properties, and the module adds up to 15: `time`, `distinct_id`,
  /// `$device_id`, `$user_id`, `$insert_id` and the context's 10 (ContextTests counts them on the wire).
  @Test func propertyCountBoundary() {
    #expect(MixpanelLimits.propertiesPerEvent == 254 - 15)
    let properties = Dictionary(uniqueKeysWithValues: (0..<239).map { ("p\($0)", PropertyValue.int($0)) })
    #expect(rules(.event(name: "e", properties: properties)) == [])
    var more = properties
    more["p239"] = 1
    let issues = mixpanelIssues(for: AnalyticsData.event(name: "e", properties: more))
    #expect(issues.map(\.rule) == ["property-count"])
    #expect(issues.map(\.description) == [
      "Mixpanel: event 'e' has 240 properties; at most 239 fit (Mixpanel takes fewer than 255 and this module "
        + "adds 15: ids, time and context)"
    ])
  }

  @Test func propertyNameAndValueRules() {
    #expect(rules(.event(name: "e", properties: ["$city": "Lyon"])) == ["property-name-reserved-prefix"])
    #expect(rules(.event(name: "e", properties: [String(repeating: "k", count: 256): 1])) == ["property-name-length"])
    #expect(rules(.event(name: "e", properties: ["s": .string(String(repeating: "x", count: 255))])) == [])
    #expect(rules(.event(name: "e", properties: ["s": .string(String(repeating: "x", count: 256))])) == ["property-value-length"])
    #expect(rules(.event(name: "e", properties: ["s": .string(String(repeating: "é", count: 128))])) == ["property-value-length"])
    #expect(rules(.event(name: "e", properties: ["l": .array(Array(repeating: 1, count: 254))])) == [])
    #expect(rules(.event(name: "e", properties: ["l": .array(Array(repeating: 1, count: 255))])) == ["property-list-length"])
    #expect(rules(.event(name: "e", properties: ["l": ["x", .string(String(repeating: "x", count: 256))]])) == ["property-value-length"])
    let keys = Dictionary(uniqueKeysWithValues: (0..<255).map { ("k\($0)", PropertyValue.int($0)) })
    #expect(rules(.event(name: "e", properties: ["o": .object(keys)])) == ["property-object-keys"])
    #expect(rules(.event(name: "e", properties: ["o": ["a": ["b": ["c": 1]]]])) == [])
    #expect(rules(.event(name: "e", properties: ["o": ["a": ["b": ["c": ["d": 1]]]]])) == ["property-nesting-depth"])
    #expect(rules(.event(name: "e", properties: ["b": true, "n": .null, "d": .date(Date())])) == [])
  }

  @Test func profilePropertyRules() {
    #expect(rules(.userProperty(name: "plan", value: "pro")) == [])
    #expect(rules(.userProperty(name: "$email", value: "a@b.c")) == [])
    #expect(rules(.userProperty(name: "$distinct_id", value: "x")) == ["property-name-reserved-prefix"])
    #expect(rules(.userProperty(name: "bio", value: .string(String(repeating: "x", count: 256)))) == ["property-value-length"])
  }

  @Test func placeholderAndLongUserIds() {
    for placeholder in ["null", "Anonymous", "undefined", "0", "-1", "[]", "00000000-0000-0000-0000-000000000000", ""] {
      #expect(rules(.userId(placeholder)) == ["distinct-id-placeholder"], "\(placeholder)")
    }
    #expect(mixpanelIssues(for: .userId("null")).first?.description
      == "Mixpanel: user id 'null' is a placeholder Mixpanel treats as no id; send the real id, or .userId(nil) to sign out")
    #expect(rules(.userId(String(repeating: "u", count: 255))) == [])
    #expect(rules(.userId(String(repeating: "u", count: 256))) == ["distinct-id-length"])
    #expect(rules(.userId(nil)) == [])
  }
}
