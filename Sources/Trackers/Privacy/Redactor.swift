/// Removes personal data from events before they are queued, sent or logged.
///
/// Two kinds of rules: ``KeyRule``s redact whatever is stored under a key such as "email" or "password";
/// ``ValueRule``s find e-mail addresses, phone numbers, card numbers and IP addresses inside any string.
/// What they find becomes a marker, `[redacted:<name>]`.
///
/// ```swift
/// let redactor = Redactor.default
/// redactor.redact(.event(name: "Signup", properties: [
///   "email": "ada@example.com", "note": "call +33 6 12 34 56 78", "plan": "pro",
/// ]))
/// // event Signup {"email": "[redacted:email]", "note": "call [redacted:phone]", "plan": "pro"}
/// ```
///
/// What is covered, at any depth: event, screen and error properties (nested arrays and objects, with key
/// rules applying at every level; below ``PropertyValue/maximumDepth`` levels the walk goes on with an
/// explicit stack rather than recursion, so no value can exhaust the stack), event and screen names, user
/// property names and values, the error message, a search query, a deep link's URL and referrer, a push
/// notification's campaign and action, and the user id when it looks like an e-mail address. A
/// user id is an identity, so prefer an opaque one: every redacted id becomes the same `[redacted:email]`.
///
/// Cost: most values are short and hold no '@' and few digits, so they are scanned once and left as they
/// are, without allocating; see the Privacy article for measurements.
public struct Redactor: Sendable {
  /// The key rules, in order: when several match a key, the first one's marker is used.
  package let keyRules: [KeyRule]
  /// The value rules, in order: built-in rules first scan together, then custom rules in turn.
  package let valueRules: [ValueRule]

  private let keyMatcher: KeyMatcher
  private let patterns: PersonalDataScanner.Patterns
  private let customValueRules: [@Sendable (String) -> String?]
  private let keyMarkers: [String]

  /// Creates a redactor; the defaults are the rules of ``default``.
  ///
  /// ```swift
  /// let redactor = Redactor(
  ///   keyRules: Redactor.KeyRule.defaults + [.keys(named: ["loyalty_number"], marker: "loyalty")],
  ///   valueRules: Redactor.ValueRule.defaults + [.wholeValue("nir") { isFrenchSocialSecurityNumber($0) }]
  /// )
  /// ```
  public init(keyRules: [KeyRule] = KeyRule.defaults, valueRules: [ValueRule] = ValueRule.defaults) {
    self.keyRules = keyRules
    self.valueRules = valueRules
    self.keyMatcher = KeyMatcher(rules: keyRules)
    self.keyMarkers = keyRules.map { Redactor.marker($0.marker) }
    var patterns: PersonalDataScanner.Patterns = []
    var custom: [@Sendable (String) -> String?] = []
    for rule in valueRules {
      switch rule.kind {
      case let .builtIn(pattern): patterns.formUnion(pattern)
      case let .custom(redact): custom.append(redact)
      }
    }
    self.patterns = patterns
    self.customValueRules = custom
  }

  /// Key rules for e-mail, phone, secrets, cards and IPs; value rules for e-mail addresses, phone numbers,
  /// card numbers and IP addresses.
  public static let `default` = Redactor()

  /// Redacts nothing.
  public static let none = Redactor(keyRules: [], valueRules: [])

  /// The marker that replaces redacted data: `[redacted:<name>]`.
  public static func marker(_ name: String) -> String {
    "[redacted:\(name)]"
  }

  // MARK: Redacting

