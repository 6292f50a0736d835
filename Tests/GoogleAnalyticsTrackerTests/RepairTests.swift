import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers

/// `googleAnalyticsRepaired(_:)`: each rule the Firebase SDK repairs, narrows or sends as it is, one row
/// per rule, and the contract the pipeline relies on.
@Suite struct RepairTests {
  /// One broken event: what the repair makes of it, the rules it reports (in rule-id order), facts each
  /// rule's message states, and the rules sent as they are.
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var input: AnalyticsData
    var repaired: AnalyticsData
    var rules: [String]
    var facts: [String: [String]] = [:]
    var sentAsIs: Set<String> = []
    var testDescription: String { label }
  }

  static let long101 = String(repeating: "x", count: 101)

  static func items(_ count: Int) -> [PropertyValue] {
    (0..<count).map { .object(["item_id": .string("i\($0)")]) }
  }

  static func params(_ count: Int) -> AnalyticsData.Properties {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", PropertyValue.int($0)) })
  }

  static func userProperties(_ count: Int) -> AnalyticsData.Properties {
    Dictionary(uniqueKeysWithValues: (0..<count).map { (String(format: "u%02d", $0), PropertyValue.string("v")) })
  }

  static let repairCases: [Case] = [
    Case(
      label: "param-name-empty", input: .event(name: "e", properties: ["": 1, "ok": 2]),
      repaired: .event(name: "e", properties: ["ok": 2]), rules: ["param-name-empty"],
      facts: ["param-name-empty": ["parameter '' dropped", "error code 3", "firebase_error"]]),
    Case(
      label: "param-name-length", input: .event(name: "e", properties: [String(repeating: "a", count: 41): 1]),
      repaired: .event(name: "e"), rules: ["param-name-length"],
      facts: ["param-name-length": ["(41 characters) dropped", "at most 40", "error code 3"]]),
    Case(
      label: "param-name-characters", input: .event(name: "e", properties: ["Item Id": "a1", "method": "sms"]),
      repaired: .event(name: "e", properties: ["method": "sms"]), rules: ["param-name-characters"],
      facts: ["param-name-characters": ["parameter 'Item Id' (' ') dropped", "error code 3"]]),
    Case(
      label: "param-name-reserved-prefix", input: .event(name: "e", properties: ["firebase_x": 1]),
      repaired: .event(name: "e"), rules: ["param-name-reserved-prefix"],
      facts: ["param-name-reserved-prefix": ["parameter 'firebase_x' ('firebase_') dropped", "error code 14"]]),
    Case(
      label: "a name breaking two rules is reported under both", input: .event(name: "e", properties: ["_x": 1]),
      repaired: .event(name: "e"), rules: ["param-name-characters", "param-name-reserved-prefix"]),
    Case(
      label: "items-type: not a list", input: .event(name: "e", properties: ["items": 3, "ok": 1]),
      repaired: .event(name: "e", properties: ["ok": 1]), rules: ["items-type"],
      facts: ["items-type": ["parameter 'items' (an integer) dropped", "item_count"]]),
    Case(
      label: "items-type: an entry", input: .event(name: "e", properties: ["items": [["item_id": "a"], "b"]]),
      repaired: .event(name: "e", properties: ["items": [["item_id": "a"]]]), rules: ["items-type"],
      facts: ["items-type": ["'items'[1] (a string) dropped"]]),
    Case(
      label: "param-value-length", input: .event(name: "e", properties: ["description": .string(long101), "ok": 1]),
      repaired: .event(name: "e", properties: ["ok": 1]), rules: ["param-value-length"],
      facts: ["param-value-length": ["parameter 'description' (101 characters) dropped", "at most 100", "error code 4"]]),
    Case(
      label: "param-value-length: one issue naming every parameter, sorted",
      input: .event(name: "e", properties: ["b": .string(long101), "a": .string(long101)]),
      repaired: .event(name: "e"), rules: ["param-value-length"],
      facts: ["param-value-length": ["parameter 'a' (101 characters), parameter 'b' (101 characters) dropped"]]),
    Case(
      label: "param-value-type",
      input: .event(name: "e", properties: ["new": true, "off": false, "none": .null, "tags": ["a"], "o": ["k": 1]]),
      repaired: .event(name: "e", properties: ["new": 1, "off": 0]), rules: ["param-value-type"],
      facts: [
        "param-value-type": [
          "parameter 'new' (a Boolean, sent as 1)", "parameter 'none' (null, dropped)",
          "parameter 'o' (an object, dropped)", "parameter 'off' (a Boolean, sent as 0)",
          "parameter 'tags' (a list, dropped)",
        ]
      ]),
    Case(
      label: "property-value-number", input: .event(name: "e", properties: ["ratio": .double(.nan), "ok": 1.5]),
      repaired: .event(name: "e", properties: ["ok": 1.5]), rules: ["property-value-number"],
      facts: ["property-value-number": ["parameter 'ratio' (nan) left out"]]),
    Case(
      label: "property-value-date",
      input: .event(name: "e", properties: ["at": .date(Date(timeIntervalSince1970: 1e15)), "ok": 1]),
      repaired: .event(name: "e", properties: ["ok": 1]), rules: ["property-value-date"],
      facts: ["property-value-date": ["parameter 'at'", "left out", "microseconds"]]),
    Case(
      label: "items-count", input: .event(name: "e", properties: ["items": .array(items(201))]),
      repaired: .event(name: "e", properties: ["items": .array(items(200))]), rules: ["items-count"],
      facts: ["items-count": ["first 200 entries", "1 of its 201 dropped"]]),
    Case(
      label: "an item's parameters",
      input: .event(
        name: "e",
        properties: ["items": [["item_id": "a", "Bad Name": 1, "flag": true, "item_name": .string(long101), "tags": ["x"]]]]),
      repaired: .event(name: "e", properties: ["items": [["item_id": "a", "flag": 1]]]),
      rules: ["param-name-characters", "param-value-length", "param-value-type"],
      facts: [
        "param-name-characters": ["'items'[0].Bad Name (' ') dropped"],
        "param-value-length": ["'items'[0].item_name (101 characters) dropped"],
        "param-value-type": ["'items'[0].flag (a Boolean, sent as 1), 'items'[0].tags (a list, dropped)"],
      ]),
    Case(
      label: "param-count: the first 23 in key order", input: .event(name: "e", properties: params(24)),
      repaired: .event(name: "e", properties: params(24).filter { $0.key != "p9" }), rules: ["param-count"],
      facts: ["param-count": ["had 24 parameters", "session_id and engagement_time_msec", "1 dropped", "'p9'", "error code 5"]]),
    Case(
      label: "param-count: an event that sets the session parameters keeps them",
      input: .event(name: "e", properties: params(24).merging(["session_id": 7, "engagement_time_msec": 1]) { $1 }),
      repaired: .event(
        name: "e", properties: params(24).filter { $0.key != "p9" }.merging(["session_id": 7, "engagement_time_msec": 1]) { $1 }),
      rules: ["param-count"], facts: ["param-count": ["had 26 parameters; 1 dropped", "'p9'"]]),
    Case(
      label: "param-count: a screen keeps screen_name", input: .screen(name: "Cart", properties: params(23)),
      repaired: .screen(name: "Cart", properties: params(23).filter { $0.key != "p9" }), rules: ["param-count"],
      facts: ["param-count": ["'p9'"]]),
    Case(
      label: "param-count: within the limit once the invalid parameters went",
      input: .event(name: "e", properties: params(23).merging(["Bad Name": 1]) { $1 }),
      repaired: .event(name: "e", properties: params(23)), rules: ["param-count", "param-name-characters"],
      facts: ["param-count": ["had 24 parameters", "it has 25, within GA4's 25"]]),
    Case(
      label: "a screen whose name is too long becomes its screen_view", input: .screen(name: long101, properties: ["a": 1]),
      repaired: .event(name: "screen_view", properties: ["a": 1]), rules: ["param-value-length"],
      facts: ["param-value-length": ["parameter 'screen_name' (101 characters) dropped"]]),
    Case(
      label: "an error keeps its case", input: .error(message: "timeout", properties: ["flag": true, "error_message": 1]),
      repaired: .error(message: "timeout", properties: ["flag": 1, "error_message": 1]), rules: ["param-value-type"]),
    Case(
      label: "a standard event's extra properties", input: .standard(.searched(query: "shoes"), properties: ["Bad Key": 1]),
      repaired: .standard(.searched(query: "shoes")), rules: ["param-name-characters"]),
    Case(
      label: "a standard event's own field becomes the event it maps to", input: .standard(.searched(query: long101)),
      repaired: .event(name: "search"), rules: ["param-value-length"],
      facts: ["param-value-length": ["parameter 'search_term' (101 characters) dropped"]]),
    Case(
      label: "a product's name too long",
      input: .standard(.productAdded(.init(id: "p1", name: long101, price: 2, currency: "EUR"))),
      repaired: .event(
        name: "add_to_cart",
        properties: ["currency": "EUR", "value": 2.0, "items": [["item_id": "p1", "quantity": 1, "price": 2.0]]]),
      rules: ["param-value-length"], facts: ["param-value-length": ["'items'[0].item_name (101 characters)"]]),
    Case(
      label: "a lifecycle event's field too long",
      input: .lifecycle(.opened(fromBackground: true, version: long101, build: "7")),
      repaired: .lifecycle(.opened(fromBackground: true, version: nil, build: "7")), rules: ["param-value-length"],
      facts: ["param-value-length": ["parameter 'version' (101 characters) dropped"]]),
    Case(
      label: "items-id", input: .event(name: "e", properties: ["items": [["price": 1], ["item_id": "a"], ["quantity": 2]]]),
      repaired: .event(name: "e", properties: ["items": [["price": 1], ["item_id": "a"], ["quantity": 2]]]),
      rules: ["items-id"], facts: ["items-id": ["'items'[0], 'items'[2] have neither", "sent as is", "To fix this"]],
      sentAsIs: ["items-id"]),
    Case(
      label: "items-id after its id was dropped",
      input: .event(name: "e", properties: ["items": [["item_id": .string(long101)]]]),
      repaired: .event(name: "e", properties: ["items": [[:]]]), rules: ["items-id", "param-value-length"],
      sentAsIs: ["items-id"]),
    Case(
      label: "items-custom-params",
      input: .event(name: "e", properties: ["items": [.object(params(28).merging(["item_id": "a"]) { $1 })]]),
      repaired: .event(name: "e", properties: ["items": [.object(params(28).merging(["item_id": "a"]) { $1 })]]),
      rules: ["items-custom-params"], facts: ["items-custom-params": ["'items'[0] (28) has more than 27", "sent as is"]],
      sentAsIs: ["items-custom-params"]),
    Case(
      label: "value-negative", input: .event(name: "purchase", properties: ["value": -5, "currency": "EUR"]),
      repaired: .event(name: "purchase", properties: ["value": -5, "currency": "EUR"]), rules: ["value-negative"],
      facts: ["value-negative": ["event 'purchase' has value -5", "sent as is"]], sentAsIs: ["value-negative"]),
    Case(
      label: "value-needs-currency", input: .event(name: "purchase", properties: ["value": 5]),
      repaired: .event(name: "purchase", properties: ["value": 5]), rules: ["value-needs-currency"],
      facts: ["value-needs-currency": ["event 'purchase' has a value but no 'currency'", "sent as is"]],
      sentAsIs: ["value-needs-currency"]),
    Case(
      label: "value-needs-currency once the currency was dropped",
      input: .event(name: "purchase", properties: ["value": 5, "currency": .null]),
      repaired: .event(name: "purchase", properties: ["value": 5]), rules: ["param-value-type", "value-needs-currency"],
      sentAsIs: ["value-needs-currency"]),
    Case(
      label: "user-property-name-empty", input: .userProperty(name: "", value: "gold"), repaired: .userProperties([:]),
      rules: ["user-property-name-empty"], facts: ["user-property-name-empty": ["user property '' not set", "error code 6"]]),
    Case(
      label: "user-property-name-length", input: .userProperty(name: String(repeating: "a", count: 25), value: "gold"),
      repaired: .userProperties([:]), rules: ["user-property-name-length"],
      facts: ["user-property-name-length": ["(25 characters) not set", "at most 24"]]),
    Case(
      label: "user-property-name-characters", input: .userProperties(["tier": "gold", "plan name": "pro"]),
      repaired: .userProperties(["tier": "gold"]), rules: ["user-property-name-characters"],
      facts: ["user-property-name-characters": ["user property 'plan name' (' ') not set", "error code 6"]]),
    Case(
      label: "user-property-name-reserved", input: .userProperties(["tier": "gold", "user_id": "u1"]),
      repaired: .userProperties(["tier": "gold"]), rules: ["user-property-name-reserved"],
      facts: ["user-property-name-reserved": ["user property 'user_id' not set", "error code 15"]]),
    Case(
      label: "user-property-name-reserved-prefix", input: .userProperty(name: "ga_tier", value: "gold"),
      repaired: .userProperties([:]), rules: ["user-property-name-reserved-prefix"],
      facts: ["user-property-name-reserved-prefix": ["user property 'ga_tier' ('ga_') not set", "error code 15"]]),
    Case(
      label: "user-property-value-length", input: .userProperties(["tier": "gold", "bio": .string(String(repeating: "b", count: 37))]),
      repaired: .userProperties(["tier": "gold"]), rules: ["user-property-value-length"],
      facts: ["user-property-value-length": ["user property 'bio' (37 characters) not set", "error code 7", "without cutting"]]),
    Case(
      label: "a user property's number that is not finite", input: .userProperty(name: "ratio", value: .double(.infinity)),
      repaired: .userProperties([:]), rules: ["property-value-number"],
      facts: ["property-value-number": ["user property 'ratio' (inf) left out"]]),
    Case(
      label: "user-property-count: the first 25 in name order, the clears kept",
      input: .userProperties(userProperties(27).merging(["gone": .null]) { $1 }),
      repaired: .userProperties(userProperties(25).merging(["gone": .null]) { $1 }), rules: ["user-property-count"],
      facts: ["user-property-count": ["'u25', 'u26' not set", "had 27 to set", "error code 9"]]),
    Case(
      label: "user-property-count: within the limit once the invalid ones went",
      input: .userProperties(userProperties(25).merging(["bad name": "x"]) { $1 }),
      repaired: .userProperties(userProperties(25)), rules: ["user-property-count", "user-property-name-characters"],
      facts: ["user-property-count": ["it has 25, within GA4's 25"]]),
    Case(
      label: "an unset of an invalid name", input: .profile(.unset(name: "plan name")), repaired: .userProperties([:]),
      rules: ["user-property-name-characters"]),
  ]

  @Test(arguments: repairCases) func repairs(_ row: Case) {
    let (data, repairs, sentAsIs) = googleAnalyticsRepaired(row.input)
    #expect(data == row.repaired)
    #expect(repairs.map(\.rule) == row.rules)
    #expect(repairs.allSatisfy { $0.vendor == "GA4" })
    for (rule, facts) in row.facts {
      let message = repairs.first { $0.rule == rule }?.message ?? ""
      for fact in facts { #expect(message.contains(fact), "\(rule): \(message)") }
    }
    #expect(sentAsIs == row.sentAsIs)
  }

  static func deep(_ levels: Int) -> PropertyValue {
    (0..<levels).reduce(PropertyValue.int(1)) { value, _ in .array([value]) }
  }

  /// Events that break a rule GA4 refuses: left as they are (but their repairable parts), to be refused.
  static let refusalCases: [Case] = [
    Case(label: "event-name-empty", input: "", repaired: "", rules: []),
    Case(
      label: "event-name-length", input: .event(name: String(repeating: "a", count: 41)),
      repaired: .event(name: String(repeating: "a", count: 41)), rules: []),
    Case(label: "event-name-reserved-prefix", input: "ga_x", repaired: "ga_x", rules: []),
    Case(label: "event-name-characters", input: "add-to-cart", repaired: "add-to-cart", rules: []),
    Case(label: "event-name-reserved", input: "error", repaired: "error", rules: []),
    Case(
      label: "a refused name, its parameters repaired", input: .event(name: "add-to-cart", properties: ["flag": true]),
      repaired: .event(name: "add-to-cart", properties: ["flag": 1]), rules: ["param-value-type"]),
    Case(
      label: "property-depth: the whole event left",
      input: .event(name: "e", properties: ["deep": deep(40), "flag": true]),
      repaired: .event(name: "e", properties: ["deep": deep(40), "flag": true]), rules: []),
    Case(
      label: "property-depth of a user property", input: .userProperties(["deep": deep(40), "bad name": "x"]),
      repaired: .userProperties(["deep": deep(40), "bad name": "x"]), rules: []),
    Case(
      label: "user-property-value-type", input: .userProperty(name: "plan name", value: true),
      repaired: .userProperty(name: "plan name", value: true), rules: []),
    Case(
      label: "user-property-value-type in a set: the others narrowed",
      input: .userProperties(["beta": true, "plan name": "pro", "tier": "gold"]),
      repaired: .userProperties(["beta": true, "tier": "gold"]), rules: ["user-property-name-characters"]),
    Case(
      label: "user-property-count never drops a member to be refused",
      input: .userProperties(userProperties(25).merging(["zz": true]) { $1 }),
      repaired: .userProperties(userProperties(24).merging(["zz": true]) { $1 }), rules: ["user-property-count"]),
    Case(label: "user-id-empty", input: .userId(""), repaired: .userId(""), rules: []),
    Case(
      label: "user-id-length", input: .userId(String(repeating: "u", count: 257)),
      repaired: .userId(String(repeating: "u", count: 257)), rules: []),
    Case(
      label: "profile-operation-unsupported", input: .profile(.increment(name: "orders", by: 1)),
      repaired: .profile(.increment(name: "orders", by: 1)), rules: []),
    Case(
      label: "group-unsupported", input: .group(type: "company", key: "acme"),
      repaired: .group(type: "company", key: "acme"), rules: []),
    Case(label: "handled-by-pipeline", input: .timeEvent(name: "e"), repaired: .timeEvent(name: "e"), rules: []),
    Case(
      label: "a standard event breaking the neutral rules keeps its own fields",
      input: .standard(.orderCompleted(.init(currency: "EUR", products: [], coupon: long101)), properties: ["flag": true]),
      repaired: .standard(.orderCompleted(.init(currency: "EUR", products: [], coupon: long101)), properties: ["flag": 1]),
      rules: ["param-value-type"]),
  ]

  @Test(arguments: refusalCases) func refusalsAreLeft(_ row: Case) {
    let (data, repairs, sentAsIs) = googleAnalyticsRepaired(row.input)
    #expect(data == row.repaired)
    #expect(repairs.map(\.rule) == row.rules)
    #expect(sentAsIs.isEmpty)
    #expect(!googleAnalyticsIssues(for: data).isEmpty)
  }

  /// The rules the repair leaves, for the pipeline to refuse.
  static let refusedRules: Set<String> = [
    "property-depth", "event-name-empty", "event-name-length", "event-name-reserved-prefix", "event-name-characters",
    "event-name-reserved", "user-property-value-type", "user-id-empty", "user-id-length",
    "profile-operation-unsupported", "group-unsupported", "handled-by-pipeline",
  ]

  /// The contract the pipeline relies on: once repaired, an event breaks only the rules it refuses and
  /// those sent as they are; and each rule the event broke, but those refused, is reported.
  @Test(arguments: repairCases + refusalCases) func theRepairedEventBreaksOnlyRefusedOrSentAsIsRules(_ row: Case) {
    let (data, repairs, sentAsIs) = googleAnalyticsRepaired(row.input)
    let left = Set(googleAnalyticsIssues(for: data).map(\.rule))
    // A refused rule, or one every vendor applies to a standard event (`standard-…`), refuses the event: the
    // part that breaks it is left whole, so it may break a repairable rule too (a Boolean user property
    // with an invalid name, a standard event's own field).
    let refused = left.contains { Self.refusedRules.contains($0) || $0.hasPrefix("standard-") }
    let stray = left.subtracting(Self.refusedRules).subtracting(sentAsIs).filter { !$0.hasPrefix("standard-") }
    #expect(stray.isEmpty || refused, "left: \(left.sorted())")
    #expect(sentAsIs.isSubset(of: Set(repairs.map(\.rule))))
    #expect(sentAsIs.isSubset(of: left))
    let unreported = Set(googleAnalyticsIssues(for: row.input).map(\.rule)).subtracting(Self.refusedRules)
      .subtracting(repairs.map(\.rule))
    #expect(unreported.isEmpty || refused, "unreported: \(unreported.sorted())")
  }

  @Test func aValidEventIsReturnedAsItIs() {
    let valid: [AnalyticsData] = [
      .event(name: "add_to_cart", properties: ["value": 9.99, "currency": "EUR"]), .screen(name: "Cart"),
      .userProperties(["tier": "gold", "gone": .null]), .userId("u1"), .alias(userId: "u1"),
    ]
    for data in valid {
      let (repaired, repairs, sentAsIs) = googleAnalyticsRepaired(data)
      #expect(repaired == data)
      #expect(repairs.isEmpty)
      #expect(sentAsIs.isEmpty)
    }
  }

  /// The repair sees the event as the naming adapted it: what the naming fixed is not repaired again.
  @Test func theRepairSeesTheAdaptedEvent() {
    let given: AnalyticsData = .event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true, "note": .null])
    let (data, repairs, _) = googleAnalyticsRepaired(GoogleAnalyticsNaming.snakeCase.adapted(given))
    #expect(data == .event(name: "coupon_applied", properties: ["order_id": "o1", "valid": 1]))
    #expect(repairs.map(\.rule) == ["param-value-type"])
    let asGiven = googleAnalyticsRepaired(given)
    #expect(asGiven.data == .event(name: "Coupon Applied", properties: ["valid": 1]))
    #expect(asGiven.repairs.map(\.rule) == ["param-name-characters", "param-value-type"])
  }

  @Test func theMessageNamesTheChangeAndWhy() {
    let (_, repairs, _) = googleAnalyticsRepaired(.event(name: "e", properties: ["description": .string(String(repeating: "d", count: 143))]))
    #expect(repairs.map(\.description) == [
      "GA4: parameter 'description' (143 characters) dropped: GA4 keeps string values of at most 100 characters "
        + "(rule param-value-length); Firebase Analytics drops such a parameter the same way, without cutting it "
        + "(error code 4)"
    ])
  }

  @Test func theRepairIsDeterministic() {
    let input: AnalyticsData = .event(
      name: "e", properties: Self.params(30).merging(["A b": 1, "c D": 2, "flag": true, "tags": [1]]) { $1 })
    let first = googleAnalyticsRepaired(input)
    for _ in 0..<20 {
      let again = googleAnalyticsRepaired(input)
      #expect(again.data == first.data)
      #expect(again.repairs == first.repairs)
    }
  }
}
