import Trackers
import TrackersDelivery

/// Checks `data` against Amplitude's HTTP V2 rules, before anything is queued.
///
/// An empty result means Amplitude accepts the event as it is. Each issue names the rule it breaks and
/// how to fix it, so a team can pin its tracking plan in its own tests:
///
/// ```swift
/// #expect(amplitudeIssues(for: .event(name: "Order Completed")).isEmpty)
/// amplitudeIssues(for: .userId("42"))
/// // Amplitude: user id '42' has 2 characters; Amplitude rejects ids shorter than 5. To fix this, ...
/// ```
///
/// The rules: event types and screen names are non-empty, at most 1024 characters, and do not use
/// Amplitude's reserved `[Amplitude]` or `$` prefixes; property names are non-empty, at most 1024 characters,
/// and not `[Amplitude]`-prefixed (user property names not `$`-prefixed either, those are Amplitude's
/// operations); string values are at most 1024 characters; numbers are finite; dates are ISO-8601 dates,
/// years 0000 to 9999; user ids have 5 to 1024 characters and are not placeholders such as "null",
/// "anonymous", "0" or "-1"; values nest at most ``Trackers/PropertyValue/maximumDepth`` levels (checked
/// first: an event too deep gets only that issue).
///
/// The user model: profile operations follow the user property rules, and an increment adds a finite
/// number; a group's type and key are non-empty and at most 1024 characters, and its traits follow the
/// property rules (names not `$`-prefixed); a standard event follows the neutral rules
/// (``Trackers/StandardEvent/issues(vendor:)``), and its own properties may not reuse the name of one of
/// its fields (`standard-property-conflict`); an alias's user id follows the user id rules;
/// `.superProperties` and `.timeEvent` are refused (`handled-by-pipeline`): ``amplitudeTracker`` applies
/// them before mapping, so only a direct call of this function sees them. A sixth group type, which
/// Amplitude would not track, is refused when the event is sent (`group-types`), as only the identity
/// knows the user's groups.
public func amplitudeIssues(for data: AnalyticsData) -> [ValidationIssue] {
  AmplitudeValidation.issues(in: data)
}

enum AmplitudeValidation {
  static let vendor = "Amplitude"

