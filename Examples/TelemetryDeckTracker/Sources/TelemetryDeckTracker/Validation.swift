import Trackers
import TrackersDelivery

/// Checks `data` against TelemetryDeck's ingest rules, before anything is queued.
///
/// TelemetryDeck renames reserved payload keys on the server and the SDK only logs a warning for its own
/// prefix, so these checks are the only place such mistakes surface:
///
/// ```swift
/// #expect(telemetryDeckIssues(for: .event(name: "Checkout.completed")).isEmpty)
/// telemetryDeckIssues(for: .event(name: "Checkout.completed", properties: ["count": 3]))
/// // TelemetryDeck: property 'count' is a reserved key, which the server renames with a leading underscore. To fix this, ...
/// ```
///
/// The rules: signal types (event and screen names, error messages) are not blank and don't start with
/// `TelemetryDeck.`; property and user property names are not empty, not a reserved key (`count`, `type`,
/// `appID`, `clientUser`, `__time`, `payload`, `platform`, `receivedAt`, without case) and don't start with
/// `TelemetryDeck.`; values are strings, numbers, Booleans, dates or `nil`, never arrays or objects;
/// numbers are finite; dates are ISO-8601 dates, years 0000 to 9999; `floatValue` is a number, and not a
/// user property; a screen's properties don't set `screenName` and an error's don't set `message`; user ids
/// are not blank. `TelemetryDeck.Signal.durationInSeconds`, which a timed event carries, is the one
/// `TelemetryDeck.` key allowed. A standard event follows the rules every vendor shares
/// (``Trackers/StandardEvent/issues(vendor:)``). What TelemetryDeck has no form of is refused with a rule of
/// its own: `alias-unsupported`, `group-unsupported`, `profile-operation-unsupported` (every operation but
/// unset), `handled-by-pipeline` (super properties and timers given to the mapping directly).
public func telemetryDeckIssues(for data: AnalyticsData) -> [ValidationIssue] {
  TelemetryDeckValidation.issues(in: data)
}

enum TelemetryDeckValidation {
  static let vendor = "TelemetryDeck"

  static func issues(in data: AnalyticsData) -> [ValidationIssue] {
    ValidationRules.issues { ordered, issues in check(data, ordered: ordered, into: &issues) }
  }

