import Foundation
import Trackers

/// ``GoogleAnalyticsNaming/snakeCase`` and ``GoogleAnalyticsNaming/keepingAcceptedNames`` at work: names
/// converted to GA4's form once each, in a bounded cache, and the events they are part of rebuilt only
/// where a name or a value changes.
final class NameAdapter: @unchecked Sendable {  // safe: `names` is touched only under `lock`
  // In full: `names` is only read or written between `lock.lock()` and `lock.unlock()` (in
  // `cached(_:)` and `cache(_:as:)` and `count`), and `style` and `limit` are constants. An NSLock rather
  // than Synchronization's Mutex, which needs macOS 15 / iOS 18 (this package supports macOS 13 / iOS 16).
  // Its own lock, not the package's `LockIsolated`: the vendor modules use only the public kit, as a module
  // written outside this package must (.ci/vendors-on-public-kit).
  private let lock = NSLock()
  private var names: [String: String] = [:]
  private let limit: Int
  private let style: Style

  /// How names are converted.
  enum Style: Sendable {
    /// Lowercase words joined by one underscore: `Sign Up Completed` -> `sign_up_completed`.
    case snakeCase
    /// A name GA4 accepts as it is, case kept; only what GA4 refuses is changed: `Sign In` -> `Sign_In`.
    case keepingAcceptedNames
  }

  /// What a name names, which sets its longest form under ``Style/keepingAcceptedNames``.
  enum Role {
    /// An event or a parameter (a property, a super property, a trait): at most
    /// ``GoogleAnalyticsLimits/nameLength`` characters.
    case eventOrParameter
    /// A user property: at most ``GoogleAnalyticsLimits/userPropertyNameLength`` characters.
    case userProperty

    var maximumLength: Int {
      switch self {
      case .eventOrParameter: GoogleAnalyticsLimits.nameLength
      case .userProperty: GoogleAnalyticsLimits.userPropertyNameLength
      }
    }
  }

  /// The longest name cached, in UTF-8 bytes: GA4 names are at most 40 characters; a longer one is refused
  /// or cut anyway, and caching it would let a few huge names take the memory meant for many.
  static let maximumCachedLength = 100

  init(_ style: Style, limit: Int) {
    self.style = style
    self.limit = max(0, limit)
  }

