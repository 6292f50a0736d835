import Foundation
import Trackers
import TrackersDelivery

/// `data` repaired the way the Firebase SDK (and GA4's collection) treats the same input, for an event
/// ``googleAnalyticsIssues(for:)`` found issues with: the parts GA4 would not keep are left out, the rest is
/// sent (RulesAndTheOfficialSDK.md has the table).
///
/// - A parameter (or an item's parameter) with an invalid or reserved name, a string value over 100
///   characters, a null, list or object value, a number that is not finite or a date out of range is
///   dropped, as Firebase drops it (error codes 3, 4 and 14); a Boolean is sent as 1 or 0, as the SDK sends
///   a Swift `Bool`. `items` that is not a list is dropped, an entry of it that is not an object too, and a
///   list of more than 200 keeps its first 200. The parameters past 25 are dropped (code 5): the session
///   parameters and those the mapping sets (`screen_name`, a recommended event's fields) are kept first,
///   then the app's own in key order.
/// - A user property with an invalid or reserved name, a string value over 36 characters or a number that
///   is not finite is not set (codes 6, 7, 15); the others of a set are. A set of more than 25 sets the
///   first 25 in name order (code 9; the count against the stored properties is the live environment's).
///   A `.userProperty` or a set left with nothing to set becomes an empty `.userProperties`, which changes
///   nothing.
/// - Items without `item_id` or `item_name`, items with more than 27 parameters of their own, and a
///   negative `value` or one without `currency` on an ecommerce event are sent as they are: the SDK does
///   not check them (their rule ids are in `sentAsIs`).
///
/// The rest is left as it is, for the pipeline to refuse: the event's name, a value nested too deep (the
/// whole event is left then), a user property of another type (whatever else it breaks), a user id, the
/// operations GA4 has no form of, and a standard event's own fields when it breaks the rules every vendor
/// applies (``Trackers/StandardEvent/issues(vendor:)``). Firebase's `firebase_error` marker parameters are
/// never added: the Measurement Protocol reserves their names.
///
/// `repairs` has one issue per rule that fired (by rule id), naming every member it changed; running
/// ``googleAnalyticsIssues(for:)`` on the result finds nothing but the rules in `sentAsIs`, or else a rule
/// that refuses the event (beside which a part left whole may break a repairable rule too). The result maps (``googleAnalyticsEvent(for:)``) to the repaired GA4 event: an event keeps
/// its case, but a screen whose `screen_name` or a standard event whose own field had to go becomes the
/// `.event` it maps to.
///
/// <!-- snippet: not compiled: a sketch, the repaired value in a comment (the module's RepairTests pins the exact repairs) -->
/// ```swift
/// googleAnalyticsRepaired(.event(name: "share", properties: ["method": "sms", "Item Id": "a1", "new": true]))
/// // data: .event(name: "share", properties: ["method": "sms", "new": 1])
/// // repairs: [param-name-characters: parameter 'Item Id' dropped, param-value-type: parameter 'new' ... sent as 1]
/// ```
package func googleAnalyticsRepaired(
  _ data: AnalyticsData
) -> (data: AnalyticsData, repairs: [ValidationIssue], sentAsIs: Set<String>) {
  let event = googleAnalyticsEvent(for: data)
  let issues = googleAnalyticsIssues(event, source: data)
  // A value too deep is refused alone, and the walks below would descend into it.
  guard !issues.isEmpty, !issues.contains(where: { $0.rule == "property-depth" }) else { return (data, [], []) }
  let fired = Set(issues.map(\.rule))
  var log = RepairLog()
  let repaired: AnalyticsData
  switch event {
  case let .event(name, params):
    repaired = repairedEvent(data, name: name, params: params, fired: fired, log: &log)
  case let .userProperty(name, value):
    repaired = repairedUserProperty(data, name: name, value: value, log: &log)
  case let .userProperties(properties):
    repaired = repairedUserProperties(data, properties, fired: fired, log: &log)
  case let .signIn(userId, properties):
    // The traits as `.userProperties`'; the sign-in holds with whatever is left of them.
    let set = AnalyticsData.userProperties(properties)
    guard case let .userProperties(kept) = repairedUserProperties(set, properties, fired: fired, log: &log) else {
      return (data, [], [])
    }
    repaired = kept == properties ? data : .signIn(userId: userId, traits: kept)
  case .userId, .alias, .unsupported:
    return (data, [], [])
  }
  return (repaired, log.issues, log.sentAsIs)
}

