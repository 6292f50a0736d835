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
  mixpanelIssues(mixpanelEvent(for: data))
}

/// Checks a Mixpanel event against the ingestion API's rules; see ``mixpanelIssues(for:)``.
public func mixpanelIssues(_ event: MixpanelEvent) -> [ValidationIssue] {
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
  case .identify:
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
      checkName(key, kind: "property name", rule: "property-name", allowed: [], into: &issues)
      if let field = WireFormat.eventField(named: key) {
        // A second member of that name would make the JSON ambiguous: parsers differ on which one wins.
        issues.append(
          issue(
            "property-name-reserved",
            "property name '\(key)' is \(field), which this module sets on every event. To fix this, rename the property."))
      }
      checkValue(value, path: { key }, depth: 1, ordered: ordered, into: &issues)
    }
  case let .setProfileProperty(name, value):
    checkName(name, kind: "profile property name", rule: "property-name", allowed: MixpanelLimits.profileProperties,
      into: &issues)
    checkValue(value, path: { name }, depth: 1, ordered: ordered, into: &issues)
  case let .identify(id?):
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
  case .identify(nil):
    break
  }
}

private func issue(_ rule: String, _ message: String) -> ValidationIssue {
  ValidationIssue(vendor: "Mixpanel", rule: rule, message: message)
}

private func checkName(
  _ name: String, kind: String, rule: String, allowed: Set<String>, into issues: inout [ValidationIssue]
) {
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
