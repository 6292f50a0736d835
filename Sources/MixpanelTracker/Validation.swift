import Foundation
import Trackers
import TrackersDelivery

/// Checks a vocabulary event against Mixpanel's rules, as it would be sent (after ``mixpanelEvent(for:)``).
///
/// ```swift
/// #expect(mixpanelIssues(for: .event(name: "Signed Up")).isEmpty)
/// mixpanelIssues(for: .userId("null")).map(\.description)
/// // ["Mixpanel: user id 'null' is a placeholder Mixpanel treats as no id; ..."]
/// ```
public func mixpanelIssues(for data: AnalyticsData) -> [ValidationIssue] {
  mixpanelIssues(mixpanelEvent(for: data), source: data)
}

/// The vendor's rules, after the vocabulary's own rules for a standard event (amounts, quantities,
/// currency, order id; ``Trackers/StandardEvent/issues(vendor:)``).
func mixpanelIssues(_ event: MixpanelEvent, source: AnalyticsData) -> [ValidationIssue] {
  if case let .event(EventAdditions.registrationEventName, properties) = source {
    return mixpanelIssues(event) + perEventKeys(in: properties)
  }
  guard case let .standard(standard, _) = source else { return mixpanelIssues(event) }
  let neutral = standard.issues(vendor: "Mixpanel")
  return neutral.isEmpty ? mixpanelIssues(event) : neutral + mixpanelIssues(event)
}

/// A super-property registration (validated by the pipeline as an event of
/// ``TrackersDelivery/EventAdditions/registrationEventName``) may not register what identifies one event:
/// every later event would carry the same `$insert_id`, and Mixpanel would keep only one of them.
private func perEventKeys(in properties: [String: PropertyValue]) -> [ValidationIssue] {
  guard properties[WireFormat.insertIdKey] != nil else { return [] }
  return [
    issue(
      "super-property-per-event",
      "super property '\(WireFormat.insertIdKey)' would give every later event the same id, and Mixpanel keeps "
        + "one event per id. To fix this, set '\(WireFormat.insertIdKey)' on the one event it identifies.")
  ]
}

/// Checks a Mixpanel event against the ingestion API's rules; see ``mixpanelIssues(for:)``.
package func mixpanelIssues(_ event: MixpanelEvent) -> [ValidationIssue] {
  ValidationRules.issues { ordered, issues in check(event, ordered: ordered, into: &issues) }
}

