import Trackers
import TrackersDelivery

/// `data` repaired the way Amplitude's SDKs repair it, for an event that ``amplitudeIssues(for:)`` finds
/// issues in: strings over 1024 characters (property values, a screen name, an error message, a group key)
/// truncated to 1024 UTF-16 units at a character boundary, as Amplitude-iOS's `truncate:` does; numbers JSON
/// can't carry (NaN, infinities) sent as `null`, as Amplitude-iOS's `makeJSONSerializable` does; properties
/// with an empty name dropped, as Amplitude-Swift's `Identify` ignores them. An event type over 1024
/// characters, a blank screen name and a property name over 1024 characters are sent as they are, as both
/// SDKs send them (`sentAsIs`). Every other rule is left to refuse the event (see <doc:RulesAndTheOfficialSDK>).
///
/// `repairs` has one issue per rule applied, naming every member it changed; running ``amplitudeIssues(for:)``
/// on the repaired `data` finds only the rules that still refuse the event, or those in `sentAsIs`.
///
/// <!-- snippet: not compiled: a sketch, the repaired value in a comment (the module's RepairTests pins the exact repairs) -->
/// ```swift
/// amplitudeRepaired(.event(name: "Note", properties: ["body": .string(longText)])).data
/// // .event(name: "Note", properties: ["body": .string(the first 1024 UTF-16 units of longText)])
/// ```
package func amplitudeRepaired(
  _ data: AnalyticsData
) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
  AmplitudeRepair.repaired(data)
}

