import Foundation
import TelemetryDeckTracker
import Testing
import Trackers

/// Each rule, with the value that just passes next to the one that just breaks it.
@Suite struct ValidationTests {
  func rules(_ data: AnalyticsData) -> [String] {
    telemetryDeckIssues(for: data).map(\.rule)
  }

  @Test func everyVocabularyCaseCanBeValid() {
    let valid: [AnalyticsData] = [
      .event(name: "Checkout.completed", properties: ["plan": "pro", "seats": 5, "price": 9.99, "trial": false,
                                                     "renews": .date(propertyDate), "coupon": .null, "floatValue": 42.5]),
      .screen(name: "Cart"), .userId("user-42"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .userProperty(name: "tier", value: .null),
      .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]),
      .lifecycle(.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142")),
    ]
    for data in valid { #expect(telemetryDeckIssues(for: data).isEmpty, "\(data)") }
  }

  @Test func messagesNameTheVendorTheRuleAndTheFix() throws {
    let issues: [AnalyticsData] = [
      .event(name: ""), .event(name: "TelemetryDeck.Session.started"), .screen(name: " "),
      .screen(name: "Cart", properties: ["screenName": "x"]), .error(message: ""), .error(message: "m", properties: ["message": "x"]),
      .event(name: "e", properties: ["": 1]), .event(name: "e", properties: ["count": 1]),
      .event(name: "e", properties: ["TelemetryDeck.Device.modelName": "x"]), .event(name: "e", properties: ["tags": ["a"]]),
      .event(name: "e", properties: ["ratio": .double(.nan)]), .event(name: "e", properties: ["floatValue": "x"]),
      .userProperty(name: "floatValue", value: 1), .userId(""),
    ]
    for data in issues {
      let issue = try #require(telemetryDeckIssues(for: data).first, "\(data)")
      #expect(issue.vendor == "TelemetryDeck")
      #expect(issue.description.hasPrefix("TelemetryDeck: "))
      #expect(issue.message.contains("To fix this, "), "\(issue)")
    }
    let issue = try #require(telemetryDeckIssues(for: .event(name: "e", properties: ["count": 3])).first)
    #expect(issue.description == "TelemetryDeck: property 'count' is a reserved key, which the server renames with a "
      + "leading underscore. To fix this, rename it (\"itemCount\" rather than \"count\").")
  }

  @Test func emptyNames() {
    #expect(rules(.event(name: "e")).isEmpty)
    #expect(rules(.event(name: "")) == ["event-name-empty"])
    #expect(rules(.event(name: " \n")) == ["event-name-empty"])
    #expect(rules(.screen(name: "C")).isEmpty)
    #expect(rules(.screen(name: " ")) == ["screen-name-empty"])
    #expect(rules(.error(message: "m")).isEmpty)
    #expect(rules(.error(message: "")) == ["error-message-empty"])
    #expect(rules(.event(name: "e", properties: ["p": 1])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["": 1])) == ["property-name-empty"])
    #expect(rules(.userProperty(name: "", value: 1)) == ["property-name-empty"])
    #expect(rules(.userId("u")).isEmpty)
    #expect(rules(.userId(" ")) == ["user-id-empty"])
  }

  /// The SDK warns about its own prefix in any case; `TelemetryDeck` without the dot is the app's.
  @Test func theSDKsPrefixIsReserved() {
    #expect(rules(.event(name: "TelemetryDeckClone.opened")).isEmpty)
    #expect(rules(.event(name: "TelemetryDeck.Session.started")) == ["signal-type-reserved"])
    #expect(rules(.event(name: "telemetrydeck.x")) == ["signal-type-reserved"])
    #expect(rules(.event(name: "e", properties: ["TelemetryDeckClone": 1])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["TelemetryDeck.AppInfo.version": "9"])) == ["property-name-prefix"])
    #expect(rules(.event(name: "e", properties: ["TELEMETRYDECK.x": "9"])) == ["property-name-prefix"])
    #expect(rules(.userProperty(name: "TelemetryDeck.x", value: "9")) == ["property-name-prefix"])
  }

  /// The Ingest API v2 page's forbidden payload keys, without case, as the SDK compares its own.
  @Test(arguments: ["count", "type", "appID", "clientUser", "__time", "payload", "platform", "receivedAt", "Count", "APPID"])
  func reservedKeys(key: String) {
    #expect(rules(.event(name: "e", properties: [key: 1])) == ["property-name-reserved"])
    #expect(rules(.screen(name: "Cart", properties: [key: 1])) == ["property-name-reserved"])
    #expect(rules(.userProperty(name: key, value: 1)) == ["property-name-reserved"])
  }

  @Test func keysNextToTheReservedOnesAreFine() {
    for key in ["counts", "coun", "_count", "typ", "appIDs", "__time_", "sessionID", "isTestMode", "floatvalue"] {
      #expect(rules(.event(name: "e", properties: [key: 1])).isEmpty, "\(key)")
    }
  }

  @Test func arraysAndObjectsMustBeConverted() throws {
    #expect(rules(.event(name: "e", properties: ["tags": "a,b"])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["tags": ["a", "b"]])) == ["property-value-type"])
    #expect(rules(.event(name: "e", properties: ["address": ["city": "Lyon"]])) == ["property-value-type"])
    #expect(rules(.userProperty(name: "tags", value: ["a"])) == ["property-value-type"])
    let issue = try #require(telemetryDeckIssues(for: .event(name: "e", properties: ["tags": ["a"]])).first)
    #expect(issue.message.hasPrefix("property 'tags' is an array; TelemetryDeck's payload holds strings only."))
    #expect(issue.message.contains("To fix this, convert it to a string"))
  }

  @Test func numbersAreFinite() {
    #expect(rules(.event(name: "e", properties: ["ratio": .double(.greatestFiniteMagnitude)])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["ratio": .double(.nan)])) == ["property-value-number"])
    #expect(rules(.event(name: "e", properties: ["floatValue": .double(.infinity)])) == ["property-value-number"])
    #expect(rules(.userProperty(name: "score", value: .double(-.infinity))) == ["property-value-number"])
  }

  @Test func floatValueIsANumberOfTheSignal() {
    #expect(rules(.event(name: "e", properties: ["floatValue": 1])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["floatValue": 1.5])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["floatValue": "1.5"])) == ["float-value-type"])
    #expect(rules(.event(name: "e", properties: ["floatValue": .null])) == ["float-value-type"])
    #expect(rules(.userProperty(name: "floatValue", value: 1)) == ["user-property-float-value"])
  }

  @Test func theMappingsOwnKeysAreNotProperties() {
    #expect(rules(.screen(name: "Cart", properties: ["screen": "x"])).isEmpty)
    #expect(rules(.screen(name: "Cart", properties: ["screenName": "x"])) == ["screen-name-property"])
    #expect(rules(.error(message: "m", properties: ["messages": "x"])).isEmpty)
    #expect(rules(.error(message: "m", properties: ["message": "x"])) == ["error-message-property"])
  }

  /// Several issues come in a stable order, whatever the dictionary's order.
  @Test func severalIssuesAreListedInKeyOrder() {
    let data = AnalyticsData.event(name: "", properties: ["z": ["a"], "count": 1, "TelemetryDeck.x": 1, "": 2])
    #expect(rules(data) == ["event-name-empty", "property-name-empty", "property-name-prefix", "property-name-reserved", "property-value-type"])
  }
}
