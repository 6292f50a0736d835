import Trackers
import TrackersDelivery

/// `data` repaired the way mixpanel-swift and Mixpanel's servers repair it, for an event that
/// ``mixpanelIssues(for:)`` finds issues in: properties with a blank name and an invalid `$duration` dropped
/// (mixpanel-swift computes `$duration` itself); property names over 255 characters truncated to 255, as
/// the server truncates them; string values over 255 UTF-8 bytes truncated to 255 bytes at a character
/// boundary, as the server keeps them; NaN and infinities sent as the strings "nan", "inf" and "-inf", as
/// mixpanel-swift's `JSONHandler` writes them; an `$insert_id` Mixpanel would refuse replaced by 36 hex
/// digits of a hash of it, the same on every retry, as the `/import` page advises. An event name over 255
/// characters, lists and objects over 254 members and objects nested deeper than 3 levels are sent as they
/// are, as mixpanel-swift sends them (`sentAsIs`). Every other rule is left to refuse the event (see
/// <doc:RulesAndTheOfficialSDK>).
///
/// `repairs` has one issue per rule applied, naming every member it changed; running ``mixpanelIssues(for:)``
/// on the repaired `data` finds only the rules that still refuse the event, or those in `sentAsIs`.
///
/// <!-- snippet: not compiled: a sketch, the repaired value in a comment (the module's RepairTests pins the exact repairs) -->
/// ```swift
/// mixpanelRepaired(.event(name: "Note", properties: ["ratio": .double(.nan)])).data
/// // .event(name: "Note", properties: ["ratio": "nan"])
/// ```
package func mixpanelRepaired(
  _ data: AnalyticsData
) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
  MixpanelRepair.repaired(data)
}

