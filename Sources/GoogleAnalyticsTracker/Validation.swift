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
/// parameters of its own, 24 if it sets one of the two, 25 if
/// both.
///
/// The one rule this can't check is the count of user properties (at most 25 per request), which depends
/// on the properties set before; the live environment checks it when a new property arrives.
///
/// A standard event is also checked against the rules every vendor applies alike
/// (``Trackers/StandardEvent/issues(vendor:)``: amounts, quantities, currency codes, order ids).
public func googleAnalyticsIssues(for data: AnalyticsData) -> [ValidationIssue] {
  googleAnalyticsIssues(googleAnalyticsEvent(for: data), source: data)
}

/// GA4's rules for `event`, mapped from `source`: the vendor rules, the neutral rules of a standard event
/// first.
func googleAnalyticsIssues(_ event: GoogleAnalyticsEvent, source: AnalyticsData) -> [ValidationIssue] {
  let issues = googleAnalyticsIssues(event)
  guard case let .standard(standard, _) = source else { return issues }
  return standard.issues(vendor: "GA4") + issues
}

/// Checks a GA4 event against the Measurement Protocol's rules; see ``googleAnalyticsIssues(for:)``.
package func googleAnalyticsIssues(_ event: GoogleAnalyticsEvent) -> [ValidationIssue] {
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
  case let .userProperties(properties), let .signIn(_, properties):
    let tooDeep = ValidationRules.appendDepthIssues(
      of: properties, path: { "user property '\($0)'" }, ordered: ordered, vendor: "GA4", into: &issues)
    if tooDeep { return }
  case .userId, .alias, .unsupported:
    break
  }
  switch event {
  case let .event(name, params):
    checkName(name, kind: "event name", rule: "event-name", into: &issues)
    if GoogleAnalyticsLimits.reservedEventNames.contains(name) {
      issues.append(issue("event-name-reserved", "event name '\(name)' is reserved by GA4; use a name of your own"))
    }
    checkParamCount(params, name: name, into: &issues)
    var value: PropertyValue?
    var hasCurrency = false
    ValidationRules.forEachMember(of: params, ordered: ordered) { key, member in
      // Compared only for keys of their lengths: no hashing on the common path.
      switch key.utf8.count {
      case 5 where key == "value": value = member
      case 8 where key == "currency": hasCurrency = true
      default: break
      }
      checkName(key, kind: "parameter name", rule: "param-name", into: &issues)
      if key == "items", !isList(member) {
        // GA4 reads `items` as the ecommerce item list whatever the event: a count there is lost.
        issues.append(
          issue(
            "items-type",
            "parameter 'items' is \(kindName(member)); GA4 reserves 'items' for the ecommerce list of item objects. "
              + "To fix this, send a list of items, or rename the parameter (a count: 'item_count')"))
        return
      }
      checkParamValue(member, key: { key }, ordered: ordered, into: &issues)
    }
    if let value, GoogleAnalyticsLimits.monetaryEventNames.contains(name) {
      checkMonetaryValue(value, hasCurrency: hasCurrency, name: name, into: &issues)
    }
  case let .userProperty(name, value):
    checkUserPropertyName(name, into: &issues)
    checkUserPropertyValue(value, name: name, into: &issues)
  case let .userProperties(properties), let .signIn(_, properties):
    // A sign-in's id as `.userId`'s.
    if case let .signIn(userId, _) = event { check(.userId(userId), ordered: ordered, into: &issues) }
    // An empty set changes nothing and is no error (the Firebase SDK has no bulk call to refuse it); a
    // `.null` member clears its property, so only the others count towards the 25.
    let setting = properties.values.reduce(0) { count, value in isNull(value) ? count : count + 1 }
    if setting > GoogleAnalyticsLimits.userProperties {
      let cleared = properties.count - setting
      issues.append(
        issue(
          "user-property-count",
          "the set has \(setting) user properties\(cleared > 0 ? " (and clears \(cleared))" : ""); GA4 keeps at most "
            + "\(GoogleAnalyticsLimits.userProperties) per request, \(setting - GoogleAnalyticsLimits.userProperties) over. "
            + "To fix this, send fewer user properties to GA4"))
    }
    ValidationRules.forEachMember(of: properties, ordered: ordered) { name, value in
      checkUserPropertyName(name, into: &issues)
      checkUserPropertyValue(value, name: name, into: &issues)
    }
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
  case .userId(nil), .alias:
    break
  case let .unsupported(operation):
    issues.append(unsupportedIssue(operation))
  }
}

/// The refusal of an operation GA4 has no form of, naming its rule and what to do instead.
private func unsupportedIssue(_ operation: GoogleAnalyticsEvent.Unsupported) -> ValidationIssue {
  switch operation {
  case let .profile(operation):
    let instead =
      switch operation {
      case .setOnce, .increment, .append, .prepend, .union, .remove:
        "compute the new value in the app and set it with .userProperty(name: \"\(operation.name)\", value: ...)"
      case .unset:
        "map it with googleAnalyticsEvent(for:), which clears it as .userProperty(name: \"\(operation.name)\", value: .null)"
      }
    return issue(
      "profile-operation-unsupported",
      "GA4 user properties can only be set: '\(operation.operationName)' of user property '\(operation.name)' "
        + "has no GA4 form, and is not sent as a plain set. To fix this, \(instead), or leave GA4 out of this operation")
  case let .group(type, key, _):
    return issue(
      "group-unsupported",
      "GA4 has no groups: group '\(type)' = '\(key)' has no GA4 form. To fix this, set a user property "
        + "(.userProperty(name: \"\(type)\", value: \"\(key)\")), which every later request carries and "
        + "reports can break down by, or leave GA4 out of this operation")
  case let .superProperties(operation):
    return issue(
      "handled-by-pipeline",
      "super-property change '\(operation)' is applied by the tracker's pipeline, never mapped. To fix this, "
        + "track it through googleAnalyticsTracker instead of sending googleAnalyticsEvent(for:)'s result")
  case let .timeEvent(name):
    return issue(
      "handled-by-pipeline",
      "timer for '\(name)' is started by the tracker's pipeline, never mapped. To fix this, track it through "
        + "googleAnalyticsTracker instead of sending googleAnalyticsEvent(for:)'s result")
  case .reset:
    return issue(
      "handled-by-pipeline",
      "a reset is applied by the tracker's pipeline, never mapped. To fix this, track it through "
        + "googleAnalyticsTracker instead of sending googleAnalyticsEvent(for:)'s result")
  }
}