private func check(_ event: MixpanelEvent, ordered: Bool, into issues: inout [ValidationIssue]) {
  // First, and alone: the other checks walk the values recursively.
  switch event {
  case let .event(_, properties):
    let tooDeep = ValidationRules.appendDepthIssues(
      of: properties, path: { "property '\($0)'" }, ordered: ordered, vendor: "Mixpanel", into: &issues)
    if tooDeep { return }
  case let .setProfileProperty(name, value):
    if let issue = ValidationRules.depthIssue(value, path: { "profile property '\(name)'" }, vendor: "Mixpanel") {
      return issues.append(issue)
    }
  case let .setProfileProperties(properties), let .signIn(_, properties):
    let tooDeep = ValidationRules.appendDepthIssues(
      of: properties, path: { "profile property '\($0)'" }, ordered: ordered, vendor: "Mixpanel", into: &issues)
    if tooDeep { return }
  case let .updateProfile(operation):
    let value: PropertyValue? =
      switch operation {
      case let .setOnce(_, value), let .add(_, value), let .append(_, value), let .remove(_, value): value
      case let .union(_, values): .array(values)
      case .unset: nil
      }
    if let value,
      let issue = ValidationRules.depthIssue(value, path: { "profile property '\(operation.name)'" }, vendor: "Mixpanel")
    {
      return issues.append(issue)
    }
  case let .setGroup(key, _, traits):
    let tooDeep = ValidationRules.appendDepthIssues(
      of: traits, path: { "trait '\($0)' of group '\(key)'" }, ordered: ordered, vendor: "Mixpanel", into: &issues)
    if tooDeep { return }
  case .alias, .identify, .unsupported:
    break
  }
  switch event {
  case let .event(name, properties):
    checkName(name, kind: "event name", rule: "event-name", allowed: [], into: &issues)
    if properties.count > MixpanelLimits.propertiesPerEvent {
      issues.append(
        issue(
          "property-count",
          "event '\(name)' has \(properties.count) properties; at most \(MixpanelLimits.propertiesPerEvent) fit (Mixpanel takes fewer than 255 and this module adds \(WireFormat.addedProperties): ids, time and context)"
        ))
    }
    ValidationRules.forEachMember(of: properties, ordered: ordered) { key, value in
      checkName(key, kind: "property name", rule: "property-name", allowed: MixpanelLimits.eventProperties,
        into: &issues)
      if let reason = reservedEventProperty(key) {
        issues.append(issue("property-name-reserved", "property name '\(key)' is \(reason). To fix this, rename the property."))
      } else if key.utf8.first == UInt8(ascii: "$") {
        checkReservedEventValue(key, value, into: &issues)
      }
      checkValue(value, path: { key }, depth: 1, ordered: ordered, into: &issues)
    }
  case let .setProfileProperty(name, value):
    checkName(name, kind: "profile property name", rule: "property-name", allowed: MixpanelLimits.profileProperties,
      into: &issues)
    checkValue(value, path: { name }, depth: 1, ordered: ordered, into: &issues)
  case let .setProfileProperties(properties), let .signIn(_, properties):
    // A sign-in's id as `.identify`'s.
    if case let .signIn(userId, _) = event { checkUserId(userId, into: &issues) }
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      checkName(name, kind: "profile property name", rule: "property-name", allowed: MixpanelLimits.profileProperties,
        into: &issues)
      checkValue(value, path: { name }, depth: 1, ordered: ordered, into: &issues)
    }
  case let .updateProfile(operation):
    checkProfileOperation(operation, ordered: ordered, into: &issues)
  case let .setGroup(key, id, traits):
    checkName(key, kind: "group key", rule: "group-key", allowed: [], into: &issues)
    if let reason = reservedEventProperty(key) {
      // The group key is written as a property of every later event.
      issues.append(
        issue(
          "group-key-reserved",
          "group key '\(key)' is \(reason); every later event carries the group key as a property. To fix this, use "
            + "another group key (the one set up in the project's Group Keys settings)."))
    }
    if ValidationRules.isBlank(id) {
      issues.append(
        issue("group-id-empty", "the id of group '\(key)' is empty. To fix this, pass the group's id (its key in .group(type:key:))."))
    } else if id.utf8.count > MixpanelLimits.stringBytes {
      issues.append(
        issue(
          "group-id-length",
          "the id of group '\(key)' has \(id.utf8.count) bytes; Mixpanel keeps at most \(MixpanelLimits.stringBytes). "
            + "To fix this, use a shorter id."))
    }
    ValidationRules.forEachMember(of: traits, ordered: ordered) { name, value in
      checkName(name, kind: "trait name of group '\(key)'", rule: "property-name",
        allowed: MixpanelLimits.profileProperties, into: &issues)
      checkValue(value, path: { name }, depth: 1, ordered: ordered, into: &issues)
    }
  case let .alias(userId):
    checkUserId(userId, into: &issues)
  case let .identify(id?):
    checkUserId(id, into: &issues)
  case .identify(nil):
    break
  case let .unsupported(unsupported):
    issues.append(unsupported)
  }
}

/// What Mixpanel would refuse in an event's subject: its user id and anonymous id follow the user id's rules
/// (no placeholder such as "null", at most 255 characters), and `/import` takes a `time` from 1971 to an
/// hour after `now`.
func mixpanelSubjectIssues(_ subject: EventSubject, now: Date) -> [ValidationIssue] {
  var issues: [ValidationIssue] = []
  if let timestamp = subject.timestamp,
    timestamp < Date(timeIntervalSince1970: 365 * 86_400) || timestamp.timeIntervalSince(now) > 3600
  {
    issues.append(
      issue(
        "subject-timestamp-range",
        "the subject's timestamp \(timestamp) is before 1971 or more than an hour ahead (rule "
          + "subject-timestamp-range); Mixpanel's /import refuses such a time. To fix this, send the time the event "
          + "happened, or leave it out."))
  }
  if let userId = subject.userId, !userId.isEmpty { checkUserId(userId, into: &issues) }
  if let anonymousId = subject.anonymousId, !anonymousId.isEmpty { checkUserId(anonymousId, into: &issues) }
  return issues
}

