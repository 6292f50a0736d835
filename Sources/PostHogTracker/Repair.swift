import Trackers
import TrackersDelivery

/// `data` repaired as posthog-ios repairs it, for an event that ``postHogIssues(for:)`` finds issues in: a
/// property holding a number JSON can't carry (NaN, an infinity, at any depth) is dropped and the rest sent,
/// as posthog-ios's `sanitizeDictionary` drops each property that is not valid JSON (a person property of
/// `$set` or `$set_once` the same, within that object). A property with an empty name is sent as it is, as
/// posthog-ios sends it (`sentAsIs`). Every other rule is left to refuse the event (see
/// <doc:RulesAndTheOfficialSDK>).
///
/// `repairs` has one issue per rule applied, naming every member it changed; running ``postHogIssues(for:)``
/// on the repaired `data` finds only the rules that still refuse the event, or those in `sentAsIs`.
///
/// <!-- snippet: not compiled: a sketch, the repaired value in a comment (the module's RepairTests pins the exact repairs) -->
/// ```swift
/// postHogRepaired(.event(name: "Rated", properties: ["ratio": .double(.nan), "stars": 4])).data
/// // .event(name: "Rated", properties: ["stars": 4])
/// ```
package func postHogRepaired(
  _ data: AnalyticsData
) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
  PostHogRepair.repaired(data)
}

struct PostHogRepair {
  static func repaired(_ data: AnalyticsData) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
    let fired = Set(PostHogValidation.issues(in: data).map(\.rule))
    // A value too deep is refused before anything walks it.
    guard !fired.isEmpty, !fired.contains("property-depth") else { return (data, [], []) }
    var repair = PostHogRepair(fired: fired)
    let result = repair.repair(data)
    // Every user property dropped: the kit would send the empty set as a message of its own, where the SDK
    // sends nothing, so the operation is refused as before.
    if result == .userProperties([:]) { return (data, [], []) }
    return (result, repair.log.issues(message: message(rule:members:)), repair.log.sentAsIs)
  }

  /// The rules sent as they are (PASS): posthog-ios sends such events.
  static let sentAsIs: Set<String> = ["property-name-empty"]

  private let fired: Set<String>
  private(set) var log = RepairLog(vendor: PostHogValidation.vendor, sentAsIsRules: sentAsIs)

  private init(fired: Set<String>) {
    self.fired = fired
  }

  private mutating func repair(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      return .event(name: name, properties: repair(properties, kind: "property", event: true))
    case let .screen(name, properties):
      return .screen(name: name, properties: repair(properties, kind: "property", event: true))
    case let .error(message, properties):
      return .error(message: message, properties: repair(properties, kind: "property", event: true))
    case let .standard(event, properties):
      return .standard(event, properties: repair(properties, kind: "property", event: true))
    case let .userProperty(name, value):
      guard let value = repair([name: value], kind: "person property")[name] else { return .userProperties([:]) }
      return .userProperty(name: name, value: value)
    case let .userProperties(properties):
      return .userProperties(repair(properties, kind: "person property"))
    case let .signIn(userId, traits):
      // The traits as `.userProperties`'; the sign-in holds with whatever is left of them.
      return .signIn(userId: userId, traits: repair(traits, kind: "person property"))
    case let .profile(.setOnce(name, value)):
      guard let value = repair([name: value], kind: "person property")[name] else { return .userProperties([:]) }
      return .profile(.setOnce(name: name, value: value))
    case let .profile(.unset(name)):
      _ = repair([name: .null], kind: "person property")
      return data
    case let .group(type, key, traits):
      return .group(type: type, key: key, traits: repair(traits, kind: "group property"))
    case .lifecycle, .userId, .alias, .profile, .superProperties, .timeEvent, .reset:
      // A lifecycle event carries strings and a Boolean; the other profile operations are refused.
      return data
    }
  }

  /// `properties` without the members that hold a non-finite number (within `$set` and `$set_once` of an
  /// event, their own members), walked in key order, so the messages name the members in that order.
  private mutating func repair(
    _ properties: AnalyticsData.Properties, kind: String, event: Bool = false
  ) -> AnalyticsData.Properties {
    var result = properties
    for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
      if event, PostHogValidation.clientKeys.contains(name) { continue }
      if event, PostHogValidation.personKeys.contains(name), case let .object(members) = value {
        let repaired = repair(members, kind: "person property", of: name)
        if repaired != members { result[name] = .object(repaired) }
        continue
      }
      if fired.contains("property-value-number"), Self.holdsNonFiniteNumber(value) {
        log.note("property-value-number", "\(kind) '\(name)'")
        result[name] = nil
      } else if name.isEmpty, fired.contains("property-name-empty") {
        log.note("property-name-empty", "\(kind) ''")
      }
    }
    return result
  }

  /// The person properties of an event's `$set` or `$set_once`, repaired the same way.
  private mutating func repair(
    _ members: AnalyticsData.Properties, kind: String, of key: String
  ) -> AnalyticsData.Properties {
    var result = members
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      if fired.contains("property-value-number"), Self.holdsNonFiniteNumber(value) {
        log.note("property-value-number", "\(kind) '\(name)' of '\(key)'")
        result[name] = nil
      } else if name.isEmpty, fired.contains("property-name-empty") {
        log.note("property-name-empty", "\(kind) '' of '\(key)'")
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
    case "property-name-empty":
      "\(members) has an empty name (rule \(rule)) and is sent as it is, as posthog-ios sends it. To fix this, "
        + "name it."
    default:
      "\(members) dropped: it holds a number JSON cannot carry, NaN or an infinity (rule \(rule)); the rest is "
        + "sent, as posthog-ios's sanitizeDictionary drops such a property (\"isn't serializable, dropping the "
        + "item\"). To fix this, send a finite number or leave the property out."
    }
  }
}
