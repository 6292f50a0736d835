import Foundation
@testable import MixpanelTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MixpanelRepairTests {
  /// The rules the repair changes the event for, and those it sends as they are.
  static let repairedRules: Set<String> = [
    "property-name-empty", "property-name-length", "insert-id-format", "duration-value", "property-value-number",
    "property-value-length",
  ]
  static let passedRules: Set<String> = [
    "event-name-length", "property-list-length", "property-nesting-depth", "property-object-keys",
  ]

  struct Row: Sendable, CustomTestStringConvertible {
    var broken: AnalyticsData
    var repaired: AnalyticsData
    var rules: [String]
    var facts: [String] = []
    var sentAsIs: Set<String> = []
    var testDescription: String { rules.joined(separator: ", ") }
  }

  static let long = text(300)
  static let name = text(255)
  /// 400 UTF-8 bytes of two-byte characters: 127 of them (254 bytes) fit in 255.
  static let accents = String(repeating: "é", count: 200)
  static let deep: PropertyValue = ["b": ["c": ["d": ["e": 1]]]]
  static let list = PropertyValue.array(Array(repeating: 1, count: 255))
  static let keys = PropertyValue.object(Dictionary(uniqueKeysWithValues: (0..<255).map { ("k\($0)", PropertyValue.int($0)) }))

  static let rows: [Row] = [
    Row(broken: .event(name: long), repaired: .event(name: long), rules: ["event-name-length"],
        facts: ["(300 characters)", "sent as it is"], sentAsIs: ["event-name-length"]),
    Row(broken: .event(name: "E", properties: ["": 1, " ": 2, "b": 3]), repaired: .event(name: "E", properties: ["b": 3]),
        rules: ["property-name-empty"], facts: ["property '', property ' ' dropped"]),
    Row(broken: .group(type: "company", key: "acme", traits: ["": 1, "plan": "pro"]),
        repaired: .group(type: "company", key: "acme", traits: ["plan": "pro"]), rules: ["property-name-empty"],
        facts: ["trait of group 'company' ''"]),
    Row(broken: .event(name: "E", properties: [long: 1]), repaired: .event(name: "E", properties: [name: 1]),
        rules: ["property-name-length"], facts: ["property name 'xxxx", "(300 characters): truncated to 255 characters"]),
    Row(broken: .event(name: "E", properties: [long: 1, name: 2]), repaired: .event(name: "E", properties: [name: 2]),
        rules: ["property-name-length"], facts: ["(300 characters) (dropped: its first 255 characters are another property's name): truncated"]),
    Row(broken: .userProperties([long: 1]), repaired: .userProperties([name: 1]), rules: ["property-name-length"]),
    Row(broken: .profile(.setOnce(name: long, value: 1)), repaired: .profile(.setOnce(name: name, value: 1)),
        rules: ["property-name-length"]),
    Row(broken: .event(name: "E", properties: ["$insert_id": "not valid!"]),
        repaired: .event(name: "E", properties: ["$insert_id": .string(MixpanelRepair.insertId(hashing: "not valid!"))]),
        rules: ["insert-id-format"], facts: ["property '$insert_id' \"not valid!\" became '"]),
    Row(broken: .event(name: "E", properties: ["$duration": -1, "a": 1]), repaired: .event(name: "E", properties: ["a": 1]),
        rules: ["duration-value"], facts: ["property '$duration' (-1) dropped"]),
    Row(broken: .event(name: "E", properties: ["x": .double(.nan), "y": [.double(.infinity), .double(-.infinity)]]),
        repaired: .event(name: "E", properties: ["x": "nan", "y": ["inf", "-inf"]]), rules: ["property-value-number"],
        facts: ["property 'x' (nan) became \"nan\", property 'y[0]' (inf) became \"inf\", property 'y[1]' (-inf) became \"-inf\""]),
    Row(broken: .event(name: "E", properties: ["s": .string(accents), "o": ["t": .string(long)]]),
        repaired: .event(name: "E", properties: [
          "s": .string(String(repeating: "é", count: 127)), "o": ["t": .string(name)],
        ]),
        rules: ["property-value-length"], facts: ["property 'o.t' (300 bytes), property 's' (400 bytes) truncated to 255 UTF-8 bytes"]),
    Row(broken: .screen(name: long), repaired: .screen(name: name), rules: ["property-value-length"],
        facts: ["property 'Screen Name' (300 bytes)"]),
    Row(broken: .lifecycle(.installed(version: long, build: "1")), repaired: .lifecycle(.installed(version: name, build: "1")),
        rules: ["property-value-length"], facts: ["property 'version' (300 bytes)"]),
    Row(broken: .standard(.searched(query: long)), repaired: .standard(.searched(query: name)), rules: ["property-value-length"],
        facts: ["property 'query' (300 bytes)"]),
    Row(broken: .userProperty(name: "bio", value: .string(long)), repaired: .userProperty(name: "bio", value: .string(name)),
        rules: ["property-value-length"], facts: ["property 'bio' (300 bytes)"]),
    Row(broken: .event(name: "E", properties: ["l": list]), repaired: .event(name: "E", properties: ["l": list]),
        rules: ["property-list-length"], facts: ["property 'l' (255 elements)"], sentAsIs: ["property-list-length"]),
    Row(broken: .event(name: "E", properties: ["o": keys]), repaired: .event(name: "E", properties: ["o": keys]),
        rules: ["property-object-keys"], facts: ["property 'o' (255 keys)"], sentAsIs: ["property-object-keys"]),
    Row(broken: .event(name: "E", properties: ["a": deep]), repaired: .event(name: "E", properties: ["a": deep]),
        rules: ["property-nesting-depth"], facts: ["property 'a.b.c.d'"], sentAsIs: ["property-nesting-depth"]),
  ]

  @Test(arguments: rows) func repairsAsTheSDKOrServer(_ row: Row) {
    #expect(Set(mixpanelIssues(for: row.broken).map(\.rule)) == Set(row.rules))
    let result = mixpanelRepaired(row.broken)
    #expect(result.data == row.repaired)
    #expect(result.repairs.map(\.rule) == row.rules)
    #expect(result.repairs.allSatisfy { $0.vendor == "Mixpanel" })
    let messages = result.repairs.map(\.message).joined(separator: "\n")
    for fact in row.facts { #expect(messages.contains(fact), "\(fact) in \(messages)") }
    #expect(result.sentAsIs == row.sentAsIs)
    #expect(mixpanelIssues(for: result.data).allSatisfy { result.sentAsIs.contains($0.rule) })
  }

  @Test func theNewInsertIdIsValidAndStable() {
    let id = MixpanelRepair.insertId(hashing: "not valid!")
    #expect(id.count == 36)
    #expect(id.allSatisfy { $0.isHexDigit })
    #expect(id == MixpanelRepair.insertId(hashing: "not valid!"))
    #expect(id != MixpanelRepair.insertId(hashing: "not valid?"))
    #expect(MixpanelRepair.isValidInsertId(.string(id)))
  }

  /// The pipeline's contract: after the repair, validation finds only the rules sent as they are, or rules
  /// that refuse the event (KEEP).
  @Test func afterRepairOnlyRefusalsAndRulesSentAsIsRemain() {
    let broken: [AnalyticsData] = Self.rows.map(\.broken) + Self.keptRefusals.map(\.data) + [
      .event(name: "$E", properties: ["": .double(.nan), "$x": .string(Self.long), "$insert_id": 1, "l": Self.list]),
      .event(name: Self.long, properties: [Self.long: .string(Self.long), "$duration": "x", "a": Self.deep]),
      .standard(.orderCompleted(.init(id: "o", currency: "EUR", products: [.init(id: Self.long, name: Self.long)]))),
      .profile(.union(name: Self.long, values: [.double(.nan), .string(Self.long)])),
    ]
    for data in broken {
      let result = mixpanelRepaired(data)
      let left = mixpanelIssues(for: result.data).map(\.rule).filter { !result.sentAsIs.contains($0) }
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
      .userProperties([" ": 1]),
      .userProperty(name: " ", value: 1),
      .profile(.append(name: "", value: 1)),
    ]
    for data in broken {
      #expect(!mixpanelIssues(for: data).isEmpty)
      let result = mixpanelRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  static let keptRefusals: [(data: AnalyticsData, rule: String)] = [
    (.event(name: "E", properties: ["deep": deep(33)]), "property-depth"),
    (.event(name: " "), "event-name-empty"),
    (.event(name: "$identify"), "event-name-reserved-prefix"),
    (.event(name: "E", properties: Dictionary(uniqueKeysWithValues: (0..<240).map { ("p\($0)", PropertyValue.int($0)) })),
     "property-count"),
    (.event(name: "E", properties: ["$x": 1]), "property-name-reserved-prefix"),
    (.event(name: "E", properties: ["token": 1]), "property-name-reserved"),
    (.event(name: "E", properties: ["at": .date(Date(timeIntervalSince1970: 1e12))]), "property-value-date"),
    (.profile(.increment(name: "n", by: "one")), "profile-increment-number"),
    (.profile(.prepend(name: "n", value: 1)), "profile-operation-unsupported"),
    (.group(type: " ", key: "acme"), "group-key-empty"),
    (.group(type: long, key: "acme"), "group-key-length"),
    (.group(type: "$g", key: "acme"), "group-key-reserved-prefix"),
    (.group(type: "token", key: "acme"), "group-key-reserved"),
    (.group(type: "company", key: " "), "group-id-empty"),
    (.group(type: "company", key: long), "group-id-length"),
    (.userId("null"), "distinct-id-placeholder"),
    (.userId(long), "distinct-id-length"),
    (.timeEvent(name: "E"), "handled-by-pipeline"),
  ]

  @Test func refusalsAreLeftAsTheyAre() {
    for (data, rule) in Self.keptRefusals {
      #expect(mixpanelIssues(for: data).map(\.rule).contains(rule), "\(data)")
      let result = mixpanelRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  @Test func aValidEventIsReturnedAsItIs() {
    let data: AnalyticsData = .event(name: "E", properties: ["a": 1])
    let result = mixpanelRepaired(data)
    #expect(result.data == data && result.repairs.isEmpty && result.sentAsIs.isEmpty)
  }

  static func deep(_ levels: Int) -> PropertyValue {
    (0..<levels).reduce(PropertyValue.int(1)) { value, _ in .array([value]) }
  }
}