struct AmplitudeRepair {
  static func repaired(_ data: AnalyticsData) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
    let fired = Set(AmplitudeValidation.issues(in: data).map(\.rule))
    // A value too deep is refused before anything walks it.
    guard !fired.isEmpty, !fired.contains("property-depth") else { return (data, [], []) }
    var repair = AmplitudeRepair(fired: fired)
    let result = repair.repair(data)
    // Every user property dropped: the kit would send the empty set as a message of its own, where the SDK
    // sends nothing, so the operation is refused as before.
    if result == .userProperties([:]) { return (data, [], []) }
    return (result, repair.log.issues(message: message(rule:members:)), repair.log.sentAsIs)
  }

  /// The rules sent as they are (PASS): neither SDK changes or refuses what breaks them.
  static let sentAsIs: Set<String> = ["event-type-length", "screen-name-empty", "property-name-length"]

  private let fired: Set<String>
  private(set) var log = RepairLog(vendor: AmplitudeValidation.vendor, sentAsIsRules: sentAsIs)

  private init(fired: Set<String>) {
    self.fired = fired
  }

  private static let limit = AmplitudeLimits.stringLength

  private mutating func repair(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      if fired.contains("event-type-length") { log.note("event-type-length", "event type \(Self.quoted(name))") }
      return .event(name: name, properties: repair(properties, kind: "event property"))
    case let .screen(name, properties):
      if fired.contains("screen-name-empty") { log.note("screen-name-empty", "screen name '\(name)'") }
      return .screen(name: text(name, what: "screen name", rule: "screen-name-length"),
                     properties: repair(properties, kind: "screen property"))
    case let .error(message, properties):
      return .error(message: text(message, what: "error message", rule: "error-message-length"),
                    properties: repair(properties, kind: "error property"))
    case let .lifecycle(event):
      return .lifecycle(repair(event))
    case let .userProperty(name, value):
      // Nothing left to set: refused (see `repaired(_:)`).
      if name.isEmpty, fired.contains("property-name-empty") { return .userProperties([:]) }
      note(name: name, kind: "user property")
      return .userProperty(name: name, value: repair(value, path: "user property '\(name)'"))
    case let .userProperties(properties):
      return .userProperties(repair(properties, kind: "user property"))
    case let .signIn(userId, traits):
      // The traits as `.userProperties`'; the sign-in holds with whatever is left of them.
      return .signIn(userId: userId, traits: repair(traits, kind: "user property"))
    case let .profile(operation):
      if operation.name.isEmpty, fired.contains("property-name-empty") { return .userProperties([:]) }
      note(name: operation.name, kind: "user property")
      return .profile(repair(operation))
    case let .group(type, key, traits):
      return .group(type: type, key: text(key, what: "group key", rule: "group-key-length"),
                    traits: repair(traits, kind: "group property"))
    case let .standard(event, properties):
      let fields = event.replacingTexts { field, text in
        self.text(text, what: "\(event.name) field \(field)", rule: "property-value-length", quoting: false)
      }
      return .standard(fields, properties: repair(properties, kind: "event property"))
    case .userId, .alias, .superProperties, .timeEvent, .reset:
      return data
    }
  }

  /// `text` truncated as Amplitude-iOS truncates a string value, when it breaks `rule`; a value is named by
  /// its path and length, a name or a key is quoted too.
  private mutating func text(_ text: String, what: String, rule: String, quoting: Bool = true) -> String {
    guard fired.contains(rule), ValidationRules.hasMoreScalars(text, than: Self.limit) else { return text }
    log.note(rule, quoting ? "\(what) \(Self.quoted(text))" : "\(what) (\(text.unicodeScalars.count) characters)")
    return Self.truncated(text)
  }

  private mutating func note(name: String, kind: String) {
    guard fired.contains("property-name-length"), ValidationRules.hasMoreScalars(name, than: Self.limit) else { return }
    log.note("property-name-length", "\(kind) name \(Self.quoted(name))")
  }

  /// `properties` without the members of empty name, each value repaired; walked in key order, so the
  /// messages name the members in that order.
  private mutating func repair(_ properties: AnalyticsData.Properties, kind: String) -> AnalyticsData.Properties {
    var result = properties
    for (name, value) in properties.sorted(by: { $0.key < $1.key }) {
      if name.isEmpty, fired.contains("property-name-empty") {
        log.note("property-name-empty", "\(kind) ''")
        result[name] = nil
        continue
      }
      note(name: name, kind: kind)
      let repaired = repair(value, path: "\(kind) '\(name)'")
      if repaired != value { result[name] = repaired }
    }
    return result
  }

  private mutating func repair(_ operation: ProfileOperation) -> ProfileOperation {
    let name = operation.name
    func value(_ value: PropertyValue) -> PropertyValue { repair(value, path: "user property '\(name)'") }
    switch operation {
    case let .setOnce(_, old): return .setOnce(name: name, value: value(old))
    // A NaN amount becomes `null` as in Amplitude-iOS; `profile-increment-number` still refuses it.
    case let .increment(_, old): return .increment(name: name, by: value(old))
    case let .append(_, old): return .append(name: name, value: value(old))
    case let .prepend(_, old): return .prepend(name: name, value: value(old))
    case let .remove(_, old): return .remove(name: name, value: value(old))
    case let .union(_, old):
      return .union(name: name, values: old.enumerated().map { repair($1, path: "user property '\(name)'[\($0)]") })
    case .unset: return operation
    }
  }

  private mutating func repair(_ event: LifecycleEvent) -> LifecycleEvent {
    func text(_ value: String?, _ name: String) -> String? {
      value.map { self.text($0, what: "lifecycle property '\(name)'", rule: "property-value-length", quoting: false) }
    }
    switch event {
    case let .installed(version, build):
      return .installed(version: text(version, "version"), build: text(build, "build"))
    case let .updated(previousVersion, previousBuild, version, build):
      return .updated(
        previousVersion: text(previousVersion, "previous_version"), previousBuild: text(previousBuild, "previous_build"),
        version: text(version, "version"), build: text(build, "build"))
    case let .opened(fromBackground, version, build):
      return .opened(fromBackground: fromBackground, version: text(version, "version"), build: text(build, "build"))
    case .backgrounded:
      return event
    }
  }

  /// `value` with its long strings truncated and its non-finite numbers `null`, down to
  /// ``Trackers/PropertyValue/maximumDepth`` levels, as validation walks it.
  private mutating func repair(_ value: PropertyValue, path: String, depth: Int = 0) -> PropertyValue {
    switch value {
    case let .string(text):
      return .string(self.text(text, what: path, rule: "property-value-length", quoting: false))
    case let .double(number) where !number.isFinite && fired.contains("property-value-number"):
      log.note("property-value-number", "\(path) (\(number))")
      return .null
    case let .array(elements):
      guard depth < PropertyValue.maximumDepth else { return value }
      var result = elements
      for (index, element) in elements.enumerated() {
        let repaired = repair(element, path: "\(path)[\(index)]", depth: depth + 1)
        if repaired != element { result[index] = repaired }
      }
      return .array(result)
    case let .object(members):
      guard depth < PropertyValue.maximumDepth else { return value }
      var result = members
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        let repaired = repair(member, path: "\(path).\(key)", depth: depth + 1)
        if repaired != member { result[key] = repaired }
      }
      return .object(result)
    default:
      return value
    }
  }

  /// The first 1024 UTF-16 units of `text`, as Amplitude-iOS's `truncate:` keeps them
  /// (`rangeOfComposedCharacterSequencesForRange:` of the first 1024 units: whole characters, the one
  /// across the limit kept whole), but never more than 1024 Unicode scalars, which Amplitude keeps: a
  /// character across the limit that would take the string past that is left out.
  static func truncated(_ text: String) -> String {
    var units = 0
    var kept = Substring()
    for character in text {
      guard units < limit else { break }
      units += character.utf16.count
      kept.append(character)
    }
    if ValidationRules.hasMoreScalars(String(kept), than: limit) { kept.removeLast() }
    return String(kept)
  }

  /// `'<the first 40 characters>...' (N characters)`, or the whole text quoted when it is short.
  private static func quoted(_ text: String) -> String {
    let count = text.unicodeScalars.count
    return count > 40 ? "'\(text.prefix(40))...' (\(count) characters)" : "'\(text)'"
  }

  private static func message(rule: String, members: String) -> String {
    let limit = AmplitudeLimits.stringLength
    let truncation = "truncated to its first \(limit) UTF-16 units, over Amplitude's \(limit) characters (rule \(rule)); "
      + "Amplitude-iOS truncates it the same way (Amplitude.m `truncate:`, kAMPMaxStringLength)"
    return switch rule {
    case "event-type-length":
      "\(members) is over Amplitude's \(limit) characters (rule \(rule)) and sent as it is; neither Amplitude SDK "
        + "truncates an event type. To fix this, shorten it."
    case "screen-name-empty":
      "\(members) is blank (rule \(rule)) and sent as it is, as Amplitude-Swift's screen event sends any name. "
        + "To fix this, give the screen a name."
    case "property-name-length":
      "\(members) is over Amplitude's \(limit) characters (rule \(rule)) and sent as it is; neither Amplitude SDK "
        + "truncates a property name. To fix this, shorten it."
    case "property-name-empty":
      "\(members) dropped: an empty name (rule \(rule)); Amplitude-Swift's Identify ignores such a property "
        + "(\"null or empty string property, ignoring\"). To fix this, name it."
    case "property-value-number":
      "\(members) sent as null: JSON cannot carry the number (rule \(rule)); Amplitude-iOS sends it as null "
        + "(AMPUtils makeJSONSerializable). To fix this, send a finite number or leave the property out."
    default:
      "\(members) \(truncation). To fix this, shorten it."
    }
  }
}