// MARK: - Events

private func repairedEvent(
  _ data: AnalyticsData, name: String, params original: [String: PropertyValue], fired: Set<String>,
  log: inout RepairLog
) -> AnalyticsData {
  let source = EventSource(data)
  var params = original
  var changed = false
  for key in original.keys.sorted() where source.mayRepair(key) {
    guard let value = original[key] else { continue }
    let fate = paramFate(key, value, log: &log)
    if case .keep = fate { continue }
    params[key] = fate.value
    changed = true
  }
  if limitParamCount(&params, name: name, given: original.count, source: source, fired: fired, log: &log) {
    changed = true
  }
  recordSentAsIs(name: name, params: params, log: &log)
  return changed ? source.rebuilt(data, name: name, params: params, original: original) : data
}

/// What becomes of one parameter or item parameter.
private enum Fate {
  case keep
  case drop
  case replace(PropertyValue)

  var value: PropertyValue? {
    if case let .replace(value) = self { value } else { nil }
  }
}

/// The fate of the event's parameter `key`, each rule it breaks recorded.
private func paramFate(_ key: String, _ value: PropertyValue, log: inout RepairLog) -> Fate {
  let label = "parameter '\(key)'"
  if key == "items" {
    // GA4 reads `items` as the ecommerce list whatever the event's name (a valid name).
    guard case let .array(items) = value else {
      log.record("items-type", "\(label) (\(kindName(value)))")
      return .drop
    }
    return repairedItems(items, log: &log).map(Fate.replace) ?? .keep
  }
  let badName = recordNameProblems(key, label: label, log: &log)
  return valueFate(value, label: label, dropped: badName, log: &log)
}

/// The fate of a scalar parameter value: `dropped` when its name already drops it.
private func valueFate(_ value: PropertyValue, label: String, dropped: Bool, log: inout RepairLog) -> Fate {
  guard let problem = valueProblem(value) else { return dropped ? .drop : .keep }
  if let replacement = problem.replacement, !dropped {
    log.record(problem.rule, "\(label) (\(problem.detail), sent as \(replacement))")
    return .replace(replacement)
  }
  log.record(problem.rule, "\(label) (\(problem.detail)\(problem.rule == "param-value-type" ? ", dropped" : ""))")
  return .drop
}

/// The rule a parameter value breaks, a fact for the message, and what is sent instead (else it is dropped).
private func valueProblem(_ value: PropertyValue) -> (rule: String, detail: String, replacement: PropertyValue?)? {
  switch value {
  case .int:
    return nil
  case let .double(number):
    return number.isFinite ? nil : ("property-value-number", "\(number)", nil)
  case let .date(date):
    guard !VendorJSON.DateFormat.microsecondsSince1970.canEncode(date) else { return nil }
    return ("property-value-date", "a date \(date.timeIntervalSince1970) seconds from 1970", nil)
  case let .string(string):
    guard ValidationRules.hasMoreScalars(string, than: GoogleAnalyticsLimits.paramValueLength) else { return nil }
    return ("param-value-length", "\(string.unicodeScalars.count) characters", nil)
  case let .bool(flag):
    return ("param-value-type", "a Boolean", .int(flag ? 1 : 0))
  case .null, .array, .object:
    return ("param-value-type", kindName(value), nil)
  }
}

/// Records the `param-name-…` rules `name` breaks, as validation's `checkName` finds them; returns whether
/// there was one.
private func recordNameProblems(_ name: String, label: String, log: inout RepairLog) -> Bool {
  if name.isEmpty {
    log.record("param-name-empty", label)
    return true
  }
  var broken = false
  if ValidationRules.hasMoreScalars(name, than: GoogleAnalyticsLimits.nameLength) {
    log.record("param-name-length", "\(label) (\(name.unicodeScalars.count) characters)")
    broken = true
  }
  if let prefix = GoogleAnalyticsLimits.reservedPrefixes.first(where: { ValidationRules.hasPrefix(name, $0) }) {
    log.record("param-name-reserved-prefix", "\(label) ('\(prefix)')")
    broken = true
  }
  if let bad = firstInvalidCharacter(in: name) {
    log.record("param-name-characters", "\(label) ('\(bad)')")
    broken = true
  }
  return broken
}