  /// `data` with personal data replaced by markers.
  public func redact(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      let newName = redacted(name, patterns: patterns)
      let newProperties = redacted(properties)
      guard newName != nil || newProperties != nil else { return data }
      return .event(name: newName ?? name, properties: newProperties ?? properties)
    case let .screen(name, properties):
      let newName = redacted(name, patterns: patterns)
      let newProperties = redacted(properties)
      guard newName != nil || newProperties != nil else { return data }
      return .screen(name: newName ?? name, properties: newProperties ?? properties)
    case let .userId(id?):
      guard patterns.contains(.emailAddresses),
        PersonalDataScanner.redact(id, patterns: .emailAddresses) != nil
      else { return data }
      return .userId(PersonalDataScanner.Kind.email.marker)
    case .userId(nil):
      return data
    case let .userProperty(name, value):
      let newName = redacted(name, patterns: patterns)
      let newValue = redacted(member: name, value)
      guard newName != nil || newValue != nil else { return data }
      return .userProperty(name: newName ?? name, value: newValue ?? value)
    case let .userProperties(properties):
      return redacted(properties).map(AnalyticsData.userProperties) ?? data
    case let .signIn(userId, traits):
      // The id as `.userId`'s, the traits as `.userProperties`'.
      guard case let .userId(newId?) = redact(.userId(userId)) else { return data }
      let newTraits = redacted(traits)
      guard newId != userId || newTraits != nil else { return data }
      return .signIn(userId: newId, traits: newTraits ?? traits)
    case let .error(message, properties):
      let newMessage = redacted(message, patterns: patterns)
      let newProperties = redacted(properties)
      guard newMessage != nil || newProperties != nil else { return data }
      return .error(message: newMessage ?? message, properties: newProperties ?? properties)
    case .lifecycle:
      return data  // versions and builds only: nothing personal
    case let .standard(event, properties):
      let newEvent = redacted(event)
      let newProperties = redacted(properties)
      guard newEvent != nil || newProperties != nil else { return data }
      return .standard(newEvent ?? event, properties: newProperties ?? properties)
    case let .alias(userId):
      guard case let .userId(newId?) = redact(.userId(userId)), newId != userId else { return data }
      return .alias(userId: newId)
    case let .group(type, key, traits):
      let newKey = redacted(key, patterns: patterns)
      let newTraits = redacted(traits)
      guard newKey != nil || newTraits != nil else { return data }
      return .group(type: type, key: newKey ?? key, traits: newTraits ?? traits)
    case let .profile(operation):
      return redacted(operation).map(AnalyticsData.profile) ?? data
    case let .superProperties(operation):
      switch operation {
      case let .register(properties):
        return redacted(properties).map { .superProperties(.register($0)) } ?? data
      case let .registerOnce(properties):
        return redacted(properties).map { .superProperties(.registerOnce($0)) } ?? data
      case let .registerForUser(properties):
        return redacted(properties).map { .superProperties(.registerForUser($0)) } ?? data
      case .unregister, .unregisterAll:
        return data
      }
    case let .timeEvent(name):
      return redacted(name, patterns: patterns).map { .timeEvent(name: $0) } ?? data
    case .reset:
      return data  // no data of its own
    }
  }

  /// The texts of a standard event a user writes or a link carries (a search query, a deep link and its
  /// referrer, a notification's campaign) with the value rules applied, or `nil` if unchanged. A deep
  /// link's query and fragment were redacted when it was made.
  private func redacted(_ event: StandardEvent) -> StandardEvent? {
    /// The value redacted, or `nil` when it is `nil` or unchanged.
    func text(_ value: String?) -> String? {
      value.flatMap { redacted($0, patterns: patterns) }
    }
    switch event {
    case let .searched(query):
      return text(query).map { .searched(query: $0) }
    case let .deepLinkOpened(link):
      let url = text(link.url)
      let referrer = text(link.referrer)
      guard url != nil || referrer != nil else { return nil }
      return .deepLinkOpened(StandardEvent.DeepLink(redactedURL: url ?? link.url, referrer: referrer ?? link.referrer))
    case let .pushNotificationReceived(push), let .pushNotificationOpened(push):
      var new = push
      for field in [\StandardEvent.Campaign.id, \.name, \.source, \.medium, \.term, \.content] {
        if let value = text(push.campaign[keyPath: field]) { new.campaign[keyPath: field] = value }
      }
      if let action = text(push.action) { new.action = action }
      guard new != push else { return nil }
      if case .pushNotificationReceived = event { return .pushNotificationReceived(new) }
      return .pushNotificationOpened(new)
    default:
      return nil
    }
  }

  /// `operation` with its values redacted as the profile property they change, or `nil` if unchanged.
  private func redacted(_ operation: ProfileOperation) -> ProfileOperation? {
    let name = operation.name
    func value(_ value: PropertyValue) -> PropertyValue? { redacted(member: name, value) }
    switch operation {
    case let .setOnce(_, old): return value(old).map { .setOnce(name: name, value: $0) }
    case let .append(_, old): return value(old).map { .append(name: name, value: $0) }
    case let .prepend(_, old): return value(old).map { .prepend(name: name, value: $0) }
    case let .remove(_, old): return value(old).map { .remove(name: name, value: $0) }
    case let .union(_, old):
      let new = old.map { value($0) }
      guard new.contains(where: { $0 != nil }) else { return nil }
      return .union(name: name, values: zip(old, new).map { $1 ?? $0 })
    case .increment, .unset:
      return nil  // a number or nothing: no personal data in the value
    }
  }

  /// `properties` with key and value rules applied at every level.
  package func redact(_ properties: AnalyticsData.Properties) -> AnalyticsData.Properties {
    redacted(properties) ?? properties
  }

  /// `value` with the value rules applied (and the key rules inside objects).
  package func redact(_ value: PropertyValue) -> PropertyValue {
    redacted(value, patterns: patterns) ?? value
  }

  /// `text` with the value rules applied; used for log lines of events that are not ``AnalyticsData``.
  public func redact(_ text: String) -> String {
    redacted(text, patterns: patterns) ?? text
  }

  // MARK: Plumbing: `nil` means "unchanged", so clean events allocate nothing

  private func redacted(_ properties: AnalyticsData.Properties, depth: Int = 0) -> AnalyticsData.Properties? {
    var result: AnalyticsData.Properties? = nil
    for (key, value) in properties {
      if let replacement = redacted(member: key, value, depth: depth) {
        if result == nil { result = properties }
        result![key] = replacement
      }
    }
    return result
  }

  private func redacted(member key: String, _ value: PropertyValue, depth: Int = 0) -> PropertyValue? {
    redacted(value, mode: mode(forMember: key), depth: depth)
  }

  /// What applies to the value under `key`: its key rule's marker, or the value rules.
  private func mode(forMember key: String) -> Mode {
    switch keyMatcher.firstMatch(key) {
    case let .redact(ruleIndex)?: .replace(keyMarkers[ruleIndex])
    case .skipIPv4?: .scan(patterns.subtracting(.ipv4Addresses))
    case nil: .scan(patterns)
    }
  }

  /// How a value is redacted: scanned with value rules, or replaced by a key rule's marker.
  private enum Mode {
    case scan(PersonalDataScanner.Patterns)
    case replace(String)
  }

  private func redacted(_ value: PropertyValue, mode: Mode, depth: Int) -> PropertyValue? {
    if depth >= PropertyValue.maximumDepth, value.isContainer { return redactedIteratively(value, mode: mode) }
    switch mode {
    case let .scan(patterns): return redacted(value, patterns: patterns, depth: depth)
    case let .replace(marker): return replaced(value, with: marker, depth: depth)
    }
  }

  private func redacted(
    _ value: PropertyValue, patterns: PersonalDataScanner.Patterns, depth: Int = 0
  ) -> PropertyValue? {
    if depth >= PropertyValue.maximumDepth, value.isContainer {
      return redactedIteratively(value, mode: .scan(patterns))
    }
    switch value {
    case let .string(string):
      return redacted(string, patterns: patterns).map(PropertyValue.string)
    case let .int(number):
      guard patterns.contains(.cardNumbers), (1_000_000_000_000...).contains(number.magnitude) else { return nil }
      return PersonalDataScanner.redact(String(number), patterns: .cardNumbers).map(PropertyValue.string)
    case let .array(elements):
      var result: [PropertyValue]? = nil
      for (index, element) in elements.enumerated() {
        if let replacement = redacted(element, patterns: patterns, depth: depth + 1) {
          if result == nil { result = elements }
          result![index] = replacement
        }
      }
      return result.map(PropertyValue.array)
    case let .object(members):
      return redacted(members, depth: depth + 1).map(PropertyValue.object)
    case .double, .bool, .date, .null:
      return nil
    }
  }

  /// Everything that could hold the data under a matching key becomes `marker`.
  private func replaced(_ value: PropertyValue, with marker: String, depth: Int = 0) -> PropertyValue? {
    if depth >= PropertyValue.maximumDepth, value.isContainer {
      return redactedIteratively(value, mode: .replace(marker))
    }
    switch value {
    case let .string(string):
      return string == marker ? nil : .string(marker)
    case .int:
      return .string(marker)
    case let .array(elements):
      let replaced = elements.map { self.replaced($0, with: marker, depth: depth + 1) ?? $0 }
      return replaced == elements ? nil : .array(replaced)
    case let .object(members):
      let replaced = members.mapValues { self.replaced($0, with: marker, depth: depth + 1) ?? $0 }
      return replaced == members ? nil : .object(replaced)
    case .double, .bool, .date, .null:
      return nil
    }
  }

  /// The redaction of a scalar (`nil`: unchanged); containers are the callers' business.
  private func redactedScalar(_ value: PropertyValue, mode: Mode) -> PropertyValue? {
    switch mode {
    case let .scan(patterns): redacted(value, patterns: patterns)
    case let .replace(marker): replaced(value, with: marker)
    }
  }

  /// A container being rebuilt by ``redactedIteratively(_:mode:)``: its members (with their keys, for an
  /// object), the mode each gets, the next one to visit, and the replacements found so far.
  private struct OpenContainer {
    var keys: [String]?
    var values: [PropertyValue]
    var mode: Mode
    var next = 0
    var replacements: [Int: PropertyValue] = [:]
  }

  /// The redaction of `root` (a container) with an explicit stack instead of recursion: the same rules
  /// as the recursive walk (inside an object under the value rules, each member's key picks its mode;
  /// under a key rule's marker, everything below is replaced), rebuilding only the containers that change.
  private func redactedIteratively(_ root: PropertyValue, mode rootMode: Mode) -> PropertyValue? {
    func open(_ value: PropertyValue, mode: Mode) -> OpenContainer {
      switch value {
      case let .object(members):
        let members = Array(members)
        return OpenContainer(keys: members.map(\.key), values: members.map(\.value), mode: mode)
      case let .array(elements):
        return OpenContainer(keys: nil, values: elements, mode: mode)
      default:
        return OpenContainer(keys: nil, values: [], mode: mode)
      }
    }
    var stack = [open(root, mode: rootMode)]
    // The replacement of the container just closed (`nil`: unchanged), for its parent.
    var closed: PropertyValue?
    while let top = stack.indices.last {
      if let replacement = closed {
        stack[top].replacements[stack[top].next - 1] = replacement
        closed = nil
      }
      let index = stack[top].next
      guard index < stack[top].values.count else {
        let container = stack.removeLast()
        guard !container.replacements.isEmpty else { continue }
        var values = container.values
        for (position, value) in container.replacements { values[position] = value }
        if let keys = container.keys {
          closed = .object(Dictionary(uniqueKeysWithValues: zip(keys, values)))
        } else {
          closed = .array(values)
        }
        continue
      }
      stack[top].next = index + 1
      let value = stack[top].values[index]
      let mode: Mode
      switch (stack[top].mode, stack[top].keys) {
      case let (.scan, keys?): mode = self.mode(forMember: keys[index])
      case let (parentMode, _): mode = parentMode
      }
      if value.isContainer {
        stack.append(open(value, mode: mode))
      } else if let replacement = redactedScalar(value, mode: mode) {
        stack[top].replacements[index] = replacement
      }
    }
    return closed
  }

  private func redacted(_ string: String, patterns: PersonalDataScanner.Patterns) -> String? {
    var result = PersonalDataScanner.redact(string, patterns: patterns)
    for rule in customValueRules {
      if let replacement = rule(result ?? string) { result = replacement }
    }
    return result
  }
}
