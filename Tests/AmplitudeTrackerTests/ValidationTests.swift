import AmplitudeTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct ValidationTests {
  func rules(_ data: AnalyticsData) -> [String] {
    amplitudeIssues(for: data).map(\.rule)
  }

  @Test func everyVocabularyCaseCanBeValid() {
    let valid: [AnalyticsData] = [
      .event(name: "Order Completed", properties: ["plan": "pro", "seats": 5, "price": 9.99, "nested": ["a": [1]]]),
      .screen(name: "Cart", properties: ["items": 3]),
      .userId("user-42"), .userId(nil),
      .userProperty(name: "tier", value: "gold"),
      .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
      .lifecycle(.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142")),
    ]
    for data in valid { #expect(amplitudeIssues(for: data).isEmpty, "\(data)") }
  }

  @Test func messagesNameVendorRuleAndFix() throws {
    let issue = try #require(amplitudeIssues(for: .userId("42")).first)
    #expect(issue.vendor == "Amplitude")
    #expect(issue.rule == "user-id-length")
    #expect(issue.description.hasPrefix("Amplitude: user id '42' has 2 characters"))
    #expect(issue.message.contains("To fix this,"))
  }

  @Test func emptyNames() {
    #expect(rules(.event(name: "")) == ["event-type-empty"])
    #expect(rules(.event(name: "  ")) == ["event-type-empty"])
    #expect(rules(.screen(name: "")) == ["screen-name-empty"])
    #expect(rules(.error(message: "")) == ["error-message-empty"])
    #expect(rules(.event(name: "E", properties: ["": 1])) == ["property-name-empty"])
    #expect(rules(.userProperty(name: "", value: 1)) == ["property-name-empty"])
  }

  @Test func stringLengthsAtAndPastTheLimit() {
    #expect(rules(.event(name: text(1_024))).isEmpty)
    #expect(rules(.event(name: text(1_025))) == ["event-type-length"])
    #expect(rules(.screen(name: text(1_024))).isEmpty)
    #expect(rules(.screen(name: text(1_025))) == ["screen-name-length"])
    #expect(rules(.error(message: text(1_024))).isEmpty)
    #expect(rules(.error(message: text(1_025))) == ["error-message-length"])
    #expect(rules(.event(name: "E", properties: [text(1_024): 1])).isEmpty)
    #expect(rules(.event(name: "E", properties: [text(1_025): 1])) == ["property-name-length"])
    #expect(rules(.event(name: "E", properties: ["note": .string(text(1_024))])).isEmpty)
    #expect(rules(.event(name: "E", properties: ["note": .string(text(1_025))])) == ["property-value-length"])
    #expect(rules(.event(name: "E", properties: ["list": [.string(text(1_025))]])) == ["property-value-length"])
    #expect(rules(.event(name: "E", properties: ["obj": ["k": .string(text(1_025))]])) == ["property-value-length"])
    #expect(rules(.userProperty(name: "bio", value: .string(text(1_024)))).isEmpty)
    #expect(rules(.userProperty(name: "bio", value: .string(text(1_025)))) == ["property-value-length"])
  }

  @Test func userIdLengthAtAndPastBothLimits() {
    #expect(rules(.userId(text(4))) == ["user-id-length"])
    #expect(rules(.userId(text(5))).isEmpty)
    #expect(rules(.userId(text(1_024))).isEmpty)
    #expect(rules(.userId(text(1_025))) == ["user-id-length"])
  }

  @Test(arguments: ["null", "NULL", "anonymous", "0", "-1", "undefined", "none", "nil", "unknown", "n/a",
                    "00000000-0000-0000-0000-000000000000"])
  func placeholderUserIds(id: String) {
    #expect(rules(.userId(id)) == ["user-id-placeholder"])
  }

  @Test(arguments: ["[Amplitude] Start Session", "[Amplitude] End Session", "[Amplitude] Revenue",
                    "[Amplitude] Merged User", "[Amplitude] Screen Viewed", "$identify", "$groupidentify"])
  func reservedEventTypes(name: String) {
    #expect(rules(.event(name: name)) == ["event-type-reserved"])
  }

  @Test func reservedPropertyNames() {
    #expect(rules(.screen(name: "Cart", properties: ["[Amplitude] Screen Name": "Other"])) == ["property-name-reserved"])
    #expect(rules(.userProperty(name: "$set", value: 1)) == ["user-property-name-reserved"])
    #expect(rules(.userProperty(name: "[Amplitude] Country", value: "FR")) == ["property-name-reserved"])
    #expect(rules(.error(message: "boom", properties: ["message": "other"])) == ["error-message-property"])
  }

  @Test func nonFiniteNumbers() {
    #expect(rules(.event(name: "E", properties: ["ratio": .double(.nan)])) == ["property-value-number"])
    #expect(rules(.event(name: "E", properties: ["ratio": .double(.infinity)])) == ["property-value-number"])
    #expect(rules(.userProperty(name: "score", value: .double(-.infinity))) == ["property-value-number"])
    #expect(rules(.event(name: "E", properties: ["ratio": .double(1e308)])).isEmpty)
  }
}