  /// The number of names cached.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return names.count
  }

  /// `name` in this adapter's form: as it is when it already is (no lookup), else from the cache, else
  /// converted and, while the cache has room and the name is short, cached. The cache holds each name's
  /// form before it is cut to `role`'s length, so one entry serves both roles.
  func name(_ name: String, _ role: Role) -> String {
    switch style {
    case .snakeCase:
      if Self.isSnakeCase(name) { return name }
    case .keepingAcceptedNames:
      if Self.isAccepted(name) { return cut(name, to: role) }
    }
    guard name.utf8.count <= Self.maximumCachedLength else { return cut(converted(name), to: role) }
    if let converted = cached(name) { return cut(converted, to: role) }
    let converted = converted(name)
    cache(name, as: converted)
    return cut(converted, to: role)
  }

  private func converted(_ name: String) -> String {
    switch style {
    case .snakeCase: Self.snakeCased(name)
    case .keepingAcceptedNames: Self.accepted(name)
    }
  }

  private func cached(_ name: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return names[name]
  }

  private func cache(_ name: String, as converted: String) {
    lock.lock()
    defer { lock.unlock() }
    if names.count < limit { names[name] = converted }
  }

  /// Whether `name` needs no conversion in this adapter's form, its length aside.
  private func isInForm(_ name: String) -> Bool {
    switch style {
    case .snakeCase: Self.isSnakeCase(name)
    case .keepingAcceptedNames: Self.isAccepted(name)
    }
  }

  // MARK: - Snake case

  /// Whether `name` is its own snake case: only `a-z`, `0-9` and single underscores between them.
  static func isSnakeCase(_ name: String) -> Bool {
    // Every name of every event comes here: its bytes are read in place, not one `utf8` index at a time
    // (a bridged string that has no contiguous UTF-8 is copied first).
    name.utf8.withContiguousStorageIfAvailable(isSnakeCase(_:))
      ?? Array(name.utf8).withUnsafeBufferPointer(isSnakeCase(_:))
  }

  private static func isSnakeCase(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var afterUnderscore = true  // a leading underscore is not snake case
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        afterUnderscore = false
      case UInt8(ascii: "_") where !afterUnderscore:
        afterUnderscore = true
      default:
        return false
      }
    }
    return utf8.isEmpty || !afterUnderscore
  }

  /// `Sign Up Completed` -> `sign_up_completed`: ASCII letters (lowercased) and digits; each run of
  /// anything else, a non-ASCII character included, becomes one underscore, none leading or trailing.
  static func snakeCased(_ name: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    var pendingUnderscore = false
    for byte in name.utf8 {
      let kept: UInt8
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): kept = byte
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte | 0x20
      default:
        pendingUnderscore = true
        continue
      }
      if pendingUnderscore && !bytes.isEmpty { bytes.append(UInt8(ascii: "_")) }
      pendingUnderscore = false
      bytes.append(kept)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Keeping accepted names

  /// Whether GA4 (and Firebase) accept `name`'s characters as they are: `[A-Za-z][A-Za-z0-9_]*`, the form
  /// validation checks; the empty name too, which has nothing to adapt (validation refuses it).
  static func isAccepted(_ name: String) -> Bool {
    name.utf8.withContiguousStorageIfAvailable(isAccepted(_:))
      ?? Array(name.utf8).withUnsafeBufferPointer(isAccepted(_:))
  }

  private static func isAccepted(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    for (index, byte) in utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): continue
      case UInt8(ascii: "0")...UInt8(ascii: "9") where index > 0, UInt8(ascii: "_") where index > 0: continue
      default: return false
      }
    }
    return true
  }

  /// `Sign In` -> `Sign_In`, case kept: ASCII letters, digits and underscores stay; each run of anything
  /// else (a space, a `-`, a non-ASCII letter, which validation refuses) becomes one underscore, none
  /// where the run starts or ends the name; then whatever precedes the first letter (digits, underscores)
  /// goes, since a GA4 name starts with a letter. Not cut: ``cut(_:to:)`` does that per role.
  static func accepted(_ name: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    var pendingUnderscore = false
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
        // Nothing before the first letter is kept.
        if bytes.isEmpty { continue }
      default:
        pendingUnderscore = true
        continue
      }
      if pendingUnderscore && !bytes.isEmpty { bytes.append(UInt8(ascii: "_")) }
      pendingUnderscore = false
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `name` cut to `role`'s longest GA4 name when this adapter cuts (``Style/keepingAcceptedNames``); `name`
  /// is ASCII there, so its bytes are its characters.
  private func cut(_ name: String, to role: Role) -> String {
    guard style == .keepingAcceptedNames, name.utf8.count > role.maximumLength else { return name }
    return String(decoding: name.utf8.prefix(role.maximumLength), as: UTF8.self)
  }

  // MARK: - Events

  func adapted(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      let adaptedName = self.name(name, .eventOrParameter)
      guard let adaptedProperties = adapted(properties, .eventOrParameter) else {
        return adaptedName == name ? data : .event(name: adaptedName, properties: properties)
      }
      return .event(name: adaptedName, properties: adaptedProperties)
    case let .screen(name, properties):
      return adapted(properties, .eventOrParameter).map { .screen(name: name, properties: $0) } ?? data
    case let .error(message, properties):
      return adapted(properties, .eventOrParameter).map { .error(message: message, properties: $0) } ?? data
    case let .standard(event, properties):
      return adapted(properties, .eventOrParameter).map { .standard(event, properties: $0) } ?? data
    case let .group(type, key, traits):
      return adapted(traits, .eventOrParameter).map { .group(type: type, key: key, traits: $0) } ?? data
    case let .userProperty(name, value):
      return .userProperty(name: self.name(name, .userProperty), value: Self.adapted(value))
    case let .userProperties(properties):
      return adapted(properties, .userProperty).map(AnalyticsData.userProperties) ?? data
    case let .signIn(userId, traits):
      return adapted(traits, .userProperty).map { .signIn(userId: userId, traits: $0) } ?? data
    case let .profile(operation):
      return .profile(adapted(operation))
    case let .superProperties(operation):
      return .superProperties(adapted(operation))
    case .timeEvent, .lifecycle, .userId, .alias, .reset:
      return data
    }
  }

  /// The properties with adapted names and values, or `nil` when none changes (the common case: the
  /// dictionary is kept, not rebuilt).
  private func adapted(_ properties: AnalyticsData.Properties, _ role: Role) -> AnalyticsData.Properties? {
    var changes = false
    for (key, value) in properties {
      if case .bool = value { changes = true; break }
      if !isInForm(key) || (style == .keepingAcceptedNames && key.utf8.count > role.maximumLength) {
        changes = true
        break
      }
    }
    guard changes else { return nil }
    var result: AnalyticsData.Properties = [:]
    result.reserveCapacity(properties.count)
    // Names that meet after conversion keep one value, the same whatever the dictionary's order: the one
    // already named so, or else the one whose original name sorts first.
    var originals: [String: String] = [:]
    for (key, value) in properties {
      let adaptedKey = name(key, role)
      if let earlier = originals[adaptedKey] {
        let keepsEarlier = earlier == adaptedKey || (key != adaptedKey && earlier < key)
        if keepsEarlier { continue }
      }
      originals[adaptedKey] = key
      result[adaptedKey] = Self.adapted(value)
    }
    return result
  }

  /// A profile operation's name is a user property's.
  private func adapted(_ operation: ProfileOperation) -> ProfileOperation {
    switch operation {
    case let .setOnce(name, value): .setOnce(name: self.name(name, .userProperty), value: Self.adapted(value))
    case let .increment(name, by): .increment(name: self.name(name, .userProperty), by: by)
    case let .append(name, value): .append(name: self.name(name, .userProperty), value: Self.adapted(value))
    case let .prepend(name, value): .prepend(name: self.name(name, .userProperty), value: Self.adapted(value))
    case let .union(name, values): .union(name: self.name(name, .userProperty), values: values.map(Self.adapted))
    case let .remove(name, value): .remove(name: self.name(name, .userProperty), value: Self.adapted(value))
    case let .unset(name): .unset(name: self.name(name, .userProperty))
    }
  }

  /// Super properties become parameters of later events.
  private func adapted(_ operation: SuperPropertyOperation) -> SuperPropertyOperation {
    switch operation {
    case let .register(properties): .register(adapted(properties, .eventOrParameter) ?? properties)
    case let .registerOnce(properties): .registerOnce(adapted(properties, .eventOrParameter) ?? properties)
    case let .registerForUser(properties): .registerForUser(adapted(properties, .eventOrParameter) ?? properties)
    case let .unregister(name): .unregister(self.name(name, .eventOrParameter))
    case .unregisterAll: .unregisterAll
    }
  }

  /// GA4 has no Boolean: 1 or 0.
  private static func adapted(_ value: PropertyValue) -> PropertyValue {
    if case let .bool(flag) = value { return .int(flag ? 1 : 0) }
    return value
  }
}