/// `items` repaired, or `nil` when it breaks no rule: the first 200 entries, each an object whose
/// parameters break no rule (a Boolean as 1 or 0).
private func repairedItems(_ items: [PropertyValue], log: inout RepairLog) -> PropertyValue? {
  var changed = false
  var kept = items[...]
  if items.count > GoogleAnalyticsLimits.items {
    kept = items.prefix(GoogleAnalyticsLimits.items)
    log.state(
      "items-count",
      "'items' cut to its first \(GoogleAnalyticsLimits.items) entries, \(items.count - GoogleAnalyticsLimits.items) "
        + "of its \(items.count) dropped (rule items-count): GA4 does not process the items past "
        + "\(GoogleAnalyticsLimits.items) of an event (support.google.com/analytics/answer/9267744)")
    changed = true
  }
  var repaired: [PropertyValue] = []
  repaired.reserveCapacity(kept.count)
  for (index, item) in kept.enumerated() {
    guard case let .object(members) = item else {
      log.record("items-type", "'items'[\(index)] (\(kindName(item)))")
      changed = true
      continue
    }
    var object = members
    for key in members.keys.sorted() {
      guard let value = members[key] else { continue }
      let label = "'items'[\(index)].\(key)"
      let badName = recordNameProblems(key, label: label, log: &log)
      let fate = valueFate(value, label: label, dropped: badName, log: &log)
      if case .keep = fate { continue }
      object[key] = fate.value
      changed = true
    }
    repaired.append(.object(object))
  }
  return changed ? .array(repaired) : nil
}

/// Drops the parameters past GA4's 25 (counting the session parameters the live environment adds): the
/// session parameters and `source`'s own fields stay, then the others in key order. Returns whether it
/// dropped any. `given` is the count before the other repairs, for the message when those were enough.
private func limitParamCount(
  _ params: inout [String: PropertyValue], name: String, given: Int, source: EventSource, fired: Set<String>,
  log: inout RepairLog
) -> Bool {
  let session = [GoogleAnalyticsNames.sessionId, GoogleAnalyticsNames.engagementTime]
  let added = session.filter { params[$0] == nil }
  let limit = GoogleAnalyticsLimits.paramsPerEvent - added.count
  let adding = added.isEmpty ? "" : ", with the \(added.joined(separator: " and ")) the live environment adds"
  guard params.count > limit else {
    if fired.contains("param-count") {
      log.state(
        "param-count",
        "event '\(name)' had \(given) parameters\(adding); with the parameters dropped for the other rules it has "
          + "\(params.count + added.count), within GA4's \(GoogleAnalyticsLimits.paramsPerEvent) (rule param-count)")
    }
    return false
  }
  let first = session.filter { params[$0] != nil } + source.fixedKeys.filter { params[$0] != nil }
  let firstSet = Set(first)
  let order = first + params.keys.filter { !firstSet.contains($0) }.sorted()
  let dropped = order.dropFirst(limit)
  for key in dropped { params[key] = nil }
  log.state(
    "param-count",
    "event '\(name)' had \(given) parameters\(adding); \(dropped.count) dropped to keep GA4's "
      + "\(GoogleAnalyticsLimits.paramsPerEvent) (rule param-count): "
      + dropped.sorted().map { "'\($0)'" }.joined(separator: ", ") + ". The session parameters and the event's "
      + "own fields are kept first, then its properties in key order; Firebase Analytics drops the extra "
      + "parameters the same way (error code 5)")
  return true
}

/// Records the rules the SDK does not check, which the repaired event still breaks: it is sent as it is.
private func recordSentAsIs(name: String, params: [String: PropertyValue], log: inout RepairLog) {
  if case let .array(items)? = params["items"] {
    for (index, item) in items.enumerated() {
      guard case let .object(members) = item else { continue }
      if members["item_id"] == nil, members["item_name"] == nil {
        log.pass("items-id", "'items'[\(index)]")
      }
      let custom = members.keys.count(where: { !GoogleAnalyticsLimits.itemParams.contains($0) })
      if custom > GoogleAnalyticsLimits.itemCustomParams {
        log.pass("items-custom-params", "'items'[\(index)] (\(custom))")
      }
    }
  }
  guard let value = params["value"], GoogleAnalyticsLimits.monetaryEventNames.contains(name) else { return }
  let isNegative =
    switch value {
    case let .int(number): number < 0
    case let .double(number): number < 0
    default: false
    }
  if isNegative {
    log.pass("value-negative", "event '\(name)' has value \(value)")
  }
  if params["currency"] == nil {
    log.pass("value-needs-currency", "event '\(name)'")
  }
}