private func checkUserId(_ id: String, into issues: inout [ValidationIssue]) {
  if MixpanelLimits.placeholderIds.contains(id.lowercased()) || ValidationRules.isBlank(id) {
    issues.append(
      issue(
        "distinct-id-placeholder",
        "user id '\(id)' is a placeholder Mixpanel treats as no id; send the real id, or .userId(nil) to sign out"
      ))
  } else if ValidationRules.hasMoreScalars(id, than: MixpanelLimits.nameLength) {
    issues.append(
      issue(
        "distinct-id-length",
        "user id has \(id.unicodeScalars.count) characters; Mixpanel accepts at most \(MixpanelLimits.nameLength)"))
  }
}

/// Why `name` can't be an event property of the app's, if it is one of the names without a `$` or `mp_`
/// prefix that this module or Mixpanel gives a meaning: the members this module writes (a second member of
/// that name would make the JSON ambiguous: parsers differ on which one wins) and Mixpanel's reserved
/// `token` and `bucket` (docs.mixpanel.com/docs/data-structure/property-reference/reserved-properties).
private func reservedEventProperty(_ name: String) -> String? {
  if let field = WireFormat.eventField(named: name) {
    return "\(field), which this module sets on every event"
  }
  switch name.utf8.count {
  case 5 where name == "token":
    return "reserved by Mixpanel for the project token (docs.mixpanel.com, Reserved Properties)"
  case 6 where name == "bucket":
    return "reserved by Mixpanel: it hides the event and others from reports (docs.mixpanel.com, Reserved Properties)"
  default:
    return nil
  }
}

/// The values of the reserved event properties an app may set (`MixpanelLimits.eventProperties`).
private func checkReservedEventValue(_ key: String, _ value: PropertyValue, into issues: inout [ValidationIssue]) {
  switch key {
  case WireFormat.insertIdKey:
    // developer.mixpanel.com/reference/import-events: at most 36 characters of letters, digits and '-'.
    let valid =
      if case let .string(id) = value {
        !id.isEmpty && id.utf8.count <= MixpanelLimits.insertIdLength
          && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
              || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
          }
      } else {
        false
      }
    if !valid {
      issues.append(
        issue(
          "insert-id-format",
          "property '$insert_id' is \(value); Mixpanel takes 1 to \(MixpanelLimits.insertIdLength) letters, digits and "
            + "'-'. To fix this, pass such an id, or leave '$insert_id' out: this module sets a unique one."))
    }
  case MixpanelLimits.durationKey:
    let seconds: Double? =
      switch value {
      case let .int(int): Double(int)
      case let .double(double) where double.isFinite: double
      default: nil
      }
    if !(seconds.map { $0 >= 0 } ?? false) {
      issues.append(
        issue(
          "duration-value",
          "property '$duration' is \(value); Mixpanel reads it as the event's duration in seconds, a number >= 0. "
            + "To fix this, time the event with .timeEvent(name:), or pass the seconds as a number."))
    }
  default:
    break
  }
}

private func checkProfileOperation(
  _ operation: MixpanelProfileOperation, ordered: Bool, into issues: inout [ValidationIssue]
) {
  let name = operation.name
  checkName(name, kind: "profile property name", rule: "property-name", allowed: MixpanelLimits.profileProperties,
    into: &issues)
  switch operation {
  case let .setOnce(_, value), let .append(_, value), let .remove(_, value):
    checkValue(value, path: { name }, depth: 1, ordered: ordered, into: &issues)
  case let .add(_, value):
    switch value {
    case .int:
      break
    case let .double(double) where double.isFinite:
      break
    default:
      // The vocabulary's rule (ProfileOperation.issues), under its name, for a MixpanelEvent made directly too.
      issues.append(
        issue(
          "profile-increment-number",
          "'$add' of profile property '\(name)' is \(value); Mixpanel adds only numbers "
            + "(developer.mixpanel.com/reference/profile-numerical-add). To fix this, increment by a finite number."))
    }
  case let .union(_, values):
    checkValue(.array(values), path: { name }, depth: 1, ordered: ordered, into: &issues)
  case .unset:
    break
  }
}

