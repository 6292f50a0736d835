import Foundation
import MixpanelTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func everyVocabularyCase() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    #expect(mixpanelEvent(for: .event(name: "Signed Up", properties: ["seats": 5, "at": .date(date)]))
      == .event(name: "Signed Up", properties: ["seats": 5, "at": .date(date)]))
    #expect(mixpanelEvent(for: .screen(name: "Cart", properties: ["items": 2]))
      == .event(name: "Screen Viewed", properties: ["Screen Name": "Cart", "items": 2]))
    #expect(mixpanelEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
      == .event(name: "App Error", properties: ["Error Message": "timeout", "endpoint": "/cart"]))
    #expect(mixpanelEvent(for: .userProperty(name: "plan", value: "pro")) == .setProfileProperty(name: "plan", value: "pro"))
    #expect(mixpanelEvent(for: .userId("u-1")) == .identify("u-1"))
    #expect(mixpanelEvent(for: .userId(nil)) == .identify(nil))
  }

  @Test func errorMessageIsCutTo255Bytes() {
    let event = mixpanelEvent(for: .error(message: String(repeating: "é", count: 200)))  // 400 bytes
    guard case let .event(_, properties) = event else { Issue.record("not an event"); return }
    #expect(properties["Error Message"]?.stringValue?.utf8.count == 254)
  }
}

@Suite struct ValidationTests {
  private func rules(_ data: AnalyticsData) -> [String] { MixpanelTracker.validate(data).map(\.rule) }

  @Test func eventNameRules() {
    #expect(rules("Signed Up") == [])
    #expect(rules(.event(name: String(repeating: "a", count: 255))) == [])
    #expect(rules(.event(name: String(repeating: "a", count: 256))) == ["event-name-length"])
    #expect(rules("$identify") == ["event-name-reserved-prefix"])
    #expect(rules("mp_thing") == ["event-name-reserved-prefix"])
    #expect(rules(" ") == ["event-name-empty"])
  }

  @Test func propertyCountBoundary() {
    let properties = Dictionary(uniqueKeysWithValues: (0..<249).map { ("p\($0)", PropertyValue.int($0)) })
    #expect(rules(.event(name: "e", properties: properties)) == [])
    var more = properties
    more["p249"] = 1
    #expect(rules(.event(name: "e", properties: more)) == ["property-count"])
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
    #expect(rules(.event(name: "e", properties: ["b": true, "n": nil, "d": .date(Date())])) == [])
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
    #expect(MixpanelTracker.validate(.userId("null")).first?.description
      == "Mixpanel: user id 'null' is a placeholder Mixpanel treats as no id; send the real id, or .userId(nil) to sign out")
    #expect(rules(.userId(String(repeating: "u", count: 255))) == [])
    #expect(rules(.userId(String(repeating: "u", count: 256))) == ["distinct-id-length"])
    #expect(rules(.userId(nil)) == [])
  }
}

@Suite struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = Recorder<MixpanelEvent>()
    let (_, issues) = collectingIssues {
      withIsolatedEnvironments {
        MixpanelTracker.Current = .unimplemented
        MixpanelTracker.Current.send = recorder.tracker
        mixpanelTracker(.userId("u-1"))
        mixpanelTracker(.screen(name: "Cart"))
        mixpanelTracker(.userProperty(name: "plan", value: "pro"))
        mixpanelTracker("$bad")
      }
    }
    #expect(recorder.events == [
      .identify("u-1"), .event(name: "Screen Viewed", properties: ["Screen Name": "Cart"]),
      .setProfileProperty(name: "plan", value: "pro"),
    ])
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Mixpanel: event name '$bad' starts with '$', which Mixpanel reserves") == true)
  }

  @Test func unimplementedReportsWhenCalled() {
    let (_, issues) = collectingIssues {
      withIsolatedEnvironments {
        MixpanelTracker.Current = .unimplemented
        mixpanelTracker("Signed Up")
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("MixpanelTracker.Current.send was called") == true)
  }

  @Test func notConfiguredDropsAndCounts() {
    let (dropped, issues) = collectingIssues {
      withIsolatedEnvironments {
        let before = MixpanelTracker.Current.counters().notConfigured
        mixpanelTracker("Signed Up")
        return MixpanelTracker.Current.counters().notConfigured - before
      }
    }
    #expect(dropped == 1)
    #expect(issues.allSatisfy { $0.contains("MixpanelTracker.Current = try .live(") })
  }
}
