@testable import AmplitudeTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct AmplitudeRepairTests {
  /// The rules the repair changes the event for, and those it sends as they are.
  static let repairedRules: Set<String> = [
    "screen-name-length", "property-name-empty", "property-value-length", "property-value-number",
    "error-message-length", "group-key-length",
  ]
  static let passedRules: Set<String> = ["event-type-length", "screen-name-empty", "property-name-length"]

  struct Row: Sendable, CustomTestStringConvertible {
    var broken: AnalyticsData
    var repaired: AnalyticsData
    var rules: [String]
    var facts: [String] = []
    var sentAsIs: Set<String> = []
    var testDescription: String { rules.joined(separator: ", ") }
  }

  static let long = text(1_500)
  static let kept = text(1_024)

  static let rows: [Row] = [
    Row(broken: .event(name: long), repaired: .event(name: long), rules: ["event-type-length"],
        facts: ["(1500 characters)", "sent as it is"], sentAsIs: ["event-type-length"]),
    Row(broken: .screen(name: " "), repaired: .screen(name: " "), rules: ["screen-name-empty"],
        facts: ["screen name ' '", "sent as it is"], sentAsIs: ["screen-name-empty"]),
    Row(broken: .screen(name: long, properties: ["a": 1]), repaired: .screen(name: kept, properties: ["a": 1]),
        rules: ["screen-name-length"], facts: ["screen name 'xxxx", "(1500 characters)", "1024 UTF-16 units", "Amplitude-iOS"]),
    Row(broken: .event(name: "E", properties: ["": 1, "b": 2]), repaired: .event(name: "E", properties: ["b": 2]),
        rules: ["property-name-empty"], facts: ["event property '' dropped", "Identify ignores"]),
    Row(broken: .userProperties(["": 1, "plan": "pro"]), repaired: .userProperties(["plan": "pro"]),
        rules: ["property-name-empty"], facts: ["user property '' dropped"]),
    Row(broken: .group(type: "org", key: "acme", traits: ["": 1, "plan": "pro"]),
        repaired: .group(type: "org", key: "acme", traits: ["plan": "pro"]), rules: ["property-name-empty"],
        facts: ["group property '' dropped"]),
    Row(broken: .event(name: "E", properties: [long: 1]), repaired: .event(name: "E", properties: [long: 1]),
        rules: ["property-name-length"], facts: ["event property name 'xxxx", "sent as it is"],
        sentAsIs: ["property-name-length"]),
    Row(broken: .event(name: "E", properties: ["b": .string(long), "a": [1, .string(long)], "c": ["k": .string(long)]]),
        repaired: .event(name: "E", properties: ["b": .string(kept), "a": [1, .string(kept)], "c": ["k": .string(kept)]]),
        rules: ["property-value-length"],
        facts: ["event property 'a'[1] (1500 characters), event property 'b' (1500 characters), event property 'c'.k (1500 characters)"]),
    Row(broken: .userProperty(name: "bio", value: .string(long)), repaired: .userProperty(name: "bio", value: .string(kept)),
        rules: ["property-value-length"], facts: ["user property 'bio' (1500 characters)"]),
    Row(broken: .profile(.union(name: "tags", values: ["a", .string(long)])),
        repaired: .profile(.union(name: "tags", values: ["a", .string(kept)])), rules: ["property-value-length"],
        facts: ["user property 'tags'[1]"]),
    Row(broken: .lifecycle(.opened(fromBackground: false, version: long, build: "1")),
        repaired: .lifecycle(.opened(fromBackground: false, version: kept, build: "1")), rules: ["property-value-length"],
        facts: ["lifecycle property 'version' (1500 characters)"]),
    Row(broken: .standard(.searched(query: "shoes"), properties: ["note": .string(long)]),
        repaired: .standard(.searched(query: "shoes"), properties: ["note": .string(kept)]), rules: ["property-value-length"]),
    Row(broken: .standard(.orderCompleted(.init(id: "o", currency: "EUR", products: [.init(id: "p", name: long)]))),
        repaired: .standard(.orderCompleted(.init(id: "o", currency: "EUR", products: [.init(id: "p", name: kept)]))),
        rules: ["property-value-length"], facts: ["Order Completed field 'products'[0].name (1500 characters)"]),
    Row(broken: .standard(.deepLinkOpened(.init(url: "app://x", referrer: long))),
        repaired: .standard(.deepLinkOpened(.init(url: "app://x", referrer: kept))), rules: ["property-value-length"],
        facts: ["Deep Link Opened field 'referring_application'"]),
    Row(broken: .event(name: "E", properties: ["x": .double(.nan), "y": [.double(.infinity)], "z": 1.5]),
        repaired: .event(name: "E", properties: ["x": .null, "y": [.null], "z": 1.5]), rules: ["property-value-number"],
        facts: ["event property 'x' (nan), event property 'y'[0] (inf)", "sent as null", "makeJSONSerializable"]),
    Row(broken: .error(message: long), repaired: .error(message: kept), rules: ["error-message-length"],
        facts: ["error message 'xxxx"]),
    Row(broken: .group(type: "org", key: long), repaired: .group(type: "org", key: kept), rules: ["group-key-length"],
        facts: ["group key 'xxxx"]),
    Row(broken: .screen(name: "", properties: ["": 1, "n": .double(.nan), long: .string(long)]),
        repaired: .screen(name: "", properties: ["n": .null, long: .string(kept)]),
        rules: ["property-name-empty", "property-name-length", "property-value-length", "property-value-number", "screen-name-empty"],
        sentAsIs: ["property-name-length", "screen-name-empty"]),
  ]

  @Test(arguments: rows) func repairsAsTheSDK(_ row: Row) {
    #expect(Set(amplitudeIssues(for: row.broken).map(\.rule)) == Set(row.rules))
    let result = amplitudeRepaired(row.broken)
    #expect(result.data == row.repaired)
    #expect(result.repairs.map(\.rule) == row.rules)
    #expect(result.repairs.allSatisfy { $0.vendor == "Amplitude" })
    let messages = result.repairs.map(\.message).joined(separator: "\n")
    for fact in row.facts { #expect(messages.contains(fact), "\(fact) in \(messages)") }
    #expect(result.sentAsIs == row.sentAsIs)
    #expect(amplitudeIssues(for: result.data).allSatisfy { result.sentAsIs.contains($0.rule) })
  }

  @Test func truncatesUTF16UnitsAtCharacterBoundariesAsAmplitudeIOS() {
    let a = String(repeating: "a", count: 1_023)
    // The emoji across the 1024th unit is kept whole, as rangeOfComposedCharacterSequencesForRange keeps it.
    #expect(AmplitudeRepair.truncated(a + "👍" + text(10)) == a + "👍")
    // An "é" of two scalars across the limit would make 1025 scalars: left out.
    #expect(AmplitudeRepair.truncated(a + "e\u{301}" + text(10)) == a)
    // Astral characters take two units each.
    #expect(AmplitudeRepair.truncated(String(repeating: "😀", count: 1_100)) == String(repeating: "😀", count: 512))
  }

  /// The pipeline's contract: after the repair, validation finds only the rules sent as they are, or rules
  /// that refuse the event (KEEP; with one of those, a repaired rule may be left where the refused part
  /// holds it, such as the NaN price of a standard event, which `standard-amount` refuses).
  @Test func afterRepairOnlyRefusalsAndRulesSentAsIsRemain() {
    let broken: [AnalyticsData] = Self.rows.map(\.broken) + Self.keptRefusals.map(\.data) + [
      .profile(.increment(name: "n", by: .double(.nan))),
      .event(name: "$E", properties: ["": .double(.nan), "[Amplitude] x": .string(Self.long)]),
      .error(message: Self.long, properties: ["message": 1]),
      .standard(.productViewed(.init(id: "p", name: Self.long, price: .nan)), properties: ["product_id": 1]),
    ]
    for data in broken {
      let result = amplitudeRepaired(data)
      let left = amplitudeIssues(for: result.data).map(\.rule).filter { !result.sentAsIs.contains($0) }
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
      .userProperties(["": 1]),
      .userProperty(name: "", value: 1),
      .profile(.setOnce(name: "", value: 1)),
    ]
    for data in broken {
      #expect(!amplitudeIssues(for: data).isEmpty)
      let result = amplitudeRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  static let keptRefusals: [(data: AnalyticsData, rule: String)] = [
    (.event(name: "E", properties: ["deep": deep(33)]), "property-depth"),
    (.event(name: ""), "event-type-empty"),
    (.event(name: "[Amplitude] Start Session"), "event-type-reserved"),
    (.event(name: "E", properties: ["[Amplitude] x": 1]), "property-name-reserved"),
    (.userProperty(name: "$set", value: 1), "user-property-name-reserved"),
    (.error(message: ""), "error-message-empty"),
    (.error(message: "m", properties: ["message": 1]), "error-message-property"),
    (.profile(.increment(name: "n", by: "one")), "profile-increment-number"),
    (.group(type: "", key: "acme"), "group-type-empty"),
    (.group(type: long, key: "acme"), "group-type-length"),
    (.group(type: "org", key: ""), "group-key-empty"),
    (.group(type: "org", key: "acme", traits: ["$x": 1]), "group-property-name-reserved"),
    (.userId("null"), "user-id-placeholder"),
    (.userId("42"), "user-id-length"),
    (.alias(userId: text(1_025)), "user-id-length"),
    (.standard(.searched(query: "q"), properties: ["query": "x"]), "standard-property-conflict"),
    (.timeEvent(name: "E"), "handled-by-pipeline"),
  ]

  @Test func refusalsAreLeftAsTheyAre() {
    for (data, rule) in Self.keptRefusals {
      #expect(amplitudeIssues(for: data).map(\.rule).contains(rule), "\(data)")
      let result = amplitudeRepaired(data)
      #expect(result.data == data)
      #expect(result.repairs.isEmpty)
      #expect(result.sentAsIs.isEmpty)
    }
  }

  @Test func aValidEventIsReturnedAsItIs() {
    let data: AnalyticsData = .event(name: "E", properties: ["a": 1])
    let result = amplitudeRepaired(data)
    #expect(result.data == data && result.repairs.isEmpty && result.sentAsIs.isEmpty)
  }

  static func deep(_ levels: Int) -> PropertyValue {
    (0..<levels).reduce(PropertyValue.int(1)) { value, _ in .array([value]) }
  }
}
