import Trackers

/// How ``googleAnalyticsTracker`` names what the app named: as given (the default), with GA4's refusals
/// adapted and every accepted name kept (``keepingAcceptedNames``), or in GA4's snake case
/// (``snakeCase``).
///
/// Which to choose:
///
/// - A team **migrating from the Firebase SDK** uses ``keepingAcceptedNames``: every name Firebase
///   accepted reaches GA4 exactly as it did, case included, so the app's existing events, parameters and
///   user properties, and the reports, audiences and conversions built on them, go on. GA4 names are
///   case-sensitive ("logging two events whose names differ only in case will result in two distinct
///   events", FIRAnalytics.h): ``snakeCase`` would rename `clicked_SignIn_on_email_auth_screen` to
///   `clicked_signin_on_email_auth_screen`, a new event with no history.
/// - An app whose vocabulary was written for other vendors (`Product Added`) and is new to GA4 can use
///   ``snakeCase``, as Segment's GA4 destination converts names: one readable vocabulary for every vendor,
///   and GA4's lowercase convention.
/// - ``asGiven`` sends nothing GA4 would refuse: validation refuses such a name, with the rule it broke.
///
/// ```swift
/// var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secret)
/// configuration.naming = .snakeCase
/// GoogleAnalyticsTracker.Current = try .live(configuration)
/// googleAnalyticsTracker(.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true]))
/// // GA4 receives: coupon_applied {"order_id": "o1", "valid": 1}
/// ```
///
/// ``keepingAcceptedNames`` and ``snakeCase`` adapt, before anything else (super properties, redaction,
/// mapping, validation):
///
/// | ``Trackers/AnalyticsData`` | adapted |
/// |---|---|
/// | `.event(name, properties)` | the name and the property names |
/// | `.screen(name, properties)`, `.error(message, properties)` | the property names (the screen name and the message are values) |
/// | `.standard(event, properties)` | the property names; the module names the event itself (`add_to_cart`) |
/// | `.userProperty(name, value)` | the name |
/// | `.userProperties(properties)` | the names |
/// | `.superProperties(operation)` | the names registered or unregistered, so later events carry adapted names |
/// | `.profile(operation)`, `.group(type, key, traits)` | the property and trait names (GA4 refuses both, but `.profile(.unset)`, which clears a user property) |
/// | `.timeEvent(name)`, `.lifecycle`, `.userId`, `.alias` | nothing: a timer stops at the event of the name the app gave; the module names lifecycle events itself |
///
/// A top-level Boolean value (of a property, a user property, a super property) becomes 1 or 0 under
/// both, since GA4 parameters are strings or numbers (as the Firebase SDK sends a Swift `Bool`, an
/// `NSNumber`); values inside lists and objects are left as they are. Adapting twice changes nothing more.
///
/// ``keepingAcceptedNames`` keeps a name GA4 accepts (`[A-Za-z][A-Za-z0-9_]*`, the form validation
/// checks) exactly as it is, and changes only what GA4 would refuse: each run of other characters (a
/// space, `-`, `.`, a letter outside A-Z) becomes one underscore, none where the run starts or ends the
/// name; what precedes the first letter goes; a name longer than GA4 takes is cut to its limit (40
/// characters for an event or a parameter, 24 for a user property). Case is never changed.
///
/// | The app's name | GA4 receives (``keepingAcceptedNames``) | (``snakeCase``) |
/// |---|---|---|
/// | `clicked_SignIn_on_email_auth_screen` | `clicked_SignIn_on_email_auth_screen` | `clicked_signin_on_email_auth_screen` |
/// | `LoginInteractionType` (a parameter) | `LoginInteractionType` | `logininteractiontype` |
/// | `Sign In` | `Sign_In` | `sign_in` |
/// | `Cart -- Total` | `Cart_Total` | `cart_total` |
/// | `screen.name` | `screen_name` | `screen_name` |
/// | `Größe` | `Gr_e` | `gr_e` |
/// | `1st Purchase`, `_private` | `st_Purchase`, `private` | `1st_purchase` (refused: `event-name-characters`), `private` |
/// | 45 letters (an event) | the first 40 | the 45, lowercased (refused: `event-name-length`) |
/// | `subscription_tier_monthly_x` (a user property, 27 characters) | `subscription_tier_monthl` (24) | unchanged (refused: `user-property-name-length`) |
/// | `first_open`, `firebase_x`, `ga_session` | unchanged: refused by validation, as Firebase refuses them (`event-name-reserved`, `event-name-reserved-prefix`) | unchanged, refused alike |
///
/// A reserved name or prefix is not worked around: GA4 keeps those for itself, and a renamed
/// `first_open` would count as something else. Cutting or replacing can make two names one (`Sign In` and
/// `Sign-In` are both `Sign_In`): two property names of one event that become the same name keep one
/// value, the one whose name was already in GA4's form, or else the one whose original name sorts first
/// (under ``snakeCase`` too, `Order Id` and `order_id`).
///
/// ``snakeCase`` makes a name lowercase ASCII letters and digits, each run of anything else one
/// underscore, with none leading or trailing: `Sign Up Completed` → `sign_up_completed`,
/// `  Cart -- Total  ` → `cart_total`, `Größe` → `gr_e`.
///
/// Each distinct name is converted once: conversions are cached, up to 1,000 names of at most 100
/// bytes per naming; past that bound names are converted on every use, so an app
/// sending unbounded distinct names costs time, never unbounded memory. A name already in the naming's
/// form is recognized without the cache.
public struct GoogleAnalyticsNaming: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case asGiven, keepingAcceptedNames, snakeCase
  }

  private let kind: Kind
  private let cache: NameAdapter?

  /// Names and values as the app gave them (the default): a name GA4 refuses (`Product Added`) is refused
  /// by validation, with the rule it broke.
  public static let asGiven = GoogleAnalyticsNaming(kind: .asGiven, cache: nil)

  /// Every name GA4 accepts kept exactly as the app has it, case included; only what GA4 would refuse
  /// adapted (characters other than letters, digits and `_` to `_`, a leading non-letter dropped, a long
  /// name cut to 40 or 24 characters), Booleans as 1 or 0 (see the tables above). The naming for a team
  /// migrating from the Firebase SDK: its events, parameters and user properties keep their names.
  public static let keepingAcceptedNames = GoogleAnalyticsNaming(
    kind: .keepingAcceptedNames, cache: NameAdapter(.keepingAcceptedNames, limit: cachedNameLimit))

  /// Names in GA4's snake case, Booleans as 1 or 0 (see the tables above).
  public static let snakeCase = GoogleAnalyticsNaming(
    kind: .snakeCase, cache: NameAdapter(.snakeCase, limit: cachedNameLimit))

  /// The most names ``snakeCase`` or ``keepingAcceptedNames`` keeps converted, per naming and process (the
  /// type's documentation gives the figure; a test holds the two to it).
  package static let cachedNameLimit = 1_000

  /// The longest name, in UTF-8 bytes, that ``snakeCase`` or ``keepingAcceptedNames`` caches; longer ones
  /// (which GA4 refuses past 40 characters, or ``keepingAcceptedNames`` cuts) are converted on every use.
  package static let cachedNameLength = NameAdapter.maximumCachedLength

  private init(kind: Kind, cache: NameAdapter?) {
    self.kind = kind
    self.cache = cache
  }

  /// Snake case with a cache of its own of at most `limit` names: for tests of the bound.
  init(snakeCaseCachingAtMost limit: Int) {
    self.init(kind: .snakeCase, cache: NameAdapter(.snakeCase, limit: limit))
  }

  /// ``keepingAcceptedNames`` with a cache of its own of at most `limit` names: for tests of the bound.
  init(keepingAcceptedNamesCachingAtMost limit: Int) {
    self.init(kind: .keepingAcceptedNames, cache: NameAdapter(.keepingAcceptedNames, limit: limit))
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

  /// `asGiven`, `keepingAcceptedNames` or `snakeCase`.
  public var description: String {
    switch kind {
    case .asGiven: "asGiven"
    case .keepingAcceptedNames: "keepingAcceptedNames"
    case .snakeCase: "snakeCase"
    }
  }

  /// Whether both name alike (their caches aside).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }

  /// Hashes how it names (not its cache).
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