/// Which parameters of the mapped event the event itself sets rather than its properties, and how to
/// write the repaired parameters back as vocabulary that maps to them.
private struct EventSource {
  /// The parameters ``googleAnalyticsEvent(for:)`` sets from the event's own fields, sorted.
  let fixedKeys: [String]
  /// `false` for a standard event breaking the neutral rules: it is refused, and its own fields can't be
  /// changed without dropping those rules, so they are left.
  let fixedRepairable: Bool

  init(_ data: AnalyticsData) {
    switch data {
    case .screen:
      fixedKeys = [GoogleAnalyticsNames.screenName]
      fixedRepairable = true
    case .error:
      fixedKeys = [GoogleAnalyticsNames.errorMessage]
      fixedRepairable = true
    case let .standard(event, _):
      if case let .event(_, own) = googleAnalyticsEvent(for: .standard(event)) {
        fixedKeys = own.keys.sorted()
      } else {
        fixedKeys = []
      }
      fixedRepairable = event.issues(vendor: "GA4").isEmpty
    case let .lifecycle(event):
      fixedKeys = event.properties.keys.sorted()
      fixedRepairable = true
    default:
      fixedKeys = []
      fixedRepairable = true
    }
  }

  func mayRepair(_ key: String) -> Bool {
    fixedRepairable || !fixedKeys.contains(key)
  }

  /// `data` with `params` in place of the parameters it mapped to (`original`).
  func rebuilt(
    _ data: AnalyticsData, name: String, params: [String: PropertyValue], original: [String: PropertyValue]
  ) -> AnalyticsData {
    let fixedKept = fixedKeys.allSatisfy { params[$0] == original[$0] }
    /// The properties that map to `params`: a property the mapping overrides is kept as it was.
    func properties(_ given: AnalyticsData.Properties) -> AnalyticsData.Properties {
      var properties = params
      for key in fixedKeys { properties[key] = given[key] }
      return properties
    }
    switch data {
    case let .screen(screen, given) where fixedKept:
      return .screen(name: screen, properties: properties(given))
    case let .error(message, given) where fixedKept:
      return .error(message: message, properties: properties(given))
    case let .standard(event, given) where fixedKept:
      return .standard(event, properties: properties(given))
    case let .lifecycle(event):
      return .lifecycle(event.keeping(params))
    default:
      // An event, or a screen or standard event whose own field went: the event it maps to.
      return .event(name: name, properties: params)
    }
  }
}

extension LifecycleEvent {
  /// The event with the fields whose parameters are not in `params` left out.
  fileprivate func keeping(_ params: [String: PropertyValue]) -> LifecycleEvent {
    func field(_ key: String) -> String? {
      if case let .string(text)? = params[key] { text } else { nil }
    }
    return switch self {
    case .installed: .installed(version: field("version"), build: field("build"))
    case .updated:
      .updated(
        previousVersion: field("previous_version"), previousBuild: field("previous_build"), version: field("version"),
        build: field("build"))
    case let .opened(fromBackground, _, _): .opened(fromBackground: fromBackground, version: field("version"), build: field("build"))
    case .backgrounded: .backgrounded
    }
  }
}

// MARK: - User properties

/// A user property that breaks a rule is not set: an empty set in its place. One of a type GA4 has no form
/// of is left, to be refused.
private func repairedUserProperty(
  _ data: AnalyticsData, name: String, value: PropertyValue, log: inout RepairLog
) -> AnalyticsData {
  if isRefusedType(value) { return data }
  return recordUserPropertyProblems(name, value, log: &log) ? .userProperties([:]) : data
}

/// The set without the members that break a rule, and at most 25 that set a value (the first in name
/// order; those GA4 has no form of always stay, to be refused).
private func repairedUserProperties(
  _ data: AnalyticsData, _ properties: [String: PropertyValue], fired: Set<String>, log: inout RepairLog
) -> AnalyticsData {
  var kept = properties
  var changed = false
  let names = properties.keys.sorted()
  for name in names {
    guard let value = properties[name], !isRefusedType(value) else { continue }
    if recordUserPropertyProblems(name, value, log: &log) {
      kept[name] = nil
      changed = true
    }
  }
  let setting = names.filter { name in kept[name].map { !isNull($0) } ?? false }
  let limit = GoogleAnalyticsLimits.userProperties
  if setting.count > limit {
    // Those GA4 has no form of are refused with the set: never dropped here.
    let refused = setting.filter { kept[$0].map(isRefusedType) ?? false }
    let order = refused + setting.filter { !(kept[$0].map(isRefusedType) ?? false) }
    let dropped = order.dropFirst(limit)
    for name in dropped { kept[name] = nil }
    changed = true
    log.state(
      "user-property-count",
      "user properties \(dropped.sorted().map { "'\($0)'" }.joined(separator: ", ")) not set: the set had "
        + "\(setting.count) to set, and GA4 keeps at most \(limit) per request; the first \(limit) in name order "
        + "are set (rule user-property-count). Firebase Analytics ignores the changes past \(limit) the same way "
        + "(error code 9)")
  } else if fired.contains("user-property-count") {
    log.state(
      "user-property-count",
      "the set had more than \(limit) user properties to set; with those not set for the other rules it has "
        + "\(setting.count), within GA4's \(limit) (rule user-property-count)")
  }
  return changed ? .userProperties(kept) : data
}