  static func issues(in data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in check(data, ordered: ordered, into: &issues) }
  }

  private static func check(_ data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]) {
    // First, and alone: the other checks walk the values recursively.
    if appendDepthIssues(of: data, ordered: ordered, into: &issues) { return }
    switch data {
    case let .event(name, properties):
      checkEventType(name, into: &issues)
      checkProperties(properties, kind: "event property", ordered: ordered, into: &issues)
    case let .screen(name, properties):
      checkText(name, what: "screen name", rule: "screen-name", into: &issues)
      checkProperties(properties, kind: "screen property", ordered: ordered, into: &issues)
    case let .userId(id?):
      checkUserId(id, into: &issues)
    case .userId(nil):
      break
    case let .userProperty(name, value):
      checkUserPropertyName(name, into: &issues)
      checkValue(value, path: { "user property '\(name)'" }, ordered: ordered, into: &issues)
    case let .userProperties(properties), let .signIn(_, properties):
      // A sign-in's id as `.userId`'s.
      if case let .signIn(userId, _) = data { checkUserId(userId, into: &issues) }
      ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
        checkUserPropertyName(name, into: &issues)
        checkValue(value, path: { "user property '\(name)'" }, ordered: ordered, into: &issues)
      }
    case let .error(message, properties):
      checkText(message, what: "error message", rule: "error-message", into: &issues)
      checkProperties(properties, kind: "error property", ordered: ordered, into: &issues)
      if properties[AmplitudeNames.errorMessage] != nil {
        issues.append(issue(
          "error-message-property",
          "error property '\(AmplitudeNames.errorMessage)' would be replaced by the error's message. "
            + "To fix this, rename that property."
        ))
      }
    case let .lifecycle(event):
      // The SDK's names and "[Amplitude] ..." keys: only the version and build values can break a rule.
      checkProperties(event.properties, kind: "lifecycle property", ordered: ordered, into: &issues)
    case let .profile(operation):
      checkUserPropertyName(operation.name, into: &issues)
      issues += operation.issues(vendor: vendor)
      for value in operation.values {
        checkValue(value, path: { "user property '\(operation.name)'" }, ordered: ordered, into: &issues)
      }
    case let .group(type, key, traits):
      checkText(type, what: "group type", rule: "group-type", into: &issues)
      checkText(key, what: "group key", rule: "group-key", into: &issues)
      ValidationRules.forEachMember(of: traits, ordered: ordered) { name, value in
        checkPropertyName(name, kind: "group property", into: &issues)
        if ValidationRules.hasPrefix(name, "$") {
          issues.append(issue(
            "group-property-name-reserved",
            "group property name '\(name)' starts with '$', which Amplitude reserves for its operations ($set, "
              + "$add, ...). To fix this, rename the group property without the '$'."
          ))
        }
        checkValue(value, path: { "group property '\(name)'" }, ordered: ordered, into: &issues)
      }
    case let .alias(userId):
      checkUserId(userId, into: &issues)
    case let .standard(event, properties):
      issues += event.issues(vendor: vendor)
      // The values as the spec's fields hold them (a deep link's are sent under Amplitude's own `[Amplitude]`
      // names, which no app property may take); a conflict is with a field under the name it is sent as.
      let fields = event.properties
      let sent = AmplitudeNames.standardProperties(event)
      ValidationRules.forEachMember(of: properties, ordered: ordered) { name, _ in
        guard sent[name] != nil else { return }
        issues.append(issue(
          "standard-property-conflict",
          "event property '\(name)' of \(event.name) has the name of one of its own fields, which Amplitude "
            + "receives instead. To fix this, set it through the standard event (its Product or Order), or "
            + "rename the property."
        ))
      }
      checkProperties(fields, kind: "\(event.name) field", ordered: ordered, into: &issues)
      checkProperties(properties, kind: "event property", ordered: ordered, into: &issues)
    case .superProperties, .timeEvent, .reset:
      issues.append(issue(
        "handled-by-pipeline",
        "\(data) is applied by amplitudeTracker before mapping and has no Amplitude event of its own. "
          + "To fix this, send it through amplitudeTracker instead of mapping or validating it directly."
      ))
    }
  }

  /// A user property name: the property name rules, and no `$`, which starts Amplitude's operations.
  private static func checkUserPropertyName(_ name: String, into issues: inout [ValidationIssue]) {
    checkPropertyName(name, kind: "user property", into: &issues)
    if ValidationRules.hasPrefix(name, "$") {
      issues.append(issue(
        "user-property-name-reserved",
        "user property name '\(name)' starts with '$', which Amplitude reserves for its operations ($set, $add, ...). "
          + "To fix this, rename the user property without the '$'."
      ))
    }
  }

  /// The issue of a group of a new type for a user already in `AmplitudeLimits.groupTypes` types: the
  /// live environment's refusal, as only the identity knows the user's groups.
  static func groupTypesIssue(adding type: String, to groups: [String: String]) -> ValidationIssue {
    issue(
      "group-types",
      "group type '\(type)' would be the user's \(groups.count + 1)th; Amplitude tracks at most "
        + "\(AmplitudeLimits.groupTypes) group types per event and ignores the others. The user's groups: "
        + "\(groups.keys.sorted().joined(separator: ", ")). To fix this, reuse one of these types (a new key "
        + "replaces the old one)."
    )
  }

  private static func appendDepthIssues(
    of data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]
  ) -> Bool {
    ValidationRules.appendDepthIssues(of: data, ordered: ordered, vendor: vendor, into: &issues) { data, name in
      switch data {
      case .userProperty, .userProperties, .signIn, .profile: "user property '\(name)'"
      case .group: "group property '\(name)'"
      // The app's properties only: the fields nest no deeper than an order's products.
      case let .standard(event, _): "\(event.name) property '\(name)'"
      case .event: "event property '\(name)'"
      case .screen: "screen property '\(name)'"
      case .error: "error property '\(name)'"
      case .lifecycle: "lifecycle property '\(name)'"
      case .userId, .alias, .superProperties, .timeEvent, .reset: nil
      }
    }
  }

  private static func checkEventType(_ name: String, into issues: inout [ValidationIssue]) {
    checkText(name, what: "event type", rule: "event-type", into: &issues)
    if ValidationRules.hasPrefix(name, AmplitudeLimits.reservedPrefix) || ValidationRules.hasPrefix(name, "$") {
      issues.append(issue(
        "event-type-reserved",
        "event type '\(name)' is reserved: types starting with '\(AmplitudeLimits.reservedPrefix)' or '$' belong to "
          + "Amplitude (sessions, revenue, identify). To fix this, rename the event; send screens as "
          + "`.screen(name:)` and user properties as `.userProperty(name:value:)`."
      ))
    }
  }

  private static func checkText(_ text: String, what: String, rule: String, into issues: inout [ValidationIssue]) {
    if ValidationRules.isBlank(text) {
      issues.append(issue("\(rule)-empty", "\(what) is empty; Amplitude drops events without one. To fix this, give it a name."))
    } else if ValidationRules.hasMoreScalars(text, than: AmplitudeLimits.stringLength) {
      issues.append(issue(
        "\(rule)-length",
        "\(what) '\(text.prefix(40))...' has \(text.unicodeScalars.count) characters; Amplitude keeps at most "
          + "\(AmplitudeLimits.stringLength). To fix this, shorten it."
      ))
    }
  }

  /// What Amplitude would reject in an event's subject: its user id and anonymous (device) id follow the
  /// user id's rules (5 to 1024 characters, no placeholder), so an event is refused here rather than
  /// dropped by Amplitude with a 400.
  static func subjectIssues(_ subject: EventSubject) -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    if let userId = subject.userId, !userId.isEmpty { checkUserId(userId, into: &issues) }
    if let anonymousId = subject.anonymousId, !anonymousId.isEmpty { checkUserId(anonymousId, into: &issues) }
    return issues
  }

  private static func checkUserId(_ id: String, into issues: inout [ValidationIssue]) {
    if AmplitudeLimits.placeholderIds.contains(id.lowercased()) {
      issues.append(issue(
        "user-id-placeholder",
        "user id '\(id)' is a placeholder that Amplitude rejects, and it would merge every such user into one. "
          + "To fix this, send `.userId(nil)` for a signed-out user and the real id once known."
      ))
    } else if id.unicodeScalars.count < AmplitudeLimits.minIdLength {
      issues.append(issue(
        "user-id-length",
        "user id '\(id)' has \(id.unicodeScalars.count) characters; Amplitude rejects ids shorter than \(AmplitudeLimits.minIdLength). "
          + "To fix this, send the full id (or a prefixed one such as 'user-\(id)')."
      ))
    } else if ValidationRules.hasMoreScalars(id, than: AmplitudeLimits.stringLength) {
      issues.append(issue(
        "user-id-length",
        "user id '\(id.prefix(40))...' has \(id.unicodeScalars.count) characters; Amplitude keeps at most "
          + "\(AmplitudeLimits.stringLength). To fix this, send a shorter, stable id."
      ))
    }
  }

  private static func checkProperties(
    _ properties: AnalyticsData.Properties, kind: String, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      checkPropertyName(name, kind: kind, into: &issues)
      checkValue(value, path: { "\(kind) '\(name)'" }, ordered: ordered, into: &issues)
    }
  }

  private static func checkPropertyName(_ name: String, kind: String, into issues: inout [ValidationIssue]) {
    if name.isEmpty {
      issues.append(issue("property-name-empty", "\(kind) has an empty name. To fix this, name it."))
    } else if ValidationRules.hasMoreScalars(name, than: AmplitudeLimits.stringLength) {
      issues.append(issue(
        "property-name-length",
        "\(kind) name '\(name.prefix(40))...' has \(name.unicodeScalars.count) characters; Amplitude keeps at most "
          + "\(AmplitudeLimits.stringLength). To fix this, shorten it."
      ))
    }
    if ValidationRules.hasPrefix(name, AmplitudeLimits.reservedPrefix) {
      issues.append(issue(
        "property-name-reserved",
        "\(kind) name '\(name)' starts with '\(AmplitudeLimits.reservedPrefix)', which Amplitude reserves. "
          + "To fix this, rename the property."
      ))
    }
  }

  /// `path` is only called to write a message, so the happy path builds no paths.
  private static func checkValue(
    _ value: PropertyValue, path: () -> String, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.appendValueIssues(
      of: value, path: path, dates: .iso8601, ordered: ordered, vendor: vendor, into: &issues
    ) { scalar, path in
      guard case let .string(text) = scalar, ValidationRules.hasMoreScalars(text, than: AmplitudeLimits.stringLength)
      else { return nil }
      return issue(
        "property-value-length",
        "\(path()) has a string of \(text.unicodeScalars.count) characters; Amplitude keeps at most "
          + "\(AmplitudeLimits.stringLength). To fix this, shorten the value or split it.")
    }
  }

  private static func issue(_ rule: String, _ message: String) -> ValidationIssue {
    ValidationIssue(vendor: vendor, rule: rule, message: message)
  }
}
