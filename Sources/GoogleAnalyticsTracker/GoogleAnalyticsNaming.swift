import Trackers

/// How ``googleAnalyticsTracker`` names what the app named: as given (the default), or adapted to GA4's
/// rules, so that the app keeps one readable vocabulary for every vendor (`Product Added`) and GA4 still
/// gets names it accepts (`product_added`: GA4 names are `[A-Za-z][A-Za-z0-9_]*`), as Segment's GA4
/// destination converts them.
///
/// ```swift
/// var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secret)
/// configuration.naming = .snakeCase
/// GoogleAnalyticsTracker.Current = try .live(configuration)
/// googleAnalyticsTracker(.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true]))
/// // GA4 receives: coupon_applied {"order_id": "o1", "valid": 1}
/// ```
///
/// ``snakeCase`` adapts, before anything else (super properties, redaction, mapping, validation):
///
/// | ``Trackers/AnalyticsData`` | adapted |
/// |---|---|
/// | `.event(name, properties)` | the name and the property names |
/// | `.screen(name, properties)`, `.error(message, properties)` | the property names (the screen name and the message are values) |
/// | `.standard(event, properties)` | the property names; the module names the event itself (`add_to_cart`) |
/// | `.userProperty(name, value)` | the name |
/// | `.userProperties(properties)` | the names |
/// | `.superProperties(operation)` | the names registered or unregistered, so later events carry adapted names |
/// | `.profile(operation)`, `.group(type, key, traits)` | the property and trait names (GA4 refuses both) |
/// | `.timeEvent(name)`, `.lifecycle`, `.userId`, `.alias` | nothing: a timer stops at the event of the name the app gave; the module names lifecycle events itself |
///
/// A name becomes lowercase ASCII letters and digits, each run of anything else one underscore, with none
/// leading or trailing: `Sign Up Completed` → `sign_up_completed`, `  Cart -- Total  ` → `cart_total`,
/// `Größe` → `gr_e`. A top-level Boolean value (of a property, a user property, a super property)
/// becomes 1 or 0, since GA4 parameters are strings or numbers; values inside lists and objects are left
/// as they are. Adapting twice changes nothing more. Two property names of one event that become the
/// same name (`Order Id` and `order_id`) keep one value: the one whose name was already in GA4's form,
/// or else the one whose original name sorts first.
///
/// Each distinct name is converted once: conversions are cached, up to ``cachedNameLimit`` names of at
/// most ``cachedNameLength`` bytes; past that bound names are converted on every use, so an app sending
/// unbounded distinct names costs time, never unbounded memory. A name already in GA4's form is
/// recognized without the cache.
public struct GoogleAnalyticsNaming: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case asGiven, snakeCase
  }

  private let kind: Kind
  private let cache: SnakeCaseNames?

  /// Names and values as the app gave them (the default): a name GA4 refuses (`Product Added`) is refused
  /// by validation, with the rule it broke.
  public static let asGiven = GoogleAnalyticsNaming(kind: .asGiven, cache: nil)

  /// Names in GA4's snake case, Booleans as 1 or 0 (see the table above).
  public static let snakeCase = GoogleAnalyticsNaming(kind: .snakeCase, cache: SnakeCaseNames(limit: cachedNameLimit))

  /// The most names ``snakeCase`` keeps converted, per process.
  public static let cachedNameLimit = 1_000

  /// The longest name, in UTF-8 bytes, that ``snakeCase`` caches; longer ones (which GA4 refuses anyway,
  /// past 40 characters, after conversion) are converted on every use.
  public static let cachedNameLength = SnakeCaseNames.maximumCachedLength

  private init(kind: Kind, cache: SnakeCaseNames?) {
    self.kind = kind
    self.cache = cache
  }

  /// Snake case with a cache of its own of at most `limit` names: for tests of the bound.
  init(snakeCaseCachingAtMost limit: Int) {
    self.init(kind: .snakeCase, cache: SnakeCaseNames(limit: limit))
  }

  /// The number of names in this naming's cache.
  var cachedNameCount: Int { cache?.count ?? 0 }

  /// `data` named for GA4 (see the type's table); ``asGiven`` returns it as it is.
  public func adapted(_ data: AnalyticsData) -> AnalyticsData {
    guard let cache else { return data }
    return cache.adapted(data)
  }

  /// The environment's ``TrackersDelivery/VendorEnvironment/adaptation`` for this naming: `nil` for
  /// ``asGiven``.
  public var adaptation: (@Sendable (AnalyticsData) -> AnalyticsData)? {
    guard let cache else { return nil }
    return { cache.adapted($0) }
  }

  /// `asGiven` or `snakeCase`.
  public var description: String {
    switch kind {
    case .asGiven: "asGiven"
    case .snakeCase: "snakeCase"
    }
  }

  /// Whether both name alike (their caches aside).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }

  /// Hashes how it names (not its cache).
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
