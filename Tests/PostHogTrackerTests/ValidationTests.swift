import PostHogTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct ValidationTests {
  func rules(_ data: AnalyticsData) -> [String] {
    postHogIssues(for: data).map(\.rule)
  }

  @Test func everyVocabularyCaseCanBeValid() {
    let valid: [AnalyticsData] = [
      .event(name: "order completed", properties: ["plan": "pro", "seats": 5, "price": 9.99]),
      .screen(name: "Cart"), .userId("user-42"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
      .lifecycle(.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142")),
      .standard(.orderCompleted(StandardEvent.Order(id: "o-1", currency: "EUR", products: [StandardEvent.Product(id: "sku-1", price: 9.5)]))),
      .standard(.searched(query: "red shoes"), properties: ["$process_person_profile": false]),
      .alias(userId: "user-42"), .group(type: "company", key: "acme", traits: ["plan": "pro"]),
      .profile(.setOnce(name: "first_order_at", value: .date(propertyDate))), .profile(.unset(name: "coupon")),
    ]
    for data in valid { #expect(postHogIssues(for: data).isEmpty, "\(data)") }
  }

  @Test func messagesNameVendorRuleAndFix() throws {
    let issue = try #require(postHogIssues(for: .event(name: "$pageview")).first)
    #expect(issue.vendor == "PostHog")
    #expect(issue.rule == "event-name-reserved")
    #expect(issue.description.hasPrefix("PostHog: event name '$pageview' starts with '$'"))
    #expect(issue.message.contains("To fix this,"))
  }

  @Test func emptyNames() {
    #expect(rules(.event(name: "")) == ["event-name-empty"])
    #expect(rules(.screen(name: " ")) == ["screen-name-empty"])
    #expect(rules(.error(message: "")) == ["error-message-empty"])
    #expect(rules(.event(name: "e", properties: ["": 1])) == ["property-name-empty"])
    #expect(rules(.userProperty(name: "", value: 1)) == ["property-name-empty"])
  }

  @Test func dollarPrefixesAreReserved() {
    #expect(rules(.event(name: "$screen")) == ["event-name-reserved"])
    #expect(rules(.event(name: "$identify")) == ["event-name-reserved"])
    #expect(rules(.event(name: "e", properties: ["$groups": ["a": "1"]])) == ["property-name-reserved"])
    #expect(rules(.screen(name: "Cart", properties: ["$screen_name": "Other"])) == ["property-name-reserved"])
    #expect(rules(.userProperty(name: "$email", value: "a@b.c")) == ["property-name-reserved"])
    #expect(rules(.error(message: "boom", properties: ["message": "x"])) == ["error-message-property"])
    #expect(rules(.event(name: "price $", properties: ["cost $": 1])).isEmpty)
  }

  @Test func userIdAtAndPastTheLimit() {
    #expect(rules(.userId("")) == ["user-id-empty"])
    #expect(rules(.userId("u")).isEmpty)
    #expect(rules(.userId(text(200))).isEmpty)
    #expect(rules(.userId(text(201))) == ["user-id-length"])
  }

  @Test(arguments: ["anonymous", "Guest", "distinct_id", "not_authenticated", "null", "None", "undefined", "0",
                    "-1", "true", "[object Object]", "NaN", "00000000-0000-0000-0000-000000000000"])
  func placeholderUserIds(id: String) {
    #expect(rules(.userId(id)) == ["user-id-placeholder"])
  }

  @Test func nonFiniteNumbers() {
    #expect(rules(.event(name: "e", properties: ["ratio": .double(.nan)])) == ["property-value-number"])
    #expect(rules(.userProperty(name: "score", value: [.double(.infinity)])) == ["property-value-number"])
  }
}
