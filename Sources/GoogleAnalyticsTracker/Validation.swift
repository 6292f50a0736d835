import Trackers
import TrackersDelivery

/// Checks a vocabulary event against GA4's rules, as it would be sent (after ``googleAnalyticsEvent(for:)``).
///
/// An empty result means the event is valid. Use it to check a tracking plan in your own tests:
///
/// ```swift
/// #expect(googleAnalyticsIssues(for: .event(name: "add_to_cart")).isEmpty)
/// googleAnalyticsIssues(for: .event(name: "add-to-cart")).map(\.description)
/// // ["GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter"]
/// ```
///
/// Parameters are counted as the live environment sends them: with the `session_id` and
/// `engagement_time_msec` it adds to an event that does not set them, so an event may have at most 23
/// parameters of its own (``GoogleAnalyticsLimits/ownParamsPerEvent``), 24 if it sets one of the two, 25 if
/// both.
///
/// The one rule this can't check is the count of user properties (at most 25 per request), which depends
/// on the properties set before; the live environment checks it when a new property arrives.
public func googleAnalyticsIssues(for data: AnalyticsData) -> [ValidationIssue] {
  googleAnalyticsIssues(googleAnalyticsEvent(for: data))
}

/// Checks a GA4 event against the Measurement Protocol's rules; see ``googleAnalyticsIssues(for:)``.
public func googleAnalyticsIssues(_ event: GoogleAnalyticsEvent) -> [ValidationIssue] {
  ValidationRules.issues { ordered, issues in check(event, ordered: ordered, into: &issues) }
}

private func check(_ event: GoogleAnalyticsEvent, ordered: Bool, into issues: inout [ValidationIssue]) {
  // First, and alone: the other checks walk the values.
  switch event {
  case let .event(_, params):
    let tooDeep = ValidationRules.appendDepthIssues(
      of: params, path: { "parameter '\($0)'" }, ordered: ordered, vendor: "GA4", into: &issues)
    if tooDeep { return }
  case let .userProperty(name, value):
    if let issue = ValidationRules.depthIssue(value, path: { "user property '\(name)'" }, vendor: "GA4") {
      return issues.append(issue)
    }
  case .userId:
    break
  }
  switch event {
  case let .event(name, params):
    checkName(name, kind: "event name", rule: "event-name", into: &issues)
    if GoogleAnalyticsLimits.reservedEventNames.contains(name) {
      issues.append(issue("event-name-reserved", "event name '\(name)' is reserved by GA4; use a name of your own"))
    }
    checkParamCount(params, name: name, into: &issues)
    ValidationRules.forEachMember(of: params, ordered: ordered) { key, value in
      checkName(key, kind: "parameter name", rule: "param-name", into: &issues)
      if key == "items", !isList(value) {
        // GA4 reads `items` as the ecommerce item list whatever the event: a count there is lost.
        issues.append(
          issue(
            "items-type",
            "parameter 'items' is \(kindName(value)); GA4 reserves 'items' for the ecommerce list of item objects. "
              + "To fix this, send a list of items, or rename the parameter (a count: 'item_count')"))
        return
      }
      checkParamValue(value, key: { key }, ordered: ordered, into: &issues)
    }
  case let .userProperty(name, value):
    checkUserPropertyName(name, into: &issues)
    checkUserPropertyValue(value, name: name, into: &issues)
  case let .userId(id?):
    if id.isEmpty {
      issues.append(issue("user-id-empty", "user_id is empty; send .userId(nil) to sign the user out"))
    } else if ValidationRules.hasMoreScalars(id, than: GoogleAnalyticsLimits.userIdLength) {
      issues.append(
        issue(
          "user-id-length",
          "user_id has \(id.unicodeScalars.count) characters; GA4 accepts at most \(GoogleAnalyticsLimits.userIdLength)"
        ))
    }
  case .userId(nil):
    break
  }
}

private func issue(_ rule: String, _ message: String) -> ValidationIssue {
  ValidationIssue(vendor: "GA4", rule: rule, message: message)
}