/// Records the rules a user property breaks (its name, a string too long, a number that is not finite);
/// returns whether there was one.
private func recordUserPropertyProblems(_ name: String, _ value: PropertyValue, log: inout RepairLog) -> Bool {
  let label = "user property '\(name)'"
  var broken = false
  func record(_ rule: String, _ member: String) {
    log.record(rule, member)
    broken = true
  }
  if name.isEmpty {
    record("user-property-name-empty", label)
  } else {
    if ValidationRules.hasMoreScalars(name, than: GoogleAnalyticsLimits.userPropertyNameLength) {
      record("user-property-name-length", "\(label) (\(name.unicodeScalars.count) characters)")
    }
    if GoogleAnalyticsLimits.reservedUserPropertyNames.contains(name) {
      record("user-property-name-reserved", label)
    }
    if let prefix = GoogleAnalyticsLimits.reservedUserPropertyPrefixes.first(where: { ValidationRules.hasPrefix(name, $0) }) {
      record("user-property-name-reserved-prefix", "\(label) ('\(prefix)')")
    }
    if let bad = firstInvalidCharacter(in: name) {
      record("user-property-name-characters", "\(label) ('\(bad)')")
    }
  }
  switch value {
  case let .double(number) where !number.isFinite:
    record("property-value-number", "\(label) (\(number))")
  case let .string(string) where ValidationRules.hasMoreScalars(string, than: GoogleAnalyticsLimits.userPropertyValueLength):
    record("user-property-value-length", "\(label) (\(string.unicodeScalars.count) characters)")
  default:
    break
  }
  return broken
}

/// A user property value GA4 has no form of (rule user-property-value-type): refused, not repaired.
private func isRefusedType(_ value: PropertyValue) -> Bool {
  switch value {
  case .bool, .date, .array, .object: true
  case .int, .double, .string, .null: false
  }
}

private func isNull(_ value: PropertyValue) -> Bool {
  if case .null = value { true } else { false }
}

// MARK: - The issues

/// The members each rule changed, in the order found, and the rules sent as they are.
private struct RepairLog {
  private var members: [String: [String]] = [:]
  private var messages: [String: String] = [:]
  private(set) var sentAsIs: Set<String> = []

  /// `member` changed for `rule`; the message names all of a rule's members.
  mutating func record(_ rule: String, _ member: String) {
    members[rule, default: []].append(member)
  }

  /// The whole message of a rule applied once.
  mutating func state(_ rule: String, _ message: String) {
    messages[rule] = message
  }

  /// `member` breaks `rule` and is sent as it is.
  mutating func pass(_ rule: String, _ member: String) {
    members[rule, default: []].append(member)
    sentAsIs.insert(rule)
  }

  /// One issue per rule, by rule id.
  var issues: [ValidationIssue] {
    Set(members.keys).union(messages.keys).sorted().map { rule in
      ValidationIssue(vendor: "GA4", rule: rule, message: messages[rule] ?? message(rule, members[rule] ?? []))
    }
  }
}

