import Foundation
import Trackers

/// The string and ordering checks every vendor module's validation (`mixpanelIssues(for:)`, ...) shares, written for the `track` hot path.
///
/// Validation runs on every event, so the happy path must not allocate: each check looks at the UTF-8 bytes
/// first and falls back to the exact `Character` or `Unicode.Scalar` rule only when the bytes can't decide.
/// The results are the same as the plain Swift expressions named in each summary.
///
/// ```swift
/// public func mixpanelIssues(for data: AnalyticsData) -> [ValidationIssue] {
///   ValidationRules.issues { ordered, issues in
///     ValidationRules.forEachMember(of: data.properties, ordered: ordered) { key, value in
///       if ValidationRules.isBlank(key) { issues.append(blankKeyIssue(value)) }
///     }
///   }
/// }
/// ```
public enum ValidationRules {
  /// Runs `check` and returns its issues in a deterministic order.
  ///
  /// `check` first runs with `ordered == false` (walk properties in any order: no sorting on the happy
  /// path); only when it finds more than one issue does it run again with `ordered == true`, so that
  /// reports list the issues in key order on every run.
  @inlinable
  public static func issues(_ check: (_ ordered: Bool, _ issues: inout [ValidationIssue]) -> Void) -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    check(false, &issues)
    guard issues.count > 1 else { return issues }
    issues.removeAll()
    check(true, &issues)
    return issues
  }

  /// Calls `body` with each member of `members`: in storage order, or in key order when `ordered`.
  @inlinable
  public static func forEachMember(
    of members: [String: PropertyValue], ordered: Bool, _ body: (String, PropertyValue) -> Void
  ) {
    if ordered {
      for (key, value) in members.sorted(by: { $0.key < $1.key }) { body(key, value) }
    } else {
      for (key, value) in members { body(key, value) }
    }
  }

  /// Calls `body` with every scalar inside `value`: the value itself, or the elements and members of its
  /// arrays and objects, each with its path (`property 'tags'[1].name`), built only when `body` asks for it
  /// to write a message.
  ///
  /// Check ``depthIssue(_:path:vendor:)`` first: the walk is recursive, so it visits members down to
  /// ``Trackers/PropertyValue/maximumDepth`` levels only, and a deeper value must be refused before.
  @inlinable
  package static func forEachScalar(
    in value: PropertyValue, path: () -> String, ordered: Bool,
    _ body: (_ scalar: PropertyValue, _ path: () -> String) -> Void
  ) {
    forEachScalar(in: value, path: path, ordered: ordered, depth: 0, body)
  }

  @inlinable
  static func forEachScalar(
    in value: PropertyValue, path: () -> String, ordered: Bool, depth: Int,
    _ body: (_ scalar: PropertyValue, _ path: () -> String) -> Void
  ) {
    switch value {
    case let .array(elements):
      guard depth < PropertyValue.maximumDepth else { return }
      for (index, element) in elements.enumerated() {
        forEachScalar(in: element, path: { "\(path())[\(index)]" }, ordered: ordered, depth: depth + 1, body)
      }
    case let .object(members):
      guard depth < PropertyValue.maximumDepth else { return }
      forEachMember(of: members, ordered: ordered) { key, member in
        forEachScalar(in: member, path: { "\(path()).\(key)" }, ordered: ordered, depth: depth + 1, body)
      }
    default:
      // `body` only calls `path` while it runs, never after: the closure does not really escape.
      withoutActuallyEscaping(path) { path in body(value, path) }
    }
  }

  /// The issue for a value nested deeper than ``Trackers/PropertyValue/maximumDepth`` (rule
  /// `property-depth`), or `nil`; found by `PropertyValue.nestingDepth(limit:)`, without recursion
  /// and in at most the members within that depth.
  ///
  /// Every vendor module checks it first, for every property and user property value, and checks nothing
  /// else of an event that breaks it: its other checks walk the values recursively.
  public static func depthIssue(_ value: PropertyValue, path: () -> String, vendor: String) -> ValidationIssue? {
    guard value.isContainer, value.nestingDepth() > PropertyValue.maximumDepth else { return nil }
    return ValidationIssue(
      vendor: vendor, rule: "property-depth",
      message: "\(path()) nests arrays and objects more than \(PropertyValue.maximumDepth) levels deep, which "
        + "the trackers refuse to walk. To fix this, flatten the value or send its deep part as a string."
    )
  }

  /// The ``depthIssue(_:path:vendor:)`` of each member of `members` (in key order when `ordered`), appended
  /// to `issues`; returns whether there was one, to stop the other checks.
  public static func appendDepthIssues(
    of members: [String: PropertyValue], path: (String) -> String, ordered: Bool, vendor: String,
    into issues: inout [ValidationIssue]
  ) -> Bool {
    // The common flat event decides without sorting or building anything.
    guard members.values.contains(where: \.isContainer) else { return false }
    var found = false
    forEachMember(of: members, ordered: ordered) { key, value in
      if let issue = depthIssue(value, path: { path(key) }, vendor: vendor) {
        issues.append(issue)
        found = true
      }
    }
    return found
  }

  /// The ``depthIssue(_:path:vendor:)`` of every value `data` carries (its properties or a group's traits,
  /// a user property's value or several, a profile operation's values), appended to `issues`; returns whether there
  /// was one. A vendor's check calls it first and checks nothing else of an event that has one: its other
  /// checks walk the values recursively.
  ///
  /// `path` names a value too deep, given the event and the value's name (`"person property '\(name)'"`),
  /// or returns `nil` for values this check leaves to the vendor's other rules (a profile operation the
  /// vendor refuses anyway); it is called only for a value too deep, so the happy path builds no strings.
  ///
  /// ```swift
  /// if ValidationRules.appendDepthIssues(of: data, ordered: ordered, vendor: "Acme", into: &issues, path: { data, name in
  ///   if case .userProperty = data { "user property '\(name)'" } else { "property '\(name)'" }
  /// }) { return }
  /// ```
  public static func appendDepthIssues(
    of data: AnalyticsData, ordered: Bool, vendor: String, into issues: inout [ValidationIssue],
    path: (_ data: AnalyticsData, _ name: String) -> String?
  ) -> Bool {
    func append(_ value: PropertyValue, named name: String) -> Bool {
      guard value.isContainer, value.nestingDepth() > PropertyValue.maximumDepth, let label = path(data, name),
        let issue = depthIssue(value, path: { label }, vendor: vendor)
      else { return false }
      issues.append(issue)
      return true
    }
    switch data {
    case let .userProperty(name, value):
      return append(value, named: name)
    case let .profile(operation):
      return operation.values.contains { append($0, named: operation.name) }
    default:
      let members =
        switch data {
        case let .userProperties(properties), let .signIn(_, properties): properties
        default: data.properties
        }
      // The common flat event decides without sorting or building anything.
      guard members.values.contains(where: \.isContainer) else { return false }
      var found = false
      forEachMember(of: members, ordered: ordered) { name, value in
        if append(value, named: name) { found = true }
      }
      return found
    }
  }

  /// The issues of the scalars inside `value` that JSON can't carry, appended to `issues`: numbers that are
  /// not finite (``nonFiniteNumberIssue(_:path:vendor:)``) and dates outside `dates`
  /// (``dateIssue(_:path:encoding:vendor:)``), walking its arrays and objects down to every scalar (check
  /// ``depthIssue(_:path:vendor:)`` first). `scalarIssue` adds
  /// the vendor's own rule for each scalar (a string's length).
  ///
  /// ```swift
  /// ValidationRules.appendValueIssues(
  ///   of: value, path: { "property '\(name)'" }, dates: .iso8601, ordered: ordered, vendor: "Acme", into: &issues)
  /// ```
  @inlinable
  public static func appendValueIssues(
    of value: PropertyValue, path: () -> String, dates: VendorJSON.DateFormat, ordered: Bool, vendor: String,
    into issues: inout [ValidationIssue],
    scalarIssue: (_ scalar: PropertyValue, _ path: () -> String) -> ValidationIssue? = { _, _ in nil }
  ) {
    // `scalarIssue` only runs while the walk does: it does not really escape.
    withoutActuallyEscaping(scalarIssue) { scalarIssue in
      forEachScalar(in: value, path: path, ordered: ordered) { scalar, path in
        if let issue = nonFiniteNumberIssue(scalar, path: path, vendor: vendor) { issues.append(issue) }
        if let issue = dateIssue(scalar, path: path, encoding: dates, vendor: vendor) { issues.append(issue) }
        if let issue = scalarIssue(scalar, path) { issues.append(issue) }
      }
    }
  }

  /// The issue for a number JSON can't carry (NaN or an infinity), or `nil` for any other value.
  @inlinable
  public static func nonFiniteNumberIssue(
    _ value: PropertyValue, path: () -> String, vendor: String
  ) -> ValidationIssue? {
    guard case let .double(number) = value, !number.isFinite else { return nil }
    return ValidationIssue(
      vendor: vendor, rule: "property-value-number",
      message: "\(path()) is \(number), which JSON cannot carry. To fix this, send a finite number or leave the property out."
    )
  }

  /// The issue for a date the vendor's format can't carry (rule `property-value-date`), or `nil` for any
  /// other value: a date that is not finite, or outside what `encoding` writes
  /// (``VendorJSON/DateFormat/canEncode(_:)``: years 0000 to 9999 for ISO-8601, a 64-bit count of units
  /// since 1970 for the numeric formats).
  @inlinable
  public static func dateIssue(
    _ value: PropertyValue, path: () -> String, encoding: VendorJSON.DateFormat, vendor: String
  ) -> ValidationIssue? {
    guard case let .date(date) = value, !encoding.canEncode(date) else { return nil }
    let seconds = date.timeIntervalSince1970
    let range = switch encoding {
    case .iso8601: "\(vendor) takes ISO-8601 dates, years 0000 to 9999"
    case .secondsSince1970: "\(vendor) takes seconds since 1970 that fit a 64-bit integer"
    case .millisecondsSince1970: "\(vendor) takes milliseconds since 1970 that fit a 64-bit integer"
    case .microsecondsSince1970: "\(vendor) takes microseconds since 1970 that fit a 64-bit integer"
    }
    let what = seconds.isFinite ? "a date \(seconds) seconds from 1970" : "a date of \(seconds) seconds since 1970"
    return ValidationIssue(
      vendor: vendor, rule: "property-value-date",
      message: "\(path()) is \(what), which JSON cannot carry: \(range). To fix this, send a real date or leave "
        + "the property out."
    )
  }

  /// Whether every character of `text` is whitespace (so also `""`): `text.allSatisfy(\.isWhitespace)`.
  @inlinable
  public static func isBlank(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return true }
    // A character is whitespace when its first scalar is; an ASCII first byte is that scalar.
    if first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
    return text.allSatisfy(\.isWhitespace)
  }

  /// Whether `text` has more than `limit` Unicode scalars: `text.unicodeScalars.count > limit`, counted only
  /// when its UTF-8 form (never shorter) is over the limit.
  @inlinable
  public static func hasMoreScalars(_ text: String, than limit: Int) -> Bool {
    text.utf8.count > limit && text.unicodeScalars.count > limit
  }

  /// `text.hasPrefix(prefix)`, deciding the common case (the first bytes differ) without `Character`s.
  ///
  /// Text can only start with an ASCII prefix by starting with its bytes, except through the three ASCII
  /// characters with a canonically equivalent non-ASCII spelling (`K`, `;` and `` ` ``); prefixes with
  /// those, or with non-ASCII, always take the `Character`-wise path. So does a byte match, to confirm it
  /// (the two differ when a combining mark follows the prefix).
  @inlinable
  public static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    guard let first = prefix.utf8.first else { return true }
    if isCanonicallyAmbiguous(first) { return text.hasPrefix(prefix) }
    guard text.utf8.first == first else { return false }
    if prefix.utf8.contains(where: isCanonicallyAmbiguous) { return text.hasPrefix(prefix) }
    return text.utf8.starts(with: prefix.utf8) && text.hasPrefix(prefix)
  }

  @inlinable
  static func isCanonicallyAmbiguous(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "K") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "`")
  }
}