/// At most 25 parameters, counting the `session_id` and `engagement_time_msec` the live environment adds to
/// an event that does not set them: so at most 23 of the event's own when both are added.
private func checkParamCount(_ params: [String: PropertyValue], name: String, into issues: inout [ValidationIssue]) {
  // The common case decides without looking the session parameters up.
  guard params.count > GoogleAnalyticsLimits.ownParamsPerEvent else { return }
  let added = sessionParamNames.filter { params[$0] == nil }
  let total = params.count + added.count
  guard total > GoogleAnalyticsLimits.paramsPerEvent else { return }
  let message: String
  if added.isEmpty {
    message = "event '\(name)' has \(params.count) parameters; GA4 keeps at most \(GoogleAnalyticsLimits.paramsPerEvent)"
  } else {
    let ownLimit = GoogleAnalyticsLimits.paramsPerEvent - added.count
    message = "event '\(name)' has \(params.count) parameters, and the live environment adds "
      + "\(added.joined(separator: " and ")) for GA4 sessions: \(total) in all; GA4 keeps at most "
      + "\(GoogleAnalyticsLimits.paramsPerEvent) per event, so an event that does not set "
      + (added.count == 1 ? "\(added[0]) itself" : "them itself")
      + " may have at most \(ownLimit) parameters (remove \(params.count - ownLimit))"
  }
  issues.append(issue("param-count", message))
}

private let sessionParamNames = [GoogleAnalyticsNames.sessionId, GoogleAnalyticsNames.engagementTime]

/// Event and parameter names: 1 to 40 characters, `[A-Za-z][A-Za-z0-9_]*`, no reserved prefix.
private func checkName(_ name: String, kind: String, rule: String, into issues: inout [ValidationIssue]) {
  if name.isEmpty {
    issues.append(issue("\(rule)-empty", "\(kind) is empty; names are 1 to \(GoogleAnalyticsLimits.nameLength) characters"))
    return
  }
  if ValidationRules.hasMoreScalars(name, than: GoogleAnalyticsLimits.nameLength) {
    issues.append(
      issue(
        "\(rule)-length",
        "\(kind) '\(name)' has \(name.unicodeScalars.count) characters; GA4 accepts at most \(GoogleAnalyticsLimits.nameLength)"
      ))
  }
  if mayHaveReservedPrefix(name),
    let prefix = GoogleAnalyticsLimits.reservedPrefixes.first(where: { ValidationRules.hasPrefix(name, $0) })
  {
    issues.append(issue("\(rule)-reserved-prefix", "\(kind) '\(name)' starts with '\(prefix)', which GA4 reserves"))
  }
  if let bad = firstInvalidCharacter(in: name) {
    issues.append(
      issue(
        "\(rule)-characters",
        "\(kind) '\(name)' has '\(bad)'; names are letters, digits and underscores, starting with a letter"
      ))
  }
}

/// The first bytes of the reserved prefixes: most names start with none of them and skip the prefix checks.
private let reservedPrefixStarts = Set(GoogleAnalyticsLimits.reservedPrefixes.compactMap(\.utf8.first))
/// A prefix starting with a byte that has canonically equivalent spellings needs every name checked.
private let reservedPrefixesNeedEveryName = reservedPrefixStarts.contains {
  $0 >= 0x80 || $0 == UInt8(ascii: "K") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "`")
}

/// `false` only when `name` can't start with a reserved prefix (see ``ValidationRules/hasPrefix(_:_:)``:
/// an ASCII prefix can only be matched by text starting with its first byte).
private func mayHaveReservedPrefix(_ name: String) -> Bool {
  guard let first = name.utf8.first else { return false }
  return reservedPrefixesNeedEveryName || reservedPrefixStarts.contains(first)
}

/// The first character that breaks `[A-Za-z][A-Za-z0-9_]*`, if any.
func firstInvalidCharacter(in name: String) -> Character? {
  if isValidNameBytes(name) { return nil }
  for (index, scalar) in name.unicodeScalars.enumerated() {
    let isLetter = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar))
    let isDigitOrUnderscore = scalar.isASCII && (("0"..."9").contains(scalar) || scalar == "_")
    if index == 0 ? !isLetter : !(isLetter || isDigitOrUnderscore) { return Character(scalar) }
  }
  return nil
}

/// Whether every byte of `name` is in `[A-Za-z][A-Za-z0-9_]*`: the common case, decided without decoding.
private func isValidNameBytes(_ name: String) -> Bool {
  var name = name
  return name.withUTF8 { bytes in
    for (index, byte) in bytes.enumerated() {
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigitOrUnderscore = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      guard index == 0 ? isLetter : (isLetter || isDigitOrUnderscore) else { return false }
    }
    return true
  }
}