private func issue(_ rule: String, _ message: String) -> ValidationIssue {
  ValidationIssue(vendor: "Mixpanel", rule: rule, message: message)
}

private func checkName(
  _ name: String, kind: String, rule: String, allowed: Set<String>, into issues: inout [ValidationIssue]
) {
  if breaksNoNameRule(name) { return }
  if ValidationRules.isBlank(name) {
    issues.append(issue("\(rule)-empty", "\(kind) is empty"))
    return
  }
  if ValidationRules.hasMoreScalars(name, than: MixpanelLimits.nameLength) {
    issues.append(
      issue("\(rule)-length", "\(kind) '\(name)' has \(name.unicodeScalars.count) characters; Mixpanel accepts at most \(MixpanelLimits.nameLength)"))
  }
  if let prefix = reservedPrefix(of: name), !allowed.contains(name) {
    issues.append(
      issue("\(rule)-reserved-prefix", "\(kind) '\(name)' starts with '\(prefix)', which Mixpanel reserves for its own"))
  }
}

/// Whether `name` breaks none of ``checkName(_:kind:rule:allowed:into:)``'s rules, decided from its first
/// bytes and its length: it starts with a visible ASCII character (so it is not blank) other than `$`, not
/// with `mp_`, and has at most `MixpanelLimits.nameLength` bytes (so as many characters at most). Nearly every name of every event
/// passes; `false` only sends a name to the rule-by-rule checks, which name what it breaks (issue 41).
private func breaksNoNameRule(_ name: String) -> Bool {
  let utf8 = name.utf8
  guard let first = utf8.first, first > 0x20, first < 0x7F, utf8.count <= MixpanelLimits.nameLength else {
    return false
  }
  return first != UInt8(ascii: "$") && reservedPrefix(of: name) == nil
}

/// The reserved prefix `name` starts with, checked byte-wise: validation runs on every `track` call.
private func reservedPrefix(of name: String) -> String? {
  switch name.utf8.first {
  case UInt8(ascii: "$"): "$"
  case UInt8(ascii: "m") where name.utf8.starts(with: "mp_".utf8): "mp_"
  default: nil
  }
}

/// `path` is only called to write a message, so the happy path builds no paths.
private func checkValue(
  _ value: PropertyValue, path: () -> String, depth: Int, ordered: Bool, into issues: inout [ValidationIssue]
) {
  switch value {
  case .int, .bool, .null:
    break
  case .double:
    // The same rule as every vendor's: mixpanel-swift would send NaN and infinities as null.
    if let issue = ValidationRules.nonFiniteNumberIssue(value, path: { "property '\(path())'" }, vendor: "Mixpanel") {
      issues.append(issue)
    }
  case .date:
    if let issue = ValidationRules.dateIssue(
      value, path: { "property '\(path())'" }, encoding: .iso8601, vendor: "Mixpanel")
    {
      issues.append(issue)
    }
  case let .string(string):
    if string.utf8.count > MixpanelLimits.stringBytes {
      issues.append(
        issue(
          "property-value-length",
          "property '\(path())' has a string of \(string.utf8.count) bytes; Mixpanel keeps at most \(MixpanelLimits.stringBytes)"
        ))
    }
  case let .array(elements):
    if elements.count > MixpanelLimits.collectionCount {
      issues.append(
        issue("property-list-length", "property '\(path())' is a list of \(elements.count); Mixpanel takes fewer than 255"))
    }
    for (index, element) in elements.enumerated() {
      checkValue(element, path: { "\(path())[\(index)]" }, depth: depth, ordered: ordered, into: &issues)
    }
  case let .object(members):
    if depth > MixpanelLimits.nestingDepth {
      issues.append(
        issue("property-nesting-depth", "property '\(path())' nests objects deeper than \(MixpanelLimits.nestingDepth) levels"))
      return
    }
    if members.count > MixpanelLimits.collectionCount {
      issues.append(
        issue("property-object-keys", "property '\(path())' has \(members.count) keys; Mixpanel takes fewer than 255"))
    }
    ValidationRules.forEachMember(of: members, ordered: ordered) { key, member in
      checkValue(member, path: { "\(path()).\(key)" }, depth: depth + 1, ordered: ordered, into: &issues)
    }
  }
}