/// The `value` of an ecommerce recommended event: a number, with `currency` beside it ("If you set value
/// then currency is required for revenue metrics to be computed accurately"; developers.google.com/
/// analytics/devguides/collection/ga4/reference/events), and not negative (a refund is `refund`).
private func checkMonetaryValue(
  _ value: PropertyValue, hasCurrency: Bool, name: String, into issues: inout [ValidationIssue]
) {
  let isNegative =
    switch value {
    case let .int(number): number < 0
    case let .double(number): number < 0
    default: false
    }
  if isNegative {
    issues.append(
      issue(
        "value-negative",
        "event '\(name)' has value \(value); GA4 adds an ecommerce event's value to revenue, so it is not "
          + "negative. To fix this, send the amount as a positive number (a refund is the 'refund' event)"))
  }
  if !hasCurrency {
    issues.append(
      issue(
        "value-needs-currency",
        "event '\(name)' has a value but no 'currency'; GA4 needs the currency to count the value as revenue. "
          + "To fix this, add 'currency' (an ISO 4217 code such as \"EUR\"; for a product event, set Product.currency)"))
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
  if breaksNoNameRule(name) { return }
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

/// The ASCII bytes a reserved prefix starts with, as bits (bit `b` of `low` for byte `b` < 64, of `high`
/// for `b - 64`): one test per name, where the set's lookup hashed the byte.
private let reservedPrefixStartBits: (low: UInt64, high: UInt64) = reservedPrefixStarts.reduce((0, 0)) { bits, byte in
  switch byte {
  case 0..<64: (bits.0 | 1 << UInt64(byte), bits.1)
  case 64..<128: (bits.0, bits.1 | 1 << UInt64(byte - 64))
  default: bits
  }
}

/// Whether `name` breaks none of ``checkName(_:kind:rule:into:)``'s rules, decided in one pass over its
/// bytes: 1 to 40 bytes of `[A-Za-z][A-Za-z0-9_]*` (ASCII, so each byte is a character), whose first byte
/// starts no reserved prefix. Every name of every event comes here, and nearly all pass; `false` only
/// sends a name to the rule-by-rule checks, which name what it breaks (issue 41: the four checks cost
/// `track` about 400 instructions a name).
private func breaksNoNameRule(_ name: String) -> Bool {
  if reservedPrefixesNeedEveryName { return false }
  return name.utf8.withContiguousStorageIfAvailable { bytes in
    guard let first = bytes.first, bytes.count <= GoogleAnalyticsLimits.nameLength, first < 128 else { return false }
    let bits = reservedPrefixStartBits
    let reserved = first < 64 ? bits.low >> UInt64(first) & 1 : bits.high >> UInt64(first - 64) & 1
    return reserved == 0 && isValidName(bytes)
  } ?? false
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

private func isASCIIDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
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
  return name.withUTF8(isValidName(_:))
}

/// Whether `bytes` are `[A-Za-z][A-Za-z0-9_]*` (empty bytes are too: the length rule refuses those).
private func isValidName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let first = bytes.first else { return true }
  guard isASCIILetter(first) else { return false }
  return !bytes.dropFirst().contains { !(isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "_")) }
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
    var customParams = 0
    ValidationRules.forEachMember(of: members, ordered: ordered) { key, value in
      if !GoogleAnalyticsLimits.itemParams.contains(key) { customParams += 1 }
      checkName(key, kind: "item parameter name", rule: "param-name", into: &issues)
      checkParamValue(value, key: { "items[\(index)].\(key)" }, ordered: ordered, into: &issues)
    }
    if members["item_id"] == nil, members["item_name"] == nil {
      issues.append(
        issue(
          "items-id",
          "'items'[\(index)] has neither 'item_id' nor 'item_name'; GA4 needs one of them. To fix this, add the "
            + "item's id"))
    }
    if customParams > GoogleAnalyticsLimits.itemCustomParams {
      issues.append(
        issue(
          "items-custom-params",
          "'items'[\(index)] has \(customParams) parameters of its own; GA4 takes at most "
            + "\(GoogleAnalyticsLimits.itemCustomParams) besides the documented item parameters. To fix this, "
            + "remove \(customParams - GoogleAnalyticsLimits.itemCustomParams)"))
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

/// A string of at most 36 characters or a finite number; `.null` clears the property, as the Firebase SDK's
/// `setUserProperty(nil, forName:)` does.
private func checkUserPropertyValue(_ value: PropertyValue, name: String, into issues: inout [ValidationIssue]) {
  switch value {
  case .int, .null:
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
  case .bool, .date, .array, .object:
    issues.append(
      issue(
        "user-property-value-type",
        "user property '\(name)' is \(kindName(value)); GA4 user properties are strings or numbers (null clears one)"
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

private func isNull(_ value: PropertyValue) -> Bool {
  if case .null = value { true } else { false }
}

private func isList(_ value: PropertyValue) -> Bool {
  if case .array = value { true } else { false }
}