/// `key` is only called to write a message, so the happy path builds no paths.
private func checkParamValue(
  _ value: PropertyValue, key: () -> String, ordered: Bool, into issues: inout [ValidationIssue]
) {
  switch value {
  case .int:
    break
  case .double:
    if let issue = ValidationRules.nonFiniteNumberIssue(value, path: { "parameter '\(key())'" }, vendor: "GA4") {
      issues.append(issue)
    }
  case .date:
    if let issue = ValidationRules.dateIssue(
      value, path: { "parameter '\(key())'" }, encoding: .microsecondsSince1970, vendor: "GA4")
    {
      issues.append(issue)
    }
  case let .string(string):
    if ValidationRules.hasMoreScalars(string, than: GoogleAnalyticsLimits.paramValueLength) {
      issues.append(
        issue(
          "param-value-length",
          "parameter '\(key())' has a value of \(string.unicodeScalars.count) characters; GA4 keeps at most \(GoogleAnalyticsLimits.paramValueLength)"
        ))
    }
  case let .array(items) where key() == "items":
    checkItems(items, ordered: ordered, into: &issues)
  case .bool, .null, .array, .object:
    issues.append(
      issue(
        "param-value-type",
        "parameter '\(key())' is \(kindName(value)); GA4 parameters are strings or numbers (only 'items' is a list of objects). To send it, convert it (a Boolean to 1 or 0, a list to a string)"
      ))
  }
}

/// The ecommerce `items` parameter: at most 200 objects of string or number values.
private func checkItems(_ items: [PropertyValue], ordered: Bool, into issues: inout [ValidationIssue]) {
  if items.count > GoogleAnalyticsLimits.items {
    issues.append(
      issue("items-count", "'items' has \(items.count) entries; GA4 keeps at most \(GoogleAnalyticsLimits.items)"))
  }
  for (index, item) in items.enumerated() {
    guard let members = item.objectValue else {
      issues.append(issue("items-type", "'items'[\(index)] is \(kindName(item)); each item is an object"))
      continue
    }
    ValidationRules.forEachMember(of: members, ordered: ordered) { key, value in
      checkName(key, kind: "item parameter name", rule: "param-name", into: &issues)
      checkParamValue(value, key: { "items[\(index)].\(key)" }, ordered: ordered, into: &issues)
    }
  }
}

private func checkUserPropertyName(_ name: String, into issues: inout [ValidationIssue]) {
  if name.isEmpty {
    issues.append(issue("user-property-name-empty", "user property name is empty"))
    return
  }
  if ValidationRules.hasMoreScalars(name, than: GoogleAnalyticsLimits.userPropertyNameLength) {
    issues.append(
      issue(
        "user-property-name-length",
        "user property name '\(name)' has \(name.unicodeScalars.count) characters; GA4 accepts at most \(GoogleAnalyticsLimits.userPropertyNameLength)"
      ))
  }
  if GoogleAnalyticsLimits.reservedUserPropertyNames.contains(name) {
    issues.append(issue("user-property-name-reserved", "user property name '\(name)' is reserved by GA4"))
  }
  if let prefix = GoogleAnalyticsLimits.reservedUserPropertyPrefixes.first(where: { ValidationRules.hasPrefix(name, $0) }) {
    issues.append(
      issue("user-property-name-reserved-prefix", "user property name '\(name)' starts with '\(prefix)', which GA4 reserves"))
  }
  if let bad = firstInvalidCharacter(in: name) {
    issues.append(
      issue(
        "user-property-name-characters",
        "user property name '\(name)' has '\(bad)'; names are letters, digits and underscores, starting with a letter"
      ))
  }
}

private func checkUserPropertyValue(_ value: PropertyValue, name: String, into issues: inout [ValidationIssue]) {
  switch value {
  case .int:
    break
  case .double:
    if let issue = ValidationRules.nonFiniteNumberIssue(value, path: { "user property '\(name)'" }, vendor: "GA4") {
      issues.append(issue)
    }
  case let .string(string):
    if ValidationRules.hasMoreScalars(string, than: GoogleAnalyticsLimits.userPropertyValueLength) {
      issues.append(
        issue(
          "user-property-value-length",
          "user property '\(name)' has a value of \(string.unicodeScalars.count) characters; GA4 keeps at most \(GoogleAnalyticsLimits.userPropertyValueLength)"
        ))
    }
  case .bool, .date, .null, .array, .object:
    issues.append(
      issue(
        "user-property-value-type",
        "user property '\(name)' is \(kindName(value)); GA4 user properties are strings or numbers"
      ))
  }
}

func kindName(_ value: PropertyValue) -> String {
  switch value {
  case .string: "a string"
  case .int: "an integer"
  case .double: "a number"
  case .bool: "a Boolean"
  case .date: "a date"
  case .array: "a list"
  case .object: "an object"
  case .null: "null"
  }
}

private func isList(_ value: PropertyValue) -> Bool {
  if case .array = value { true } else { false }
}
