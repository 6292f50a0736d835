import Foundation
@testable import PostHogTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct PostHogRepairTests {
  /// The rules the repair changes the event for, and those it sends as they are.
  static let repairedRules: Set<String> = ["property-value-number"]
  static let passedRules: Set<String> = ["property-name-empty"]

  struct Row: Sendable, CustomTestStringConvertible {
    var broken: AnalyticsData
    var repaired: AnalyticsData
    var rules: [String]
    var facts: [String] = []
    var sentAsIs: Set<String> = []
    var testDescription: String { rules.joined(separator: ", ") }
  }

  static let rows: [Row] = [
    Row(broken: .event(name: "E", properties: ["": 1]), repaired: .event(name: "E", properties: ["": 1]),
        rules: ["property-name-empty"], facts: ["property '' has an empty name", "sent as it is"],
        sentAsIs: ["property-name-empty"]),
    Row(broken: .userProperty(name: "", value: 1), repaired: .userProperty(name: "", value: 1),
        rules: ["property-name-empty"], facts: ["person property ''"], sentAsIs: ["property-name-empty"]),
    Row(broken: .profile(.unset(name: "")), repaired: .profile(.unset(name: "")), rules: ["property-name-empty"],
        sentAsIs: ["property-name-empty"]),
    Row(broken: .group(type: "company", key: "acme", traits: ["": 1]),
        repaired: .group(type: "company", key: "acme", traits: ["": 1]), rules: ["property-name-empty"],
        facts: ["group property ''"], sentAsIs: ["property-name-empty"]),
    Row(broken: .event(name: "E", properties: ["$set": ["": 1, "plan": "pro"]]),
        repaired: .event(name: "E", properties: ["$set": ["": 1, "plan": "pro"]]), rules: ["property-name-empty"],
        facts: ["person property '' of '$set'"], sentAsIs: ["property-name-empty"]),
    Row(broken: .event(name: "E", properties: ["x": .double(.nan), "y": [1, ["z": .double(-.infinity)]], "k": 1]),
        repaired: .event(name: "E", properties: ["k": 1]), rules: ["property-value-number"],
        facts: ["property 'x', property 'y' dropped", "sanitizeDictionary"]),
    Row(broken: .event(name: "E", properties: ["$set_once": ["score": .double(.nan), "plan": "pro"], "k": 1]),
        repaired: .event(name: "E", properties: ["$set_once": ["plan": "pro"], "k": 1]), rules: ["property-value-number"],
        facts: ["person property 'score' of '$set_once' dropped"]),
    Row(broken: .screen(name: "S", properties: ["x": .double(.nan)]), repaired: .screen(name: "S"),
        rules: ["property-value-number"]),
    Row(broken: .error(message: "m", properties: ["x": .double(.nan)]), repaired: .error(message: "m"),
        rules: ["property-value-number"]),
    Row(broken: .standard(.searched(query: "q"), properties: ["x": .double(.nan)]), repaired: .standard(.searched(query: "q")),
        rules: ["property-value-number"]),
    Row(broken: .userProperties(["score": .double(.nan), "plan": "pro"]), repaired: .userProperties(["plan": "pro"]),
        rules: ["property-value-number"]),
    Row(broken: .group(type: "company", key: "acme", traits: ["score": .double(.nan), "plan": "pro"]),
        repaired: .group(type: "company", key: "acme", traits: ["plan": "pro"]), rules: ["property-value-number"],
        facts: ["group property 'score' dropped"]),
  ]

  @Test(arguments: rows) func repairsAsTheSDK(_ row: Row) {
    #expect(Set(postHogIssues(for: row.broken).map(\.rule)) == Set(row.rules))
    let result = postHogRepaired(row.broken)
    #expect(result.data == row.repaired)
    #expect(result.repairs.map(\.rule) == row.rules)
    #expect(result.repairs.allSatisfy { $0.vendor == "PostHog" })
    let messages = result.repairs.map(\.message).joined(separator: "\n")
    for fact in row.facts { #expect(messages.contains(fact), "\(fact) in \(messages)") }
    #expect(result.sentAsIs == row.sentAsIs)
    #expect(postHogIssues(for: result.data).allSatisfy { result.sentAsIs.contains($0.rule) })
  }

  /// The pipeline's contract: after the repair, validation finds only the rules sent as they are, or rules
  /// that refuse the event (KEEP).
  @Test func afterRepairOnlyRefusalsAndRulesSentAsIsRemain() {
    let broken: [AnalyticsData] = Self.rows.map(\.broken) + Self.keptRefusals.map(\.data) + [
      .event(name: "$E", properties: ["": .double(.nan), "$x": .double(.nan), "$set": 1]),
      .event(name: "E", properties: ["": 1, "n": .double(.nan), "$process_person_profile": .double(.nan)]),
      .error(message: "", properties: ["message": .double(.nan)]),
    ]
    for data in broken {
      let result = postHogRepaired(data)
      let left = postHogIssues(for: result.data).map(\.rule).filter { !result.sentAsIs.contains($0) }
      let refused = left.contains { !Self.repairedRules.contains($0) && !Self.passedRules.contains($0) }
      // A repair that names nothing: the pipeline refuses the event with the issues it broke.
      let unrepaired = result.repairs.isEmpty && result.data == data
      #expect(refused || left.isEmpty || unrepaired, "\(left) after repairing \(data)")
      #expect(!left.contains { Self.passedRules.contains($0) }, "\(left) after repairing \(data)")
      #expect(result.sentAsIs.isSubset(of: Self.passedRules))
    }
  }

  /// A user property, or a profile operation, left with nothing to set is refused as before: the kit would
  /// send an empty set as a message of its own, where the SDK sends nothing.
  @Test func nothingLeftToSetIsRefusedAsBefore() {
    let broken: [AnalyticsData] = [
      .userProperties(["x": .double(.infinity)]),
      .userProperty(name: "score", value: .double(.infinity)),
      .profile(.setOnce(name: "score", value: [.double(.infinity)])),
    ]
    for data in broken {
      #expect(!postHogIssues(for: data).isEmpty)
      let result = postHogRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  static let keptRefusals: [(data: AnalyticsData, rule: String)] = [
    (.event(name: "E", properties: ["deep": deep(33)]), "property-depth"),
    (.event(name: " "), "event-name-empty"),
    (.event(name: "$pageview"), "event-name-reserved"),
    (.screen(name: " "), "screen-name-empty"),
    (.userId(" "), "user-id-empty"),
    (.userId("null"), "user-id-placeholder"),
    (.userId(text(201)), "user-id-length"),
    (.event(name: "E", properties: ["$x": 1]), "property-name-reserved"),
    (.event(name: "E", properties: ["$set": 1]), "property-value-type"),
    (.error(message: " "), "error-message-empty"),
    (.group(type: " ", key: "acme"), "group-type-empty"),
    (.group(type: "company", key: " "), "group-key-empty"),
    (.profile(.increment(name: "n", by: 1)), "profile-operation-unsupported"),
    (.event(name: "E", properties: ["at": .date(Date(timeIntervalSince1970: 1e12))]), "property-value-date"),
    (.timeEvent(name: "E"), "handled-by-pipeline"),
  ]

  @Test func refusalsAreLeftAsTheyAre() {
    for (data, rule) in Self.keptRefusals {
      #expect(postHogIssues(for: data).map(\.rule).contains(rule), "\(data)")
      let result = postHogRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  @Test func aValidEventIsReturnedAsItIs() {
    let data: AnalyticsData = .event(name: "E", properties: ["a": 1])
    let result = postHogRepaired(data)
    #expect(result.data == data && result.repairs.isEmpty && result.sentAsIs.isEmpty)
  }

  static func deep(_ levels: Int) -> PropertyValue {
    (0..<levels).reduce(PropertyValue.int(1)) { value, _ in .array([value]) }
  }
}
