import Foundation
import Trackers

/// ``GoogleAnalyticsNaming/snakeCase`` at work: names converted to GA4's snake case once each, in a
/// bounded cache, and the events they are part of rebuilt only where a name or a value changes.
final class SnakeCaseNames: @unchecked Sendable {  // safe: `names` is touched only under `lock`
  // In full: `names` is only read or written between `lock.lock()` and `lock.unlock()` (in
  // `cached(_:)` and `cache(_:as:)` and `count`), and `limit` is a constant. An NSLock rather than
  // Synchronization's Mutex, which needs macOS 15 / iOS 18 (this package supports macOS 13 / iOS 16). Its own
  // lock, not the package's `LockIsolated`: the vendor modules use only the public kit, as a module written
  // outside this package must (.ci/vendors-on-public-kit).
  private let lock = NSLock()
  private var names: [String: String] = [:]
  private let limit: Int

  /// The longest name cached, in UTF-8 bytes: GA4 names are at most 40 characters; a longer one is refused
  /// anyway, and caching it would let a few huge names take the memory meant for many.
  static let maximumCachedLength = 100

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// The number of names cached.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return names.count
  }

  /// `name` in snake case: as it is when it already is (no lookup), else from the cache, else converted
  /// and, while the cache has room and the name is short, cached.
  func name(_ name: String) -> String {
    if Self.isSnakeCase(name) { return name }
    guard name.utf8.count <= Self.maximumCachedLength else { return Self.snakeCased(name) }
    if let converted = cached(name) { return converted }
    let converted = Self.snakeCased(name)
    cache(name, as: converted)
    return converted
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

  // MARK: - Events

  func adapted(_ data: AnalyticsData) -> AnalyticsData {
    switch data {
    case let .event(name, properties):
      let adaptedName = self.name(name)
      guard let adaptedProperties = adapted(properties) else {
        return adaptedName == name ? data : .event(name: adaptedName, properties: properties)
      }
      return .event(name: adaptedName, properties: adaptedProperties)
    case let .screen(name, properties):
      return adapted(properties).map { .screen(name: name, properties: $0) } ?? data
    case let .error(message, properties):
      return adapted(properties).map { .error(message: message, properties: $0) } ?? data
    case let .standard(event, properties):
      return adapted(properties).map { .standard(event, properties: $0) } ?? data
    case let .group(type, key, traits):
      return adapted(traits).map { .group(type: type, key: key, traits: $0) } ?? data
    case let .userProperty(name, value):
      return .userProperty(name: self.name(name), value: Self.adapted(value))
    case let .userProperties(properties):
      return adapted(properties).map(AnalyticsData.userProperties) ?? data
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
  private func adapted(_ properties: AnalyticsData.Properties) -> AnalyticsData.Properties? {
    var changes = false
    for (key, value) in properties {
      if case .bool = value { changes = true; break }
      if !Self.isSnakeCase(key) { changes = true; break }
    }
    guard changes else { return nil }
    var result: AnalyticsData.Properties = [:]
    result.reserveCapacity(properties.count)
    // Names that meet after conversion keep one value, the same whatever the dictionary's order: the one
    // already named so, or else the one whose original name sorts first.
    var originals: [String: String] = [:]
    for (key, value) in properties {
      let adaptedKey = name(key)
      if let earlier = originals[adaptedKey] {
        let keepsEarlier = earlier == adaptedKey || (key != adaptedKey && earlier < key)
        if keepsEarlier { continue }
      }
      originals[adaptedKey] = key
      result[adaptedKey] = Self.adapted(value)
    }
    return result
  }

  private func adapted(_ operation: ProfileOperation) -> ProfileOperation {
    switch operation {
    case let .setOnce(name, value): .setOnce(name: self.name(name), value: Self.adapted(value))
    case let .increment(name, by): .increment(name: self.name(name), by: by)
    case let .append(name, value): .append(name: self.name(name), value: Self.adapted(value))
    case let .prepend(name, value): .prepend(name: self.name(name), value: Self.adapted(value))
    case let .union(name, values): .union(name: self.name(name), values: values.map(Self.adapted))
    case let .remove(name, value): .remove(name: self.name(name), value: Self.adapted(value))
    case let .unset(name): .unset(name: self.name(name))
    }
  }

  private func adapted(_ operation: SuperPropertyOperation) -> SuperPropertyOperation {
    switch operation {
    case let .register(properties): .register(adapted(properties) ?? properties)
    case let .registerOnce(properties): .registerOnce(adapted(properties) ?? properties)
    case let .registerForUser(properties): .registerForUser(adapted(properties) ?? properties)
    case let .unregister(name): .unregister(self.name(name))
    case .unregisterAll: .unregisterAll
    }
  }

  /// GA4 has no Boolean: 1 or 0.
  private static func adapted(_ value: PropertyValue) -> PropertyValue {
    if case let .bool(flag) = value { return .int(flag ? 1 : 0) }
    return value
  }
}
