import Trackers
import TrackersDelivery

/// `data` repaired for an event that ``segmentIssues(for:)`` finds issues in: a property or trait holding a
/// number JSON can't carry (NaN, an infinity, at any depth) is dropped, the rest sent (analytics-swift has no
/// check of its own: it sends the whole properties as `nil` when one can't be encoded, or drops an identify or
/// screen call, so dropping the one member keeps the most). A blank screen name and a trait with an empty name
/// are sent as they are, as analytics-swift sends them (`sentAsIs`; the Spec makes a screen's name
/// optional). Every other rule is left to refuse the event (see <doc:RulesAndTheOfficialSDK>).
///
/// `repairs` has one issue per rule applied, naming every member it changed; running ``segmentIssues(for:)``
/// on the repaired `data` finds only the rules that still refuse the event, or those in `sentAsIs`.
///
/// <!-- snippet: not compiled: a sketch, the repaired value in a comment (the module's RepairTests pins the exact repairs) -->
/// ```swift
/// segmentRepaired(.event(name: "Rated", properties: ["ratio": .double(.nan), "stars": 4])).data
/// // .event(name: "Rated", properties: ["stars": 4])
/// ```
package func segmentRepaired(
  _ data: AnalyticsData
) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
  SegmentRepair.repaired(data)
}

struct SegmentRepair {
  static func repaired(_ data: AnalyticsData) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
    let fired = Set(SegmentValidation.issues(in: data).map(\.rule))
    // A value too deep is refused before anything walks it.
    guard !fired.isEmpty, !fired.contains("property-depth") else { return (data, [], []) }
    var repair = SegmentRepair(fired: fired)
    let result = repair.repair(data)
    // Every user property dropped: the kit would send the empty set as a message of its own, where the SDK
    // sends nothing, so the operation is refused as before.
    if result == .userProperties([:]) { return (data, [], []) }
    return (result, repair.log.issues(message: message(rule:members:)), repair.log.sentAsIs)
  }

  /// The rules sent as they are (PASS): analytics-swift sends such calls.
  static let sentAsIs: Set<String> = ["screen-name-empty", "trait-name-empty"]

  private let fired: Set<String>
  private(set) var log = RepairLog(vendor: SegmentValidation.vendor, sentAsIsRules: sentAsIs)

  private init(fired: Set<String>) {
    self.fired = fired
  }

  private mutating func repair(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      return .event(name: name, properties: repair(properties, kind: "property"))
    case let .screen(name, properties):
      if fired.contains("screen-name-empty") { log.note("screen-name-empty", "screen name '\(name)'") }
      return .screen(name: name, properties: repair(properties, kind: "property"))
    case let .error(message, properties):
      return .error(message: message, properties: repair(properties, kind: "property"))
    case let .standard(event, properties):
      return .standard(event, properties: repair(properties, kind: "property"))
    case let .userProperty(name, value):
      let traits = repair([name: value], kind: "trait")
      guard let value = traits[name] else { return .userProperties([:]) }
      return .userProperty(name: name, value: value)
    case let .userProperties(traits):
      return .userProperties(repair(traits, kind: "trait"))
    case let .signIn(userId, traits):
      // The traits as `.userProperties`'; the sign-in holds with whatever is left of them.
      return .signIn(userId: userId, traits: repair(traits, kind: "trait"))
    case let .group(type, key, traits):
      return .group(type: type, key: key, traits: repair(traits, kind: "group trait"))
    case .lifecycle, .userId, .alias, .profile, .superProperties, .timeEvent, .reset:
      // A lifecycle event carries strings and a Boolean; profile operations are refused whatever they hold.
      return data
    }
  }

  /// `properties` without the members that hold a non-finite number, walked in key order, so the messages
  /// name the members in that order.
  private mutating func repair(_ properties: AnalyticsData.Properties, kind: String) -> AnalyticsData.Properties {
    var result = properties
    for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
      if fired.contains("property-value-number"), Self.holdsNonFiniteNumber(value) {
        log.note("property-value-number", "\(kind) '\(name)'")
        result[name] = nil
      } else if name.isEmpty, kind == "trait", fired.contains("trait-name-empty") {
        log.note("trait-name-empty", "\(kind) ''")
      }
    }
    return result
  }

  /// Whether `value` is or holds NaN or an infinity, down to ``Trackers/PropertyValue/maximumDepth``
  /// levels, as validation walks it.
  static func holdsNonFiniteNumber(_ value: PropertyValue, depth: Int = 0) -> Bool {
    switch value {
    case let .double(number): !number.isFinite
    case let .array(elements):
      depth < PropertyValue.maximumDepth && elements.contains { holdsNonFiniteNumber($0, depth: depth + 1) }
    case let .object(members):
      depth < PropertyValue.maximumDepth && members.values.contains { holdsNonFiniteNumber($0, depth: depth + 1) }
    default: false
    }
  }

  private static func message(rule: String, members: String) -> String {
    switch rule {
    case "screen-name-empty":
      "\(members) is blank (rule \(rule)) and sent as it is, as analytics-swift sends it; the Spec makes a "
        + "screen's name optional. To fix this, name the screen."
    case "trait-name-empty":
      "\(members) has an empty name (rule \(rule)) and is sent as it is, as analytics-swift sends it. To fix "
        + "this, name it."
    default:
      "\(members) dropped: it holds a number JSON cannot carry, NaN or an infinity (rule \(rule)); the rest is "
        + "sent (analytics-swift would send the event without any of its properties, or drop an identify). "
        + "To fix this, send a finite number or leave the property out."
    }
  }
}