struct MixpanelRepair {
  static func repaired(_ data: AnalyticsData) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
    let fired = Set(mixpanelIssues(for: data).map(\.rule))
    // A value too deep is refused before anything walks it.
    guard !fired.isEmpty, !fired.contains("property-depth") else { return (data, [], []) }
    var repair = MixpanelRepair(fired: fired)
    let result = repair.repair(data)
    // Every user property dropped: the kit would send the empty set as a message of its own, where the SDK
    // sends nothing, so the operation is refused as before.
    if result == .userProperties([:]) { return (data, [], []) }
    return (result, repair.log.issues(message: message(rule:members:)), repair.log.sentAsIs)
  }

  /// The rules sent as they are (PASS): mixpanel-swift sends such events, and Mixpanel keeps them.
  static let sentAsIs: Set<String> = [
    "event-name-length", "property-list-length", "property-nesting-depth", "property-object-keys",
  ]

  private let fired: Set<String>
  private(set) var log = RepairLog(vendor: "Mixpanel", sentAsIsRules: sentAsIs)

  private init(fired: Set<String>) {
    self.fired = fired
  }

  private mutating func repair(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      if fired.contains("event-name-length") { log.note("event-name-length", "event name \(Self.quoted(name))") }
      return .event(name: name, properties: repair(properties, kind: "property", event: true))
    case let .screen(name, properties):
      let screenName = text(name, path: "property '\(MixpanelNames.screenName)'")
      return .screen(name: screenName, properties: repair(properties, kind: "property", event: true))
    case let .error(message, properties):
      // The message is truncated by the mapping, as it always was.
      return .error(message: message, properties: repair(properties, kind: "property", event: true))
    case let .lifecycle(event):
      return .lifecycle(repair(event))
    case let .standard(event, properties):
      let fields = event.replacingTexts { field, text in self.text(text, path: "property \(field)") }
      return .standard(fields, properties: repair(properties, kind: "property", event: true))
    case let .userProperty(name, value):
      guard let kept = keptName(name, kind: "profile property") else { return .userProperties([:]) }
      if kept != name { noteTruncated(name, kind: "profile property") }
      return .userProperty(name: kept, value: repair(value, path: name, depth: 1))
    case let .userProperties(properties):
      return .userProperties(repair(properties, kind: "profile property", event: false))
    case let .signIn(userId, traits):
      // The traits as `.userProperties`'; the sign-in holds with whatever is left of them.
      return .signIn(userId: userId, traits: repair(traits, kind: "profile property", event: false))
    case let .profile(operation):
      guard let kept = keptName(operation.name, kind: "profile property") else {
        return .userProperties([:])
      }
      if kept != operation.name { noteTruncated(operation.name, kind: "profile property") }
      return .profile(repair(operation, name: kept))
    case let .group(type, key, traits):
      return .group(type: type, key: key, traits: repair(traits, kind: "trait of group '\(type)'", event: false))
    case .userId, .alias, .superProperties, .timeEvent, .reset:
      return data
    }
  }

  /// `name` as Mixpanel keeps it: `nil` for a blank name (dropped), truncated to 255 characters when longer;
  /// a truncated name is noted by the caller, which knows whether it is kept.
  private mutating func keptName(_ name: String, kind: String) -> String? {
    if ValidationRules.isBlank(name), fired.contains("property-name-empty") {
      log.note("property-name-empty", "\(kind) '\(name)'")
      return nil
    }
    guard fired.contains("property-name-length"), ValidationRules.hasMoreScalars(name, than: MixpanelLimits.nameLength)
    else { return name }
    return Self.cut(name, toScalars: MixpanelLimits.nameLength)
  }

  private mutating func noteTruncated(_ name: String, kind: String, dropped: Bool = false) {
    let suffix = dropped ? " (dropped: its first \(MixpanelLimits.nameLength) characters are another property's name)" : ""
    log.note("property-name-length", "\(kind) name \(Self.quoted(name))\(suffix)")
  }

  /// `properties` with the names and values repaired, walked in key order, so the messages name the members
  /// in that order; a truncated name that another property already has is dropped (the first in key order
  /// wins).
  private mutating func repair(
    _ properties: AnalyticsData.Properties, kind: String, event: Bool
  ) -> AnalyticsData.Properties {
    var result = properties
    for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
      guard let name = keptName(key, kind: kind) else {
        result[key] = nil
        continue
      }
      if event, let reserved = reservedEventValue(key, value) {
        result[key] = reserved
        continue
      }
      let repaired = repair(value, path: key, depth: 1)
      if name != key {
        result[key] = nil
        let taken = result[name] != nil
        noteTruncated(key, kind: kind, dropped: taken)
        if !taken { result[name] = repaired }
      } else if repaired != value {
        result[key] = repaired
      }
    }
    return result
  }

  /// The repaired value of an event's `$insert_id` or `$duration` that breaks its rule: `.null` drops it.
  private mutating func reservedEventValue(_ key: String, _ value: PropertyValue) -> PropertyValue?? {
    switch key {
    case WireFormat.insertIdKey where fired.contains("insert-id-format") && !Self.isValidInsertId(value):
      let id = Self.insertId(hashing: value)
      log.note("insert-id-format", "property '\(key)' \(value) became '\(id)'")
      return .some(.string(id))
    case MixpanelLimits.durationKey where fired.contains("duration-value") && !Self.isValidDuration(value):
      log.note("duration-value", "property '\(key)' (\(value))")
      return .some(nil)
    default:
      return nil
    }
  }

  private mutating func repair(_ operation: ProfileOperation, name: String) -> ProfileOperation {
    func value(_ value: PropertyValue) -> PropertyValue { repair(value, path: name, depth: 1) }
    switch operation {
    case let .setOnce(_, old): return .setOnce(name: name, value: value(old))
    // The amount is Mixpanel's `$add`: a number, or `profile-increment-number` refuses it.
    case let .increment(_, old): return .increment(name: name, by: old)
    case let .append(_, old): return .append(name: name, value: value(old))
    case let .prepend(_, old): return .prepend(name: name, value: old)
    case let .remove(_, old): return .remove(name: name, value: value(old))
    case let .union(_, old):
      if case let .array(values) = repair(.array(old), path: name, depth: 1) { return .union(name: name, values: values) }
      return operation
    case .unset: return .unset(name: name)
    }
  }

  private mutating func repair(_ event: LifecycleEvent) -> LifecycleEvent {
    func text(_ value: String?, _ name: String) -> String? { value.map { self.text($0, path: "property '\(name)'") } }
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

  /// `text` truncated to 255 UTF-8 bytes when it breaks `property-value-length`.
  private mutating func text(_ text: String, path: String) -> String {
    guard fired.contains("property-value-length"), text.utf8.count > MixpanelLimits.stringBytes else { return text }
    log.note("property-value-length", "\(path) (\(text.utf8.count) bytes)")
    return truncated(text, toUTF8Bytes: MixpanelLimits.stringBytes)
  }

  /// `value` repaired as validation walks it (`depth` counts the objects, 1 for a property's value): long
  /// strings truncated, non-finite numbers written as mixpanel-swift writes them, and the members past
  /// Mixpanel's documented limits named (sent as they are); an object deeper than 3 levels is not walked.
  private mutating func repair(_ value: PropertyValue, path: String, depth: Int) -> PropertyValue {
    switch value {
    case let .string(text):
      return .string(self.text(text, path: "property '\(path)'"))
    case let .double(number) where !number.isFinite && fired.contains("property-value-number"):
      // JSONHandler's `String(describing:)` of the NSNumber.
      let text = number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"
      log.note("property-value-number", "property '\(path)' (\(number)) became \"\(text)\"")
      return .string(text)
    case let .array(elements):
      if fired.contains("property-list-length"), elements.count > MixpanelLimits.collectionCount {
        log.note("property-list-length", "property '\(path)' (\(elements.count) elements)")
      }
      var result = elements
      for (index, element) in elements.enumerated() {
        let repaired = repair(element, path: "\(path)[\(index)]", depth: depth)
        if repaired != element { result[index] = repaired }
      }
      return .array(result)
    case let .object(members):
      if depth > MixpanelLimits.nestingDepth {
        if fired.contains("property-nesting-depth") { log.note("property-nesting-depth", "property '\(path)'") }
        return value
      }
      if fired.contains("property-object-keys"), members.count > MixpanelLimits.collectionCount {
        log.note("property-object-keys", "property '\(path)' (\(members.count) keys)")
      }
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

  static func isValidInsertId(_ value: PropertyValue) -> Bool {
    guard case let .string(id) = value, !id.isEmpty, id.utf8.count <= MixpanelLimits.insertIdLength else { return false }
    return id.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
  }

  static func isValidDuration(_ value: PropertyValue) -> Bool {
    switch value {
    case let .int(seconds): seconds >= 0
    case let .double(seconds): seconds.isFinite && seconds >= 0
    default: false
    }
  }

  /// 36 lowercase hex digits of a hash of `value` (FNV-1a 64 over its description, in three lanes), the same
  /// on every run and platform: the `/import` page's advice for an id that is not valid ("hash a set of
  /// properties ... use the first 36 characters of the hash"), so that a retried event is still deduplicated.
  static func insertId(hashing value: PropertyValue) -> String {
    let bytes = Array(value.description.utf8)
    var digits = ""
    for lane: UInt64 in 0..<3 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (lane &* 0x9e37_79b9_7f4a_7c15)
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      digits += String(repeating: "0", count: 16 - hex.count) + hex
    }
    return String(digits.prefix(MixpanelLimits.insertIdLength))
  }

  /// `text` cut to at most `limit` Unicode scalars at a character boundary.
  static func cut(_ text: String, toScalars limit: Int) -> String {
    var scalars = 0
    var kept = Substring()
    for character in text {
      let count = character.unicodeScalars.count
      guard scalars + count <= limit else { break }
      scalars += count
      kept.append(character)
    }
    return String(kept)
  }

  /// `'<the first 40 characters>...' (N characters)`, or the whole text quoted when it is short.
  private static func quoted(_ text: String) -> String {
    let count = text.unicodeScalars.count
    return count > 40 ? "'\(text.prefix(40))...' (\(count) characters)" : "'\(text)'"
  }

  private static func message(rule: String, members: String) -> String {
    let names = MixpanelLimits.nameLength
    let bytes = MixpanelLimits.stringBytes
    let limits = "Mixpanel documents (docs.mixpanel.com, data types)"
    return switch rule {
    case "event-name-length":
      "\(members) is over Mixpanel's \(names) characters (rule \(rule)) and sent as it is, as mixpanel-swift "
        + "sends it. To fix this, shorten it."
    case "property-name-empty":
      "\(members) dropped: a blank name (rule \(rule)). To fix this, name it."
    case "property-name-length":
      "\(members): truncated to \(names) characters (rule \(rule)), as Mixpanel truncates longer property "
        + "names (docs.mixpanel.com, events and properties FAQ). To fix this, shorten it."
    case "insert-id-format":
      "\(members): Mixpanel takes 1 to \(MixpanelLimits.insertIdLength) letters, digits and '-' (rule \(rule)); "
        + "the new id is a hash of the app's, the same on every retry, as the /import page advises. To fix this, "
        + "pass such an id, or leave '$insert_id' out."
    case "duration-value":
      "\(members) dropped: '$duration' is the event's seconds, a number >= 0 (rule \(rule)), which "
        + "mixpanel-swift computes itself. To fix this, time the event with .timeEvent(name:)."
    case "property-value-number":
      "\(members): JSON cannot carry the number (rule \(rule)); mixpanel-swift sends it as that string "
        + "(JSONHandler). To fix this, send a finite number or leave the property out."
    case "property-value-length":
      "\(members) truncated to \(bytes) UTF-8 bytes at a character boundary, Mixpanel's limit for a string "
        + "(rule \(rule)). To fix this, shorten the value."
    case "property-list-length":
      "\(members): over the \(MixpanelLimits.collectionCount) elements \(limits) (rule \(rule)), sent as it is, as "
        + "mixpanel-swift sends it. To fix this, send fewer."
    case "property-object-keys":
      "\(members): over the \(MixpanelLimits.collectionCount) keys \(limits) (rule \(rule)), sent as it is, as "
        + "mixpanel-swift sends it. To fix this, send fewer."
    default:
      "\(members): objects nested deeper than the \(MixpanelLimits.nestingDepth) levels \(limits) (rule \(rule)), "
        + "sent as it is, as mixpanel-swift sends it. To fix this, flatten the value."
    }
  }
}
