import Foundation
import Testing
import Trackers

import AmplitudeTracker
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker

/// One rule everywhere for the values JSON or the vendor can't carry: every vendor refuses NaN and
/// infinities (`property-value-number`), dates outside its format (`property-value-date`) and values
/// nested deeper than `PropertyValue.maximumDepth` (`property-depth`, checked first and alone).
@Suite struct ValueRulesTests {
  static let vendors: [(name: String, validate: @Sendable (AnalyticsData) -> [ValidationIssue])] = [
    ("Mixpanel", { mixpanelIssues(for: $0) }), ("GA4", { googleAnalyticsIssues(for: $0) }),
    ("Amplitude", { amplitudeIssues(for: $0) }), ("Segment", { segmentIssues(for: $0) }),
    ("PostHog", { postHogIssues(for: $0) }),
  ]

  static func rules(_ data: AnalyticsData) -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: vendors.map { ($0.name, $0.validate(data).map(\.rule)) })
  }

  /// A property named like a member the module writes into the same object would be a duplicate name
  /// (parsers differ on which one wins): Mixpanel's `time` and `distinct_id`, PostHog's `distinct_id`.
  @Test func propertiesNamedLikeTheModulesOwnMembersAreRefused() {
    let time = Self.rules(.event(name: "level_up", properties: ["time": 1]))
    let distinctId = Self.rules(.event(name: "level_up", properties: ["distinct_id": "someone-else"]))
    #expect(time["Mixpanel"] == ["property-name-reserved"])
    #expect(distinctId["Mixpanel"] == ["property-name-reserved"])
    #expect(distinctId["PostHog"] == ["property-name-reserved"])
    // Where the properties travel in an object of their own, the names are free.
    for vendor in ["Amplitude", "Segment"] {
      #expect(time[vendor] == [], "\(vendor)")
      #expect(distinctId[vendor] == [], "\(vendor)")
    }
    let message = postHogIssues(for: .event(name: "level_up", properties: ["distinct_id": "x"])).first?.message
    #expect(message?.contains("To fix this") == true)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func everyVendorRefusesNonFiniteNumbers(number: Double) {
    for (vendor, rules) in Self.rules(.event(name: "level_up", properties: ["score": .double(number)])) {
      #expect(rules == ["property-value-number"], "\(vendor)")
    }
    // Inside a list too, for the vendors that take lists.
    let nested = Self.rules(.event(name: "level_up", properties: ["scores": [.double(number)]]))
    for vendor in ["Mixpanel", "Amplitude", "Segment", "PostHog"] {
      #expect(nested[vendor] == ["property-value-number"], "\(vendor)")
    }
  }

  @Test(arguments: [Double.nan, .infinity, -1e15, -62_167_219_200.001, 253_402_300_800])
  func everyVendorRefusesDatesItsFormatCantCarry(seconds: Double) {
    let rules = Self.rules(.event(name: "level_up", properties: ["at": .date(Date(timeIntervalSince1970: seconds))]))
    for (vendor, rules) in rules where vendor != "GA4" || !seconds.isFinite || abs(seconds) > 9.2e12 {
      #expect(rules == ["property-value-date"], "\(vendor)")
    }
  }

  @Test func datesWithinEachFormatAreAccepted() {
    for date in [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: -62_167_219_200)] {
      for (vendor, rules) in Self.rules(.event(name: "level_up", properties: ["at": .date(date)])) {
        #expect(rules.isEmpty, "\(vendor)")
      }
    }
    // GA4 writes microseconds: year 20,000 fits, ISO-8601 vendors refuse it.
    let rules = Self.rules(.event(name: "level_up", properties: ["at": .date(Date(timeIntervalSince1970: 6e11))]))
    #expect(rules["GA4"] == [])
    #expect(rules["PostHog"] == ["property-value-date"])
  }

  @Test func aValueTooDeepGetsOnlyTheDepthIssue() {
    var deep: PropertyValue = .double(.nan)
    for _ in 0...PropertyValue.maximumDepth { deep = .array([deep]) }
    for data in [
      AnalyticsData.event(name: "", properties: ["$bad name": deep, "items": 5]),
      .userProperty(name: "", value: deep),
    ] {
      for (vendor, rules) in Self.rules(data) {
        #expect(rules == ["property-depth"], "\(vendor)")
      }
    }
    let message = segmentIssues(for: .event(name: "e", properties: ["tags": deep]))[0].message
    #expect(message.hasPrefix("property 'tags' nests arrays and objects more than 32 levels deep"))
    #expect(message.contains("To fix this"))
  }
}