private func message(_ rule: String, _ members: [String]) -> String {
  let list = members.joined(separator: ", ")
  let marker = "without the firebase_error marker, a name the Measurement Protocol reserves"
  switch rule {
  case "param-name-empty":
    return "\(list) dropped: parameter names are 1 to \(GoogleAnalyticsLimits.nameLength) characters (rule "
      + "param-name-empty); Firebase Analytics drops such a parameter (error code 3), here \(marker)"
  case "param-name-length":
    return "\(list) dropped: GA4 takes parameter names of at most \(GoogleAnalyticsLimits.nameLength) characters "
      + "(rule param-name-length); Firebase Analytics drops such a parameter (error code 3), here \(marker)"
  case "param-name-characters":
    return "\(list) dropped: parameter names are letters, digits and underscores, starting with a letter (rule "
      + "param-name-characters); Firebase Analytics drops such a parameter (error code 3), here \(marker)"
  case "param-name-reserved-prefix":
    return "\(list) dropped: GA4 reserves parameter names starting with "
      + GoogleAnalyticsLimits.reservedPrefixes.map { "'\($0)'" }.joined(separator: ", ")
      + " (rule param-name-reserved-prefix); Firebase Analytics drops such a parameter (error code 14), here \(marker)"
  case "items-type":
    return "\(list) dropped: GA4 reads 'items' as the ecommerce list of item objects (rule items-type), the only "
      + "list the Firebase SDK takes. To keep it, send a list of items, or rename a count to 'item_count'"
  case "param-value-length":
    return "\(list) dropped: GA4 keeps string values of at most \(GoogleAnalyticsLimits.paramValueLength) "
      + "characters (rule param-value-length); Firebase Analytics drops such a parameter the same way, without "
      + "cutting it (error code 4)"
  case "param-value-type":
    return "\(list): GA4 parameters are strings or numbers (rule param-value-type); a Boolean is sent as 1 or 0, "
      + "as the Firebase SDK sends a Swift Bool, and a null, a list or an object is dropped, since the SDK takes "
      + "only strings and numbers (and 'items')"
  case "property-value-number":
    return "\(list) left out: JSON cannot carry a number that is not finite (rule property-value-number)"
  case "property-value-date":
    return "\(list) left out: GA4 takes dates as microseconds since 1970 that fit a 64-bit integer (rule property-value-date)"
  case "user-property-name-empty", "user-property-name-length", "user-property-name-characters":
    let what =
      switch rule {
      case "user-property-name-empty": "user property names are 1 to \(GoogleAnalyticsLimits.userPropertyNameLength) characters"
      case "user-property-name-length": "GA4 takes user property names of at most \(GoogleAnalyticsLimits.userPropertyNameLength) characters"
      default: "user property names are letters, digits and underscores, starting with a letter"
      }
    return "\(list) not set: \(what) (rule \(rule)); Firebase Analytics ignores that change the same way (error code 6)"
  case "user-property-name-reserved":
    return "\(list) not set: GA4 reserves the name (rule user-property-name-reserved); Firebase Analytics ignores "
      + "that change the same way (error code 15)"
  case "user-property-name-reserved-prefix":
    return "\(list) not set: GA4 reserves user property names starting with "
      + GoogleAnalyticsLimits.reservedUserPropertyPrefixes.map { "'\($0)'" }.joined(separator: ", ")
      + " (rule user-property-name-reserved-prefix); Firebase Analytics ignores that change the same way (error code 15)"
  case "user-property-value-length":
    return "\(list) not set: GA4 keeps user property values of at most \(GoogleAnalyticsLimits.userPropertyValueLength) "
      + "characters (rule user-property-value-length); Firebase Analytics ignores that change, without cutting "
      + "the value (error code 7)"
  case "items-id":
    return "\(list) \(members.count == 1 ? "has" : "have") neither 'item_id' nor 'item_name' (rule items-id): sent "
      + "as is, as Firebase Analytics sends it (it does not check items), though GA4 needs one of them to report "
      + "the item. To fix this, add the item's id"
  case "items-custom-params":
    return "\(list) \(members.count == 1 ? "has" : "have") more than \(GoogleAnalyticsLimits.itemCustomParams) "
      + "parameters of \(members.count == 1 ? "its" : "their") own (rule items-custom-params): sent as is, as "
      + "Firebase Analytics sends it, though GA4 does not process those past \(GoogleAnalyticsLimits.itemCustomParams). "
      + "To fix this, remove the extra ones"
  case "value-negative":
    return "\(list) (rule value-negative): sent as is, as Firebase Analytics sends it (it does "
      + "not check values), though GA4 adds an ecommerce event's value to revenue. To fix this, send the amount "
      + "as a positive number (a refund is the 'refund' event)"
  case "value-needs-currency":
    return "\(list) has a value but no 'currency' (rule value-needs-currency): sent as is, as Firebase Analytics "
      + "sends it, though GA4 needs the currency to count the value as revenue. To fix this, add 'currency' (an "
      + "ISO 4217 code such as \"EUR\")"
  default:
    return "\(list) repaired (rule \(rule))"
  }
}