  private static func check(_ data: AnalyticsData, ordered: Bool, into issues: inout [ValidationIssue]) {
    switch data {
    case let .event(name, properties):
      checkType(name, kind: "event name", emptyRule: "event-name-empty", into: &issues)
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .screen(name, properties):
      if ValidationRules.isBlank(name) {
        issues.append(issue("screen-name-empty", "screen name is empty. To fix this, name the screen."))
      }
      if properties[TelemetryDeckNames.screenName] != nil {
        issues.append(issue(
          "screen-name-property",
          "screen property '\(TelemetryDeckNames.screenName)' would be replaced by the screen's name. To fix this, rename that property."
        ))
      }
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .error(message, properties):
      if ValidationRules.isBlank(message) {
        issues.append(issue("error-message-empty", "error message is empty. To fix this, say what failed."))
      }
      if properties[TelemetryDeckNames.errorMessage] != nil {
        issues.append(issue(
          "error-message-property",
          "error property '\(TelemetryDeckNames.errorMessage)' would be replaced by the error's message. To fix this, rename that property."
        ))
      }
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .lifecycle(event):
      checkProperties(event.properties, ordered: ordered, into: &issues)
    case let .userProperty(name, value):
      checkName(name, kind: "user property", into: &issues)
      if name == TelemetryDeckNames.floatValue {
        issues.append(issue(
          "user-property-float-value",
          "user property '\(name)' can't be kept: 'floatValue' is each signal's own number. To fix this, send it as an event property."
        ))
      }
      checkValue(value, path: { "user property '\(name)'" }, into: &issues)
    case let .userProperties(properties), let .signIn(_, properties):
      // A sign-in's id as `.userId`'s.
      if case let .signIn(userId, _) = data { check(.userId(userId), ordered: ordered, into: &issues) }
      ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
        checkName(name, kind: "user property", into: &issues)
        if name == TelemetryDeckNames.floatValue {
          issues.append(issue(
            "user-property-float-value",
            "user property '\(name)' can't be kept: 'floatValue' is each signal's own number. To fix this, send it as an event property."
          ))
        }
        checkValue(value, path: { "user property '\(name)'" }, into: &issues)
      }
    case let .userId(id?):
      if ValidationRules.isBlank(id) {
        issues.append(issue(
          "user-id-empty",
          "user id is empty; every signed-out user would share its hash. To fix this, send the real id, or `.userId(nil)` when the user signs out."
        ))
      }
    case .userId(nil):
      break
    case let .standard(event, properties):
      issues += event.issues(vendor: vendor)
      checkProperties(properties, ordered: ordered, into: &issues)
    case let .profile(.unset(name)):
      checkName(name, kind: "user property", into: &issues)
    case let .profile(operation):
      issues.append(issue(
        "profile-operation-unsupported",
        "TelemetryDeck has no user profiles, so no '\(operation.operationName)' (\(operation)): a user property is "
          + "only a parameter kept on the device and added to later signals. To fix this, compute the value and send "
          + ".userProperty(name: \(operation.name), value: ...), or leave the operation to the vendors that have it."))
    case .alias:
      issues.append(issue(
        "alias-unsupported",
        "TelemetryDeck has no identity merge: a signal carries only a salted hash of the user id (clientUser), and "
          + "the signals sent before sign-in keep the anonymous id's hash. To fix this, leave the alias to the vendors "
          + "that merge identities; sending .userId is all TelemetryDeck needs."))
    case .group:
      issues.append(issue(
        "group-unsupported",
        "TelemetryDeck has no groups: \(data) can't be sent. To fix this, send the group as a user property "
          + "(.userProperty(name: \"company\", value: ...)), which every later signal carries, or leave it to the "
          + "vendors that have groups."))
    case .superProperties, .timeEvent, .reset:
      issues.append(issue(
        "handled-by-pipeline",
        "\(data) changes state that telemetryDeckTracker keeps itself (super properties, timers, the identity), and TelemetryDeck "
          + "has no signal for it. To fix this, send it through telemetryDeckTracker, not telemetryDeckSignal(for:) "
          + "and Current.send."))
    }
  }

  /// The ``TrackersDelivery/TrackerCounters/unsupportedByKind`` key of a vocabulary event TelemetryDeck has
  /// no form of: `alias`, `group`, `profile`, `superProperties`, `timeEvent`, `reset`.
  static func kind(of data: AnalyticsData) -> String {
    switch data {
    case .alias: "alias"
    case .group: "group"
    case .profile: "profile"
    case .superProperties: "superProperties"
    case .timeEvent: "timeEvent"
    case .reset: "reset"
    default: "event"
    }
  }

  private static func checkType(_ type: String, kind: String, emptyRule: String, into issues: inout [ValidationIssue]) {
    if ValidationRules.isBlank(type) {
      issues.append(issue(emptyRule, "\(kind) is empty; it is the signal's type. To fix this, name the event."))
    } else if hasReservedPrefix(type) {
      issues.append(issue(
        "signal-type-reserved",
        "\(kind) '\(type)' starts with '\(TelemetryDeckLimits.reservedPrefix)', which the TelemetryDeck SDK reserves for its own signals. "
          + "To fix this, use your app's own prefix (\"Checkout.completed\")."
      ))
    }
  }

  private static func checkProperties(
    _ properties: AnalyticsData.Properties, ordered: Bool, into issues: inout [ValidationIssue]
  ) {
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      checkName(name, kind: "property", into: &issues)
      if name == TelemetryDeckNames.floatValue {
        checkFloatValue(value, into: &issues)
      } else {
        checkValue(value, path: { "property '\(name)'" }, into: &issues)
      }
    }
  }

  private static func checkName(_ name: String, kind: String, into issues: inout [ValidationIssue]) {
    if name.isEmpty {
      issues.append(issue("property-name-empty", "\(kind) has an empty name. To fix this, name it."))
    } else if isReservedKey(name) {
      issues.append(issue(
        "property-name-reserved",
        "\(kind) '\(name)' is a reserved key, which the server renames with a leading underscore. "
          + "To fix this, rename it (\"itemCount\" rather than \"count\")."
      ))
    } else if hasReservedPrefix(name) && name != TelemetryDeckNames.durationInSeconds {
      issues.append(issue(
        "property-name-prefix",
        "\(kind) '\(name)' starts with '\(TelemetryDeckLimits.reservedPrefix)', which the TelemetryDeck SDK reserves for its own payload keys. "
          + "To fix this, use your app's own prefix."
      ))
    }
  }

  private static func checkFloatValue(_ value: PropertyValue, into issues: inout [ValidationIssue]) {
    switch value {
    case .int:
      break
    case let .double(number) where number.isFinite:
      break
    case .double:
      if let issue = ValidationRules.nonFiniteNumberIssue(value, path: { "property 'floatValue'" }, vendor: vendor) {
        issues.append(issue)
      }
    default:
      issues.append(issue(
        "float-value-type",
        "property 'floatValue' is \(value), but it becomes the signal's number. To fix this, send a number, or rename the property."
      ))
    }
  }

  /// `path` is only called to write a message, so the happy path builds no paths.
  private static func checkValue(_ value: PropertyValue, path: () -> String, into issues: inout [ValidationIssue]) {
    switch value {
    case .array, .object:
      issues.append(issue(
        "property-value-type",
        "\(path()) is \(value.arrayValue == nil ? "an object" : "an array"); TelemetryDeck's payload holds strings only. "
          + "To fix this, convert it to a string (join a list with commas), or send each member as a property of its own."
      ))
    default:
      if let issue = ValidationRules.nonFiniteNumberIssue(value, path: path, vendor: vendor) { issues.append(issue) }
      if let issue = ValidationRules.dateIssue(value, path: path, encoding: .iso8601, vendor: vendor) {
        issues.append(issue)
      }
    }
  }

  /// Whether `name` is a reserved key in any case: `reservedPayloadKeys.contains(name.lowercased())`, decided
  /// on the bytes (the keys are ASCII, and no other character lowercases to one of their letters alone), so
  /// the happy path allocates nothing.
  private static func isReservedKey(_ name: String) -> Bool {
    let length = name.utf8.count
    return reservedKeyBytes.contains { key in
      key.count == length && zip(key, name.utf8).allSatisfy { $0 == asciiLowercased($1) }
    }
  }

  private static let reservedKeyBytes: [[UInt8]] = TelemetryDeckLimits.reservedPayloadKeys.sorted().map { Array($0.utf8) }

  private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// `text` starts with `TelemetryDeck.` in any case: the SDK lowercases before it compares.
  private static func hasReservedPrefix(_ text: String) -> Bool {
    guard let first = text.utf8.first, first == UInt8(ascii: "T") || first == UInt8(ascii: "t") else { return false }
    return text.lowercased().hasPrefix(TelemetryDeckLimits.reservedPrefix.lowercased())
  }

  private static func issue(_ rule: String, _ message: String) -> ValidationIssue {
    ValidationIssue(vendor: vendor, rule: rule, message: message)
  }
}
