import Foundation
import Trackers

/// The JSON writing a tracker module built outside this package needs for its wire format: strings,
/// numbers, dates in the vendor's format and property values, appended as UTF-8 bytes to a buffer.
///
/// Events are encoded on the caller's thread, on the hot path of `track`, so these write straight into a
/// byte buffer, without `JSONSerialization` or `Codable`; they are the writer the five vendor modules of
/// this package use. The output is always strict JSON: NaN, infinities and dates the format can't carry
/// become `null`.
///
/// ```swift
/// var bytes: [UInt8] = []
/// VendorJSON.appendLiteral(#"{"event":"#, to: &bytes)
/// VendorJSON.appendString("Signup", to: &bytes)
/// VendorJSON.appendLiteral(#","properties":"#, to: &bytes)
/// VendorJSON.append(.object(["seats": 5]), to: &bytes)
/// VendorJSON.appendLiteral("}", to: &bytes)   // {"event":"Signup","properties":{"seats":5}}
/// ```
public enum VendorJSON {
  /// How a ``Trackers/PropertyValue/date(_:)`` is written: each vendor wants its own format.
  ///
  /// Each format carries a range of dates (``canEncode(_:)``): validate with
  /// ``ValidationRules/dateIssue(_:path:encoding:vendor:)`` to refuse a date outside it with the rule
  /// `property-value-date`; ``VendorJSON/appendDate(_:format:to:)`` writes `null` for one that reaches it
  /// anyway.
  public enum DateFormat: Sendable, Hashable {
    /// `"2026-11-21T09:30:00.123Z"`, always UTC with milliseconds; years 0000 to 9999.
    case iso8601
    /// Whole seconds since 1970 as a number that fits a 64-bit integer.
    case secondsSince1970
    /// Whole milliseconds since 1970 as a number that fits a 64-bit integer.
    case millisecondsSince1970
    /// Whole microseconds since 1970 as a number that fits a 64-bit integer (about ±292,000 years).
    case microsecondsSince1970

    /// Whether this format can write `date`: it is finite and, for ISO-8601, from
    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z; for the numeric formats, its whole units since
    /// 1970 fit a 64-bit integer.
    ///
    /// ```swift
    /// VendorJSON.DateFormat.iso8601.canEncode(.distantFuture)                       // true: year 4001
    /// VendorJSON.DateFormat.iso8601.canEncode(Date(timeIntervalSince1970: -1e15))   // false
    /// ```
    public func canEncode(_ date: Date) -> Bool {
      encoding.canEncode(date)
    }

    /// The writer's encoding for this format.
    @inlinable
    package var encoding: DateEncoding {
      switch self {
      case .iso8601: .iso8601
      case .secondsSince1970: .secondsSince1970
      case .millisecondsSince1970: .millisecondsSince1970
      case .microsecondsSince1970: .microsecondsSince1970
      }
    }
  }

  /// Appends `string` as a quoted JSON string, escaping quotes, backslashes and control characters.
  @inlinable  // the writer's call, inlined into the module: the wire encoding is on the hot path
  public static func appendString(_ string: String, to bytes: inout [UInt8]) {
    JSONWriter.appendString(string, to: &bytes)
  }

  /// Appends the UTF-8 bytes of `literal` as they are (JSON punctuation and member names the caller
  /// already wrote as JSON), without going through `String`.
  ///
  /// ```swift
  /// VendorJSON.appendLiteral(#"{"event":"#, to: &bytes)
  /// ```
  @inlinable
  public static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
    // The writer's own `appendLiteral` is package and can't be inlined here; this is the same one line.
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends an integer in decimal.
  @inlinable
  public static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
    JSONWriter.appendInt(value, to: &bytes)
  }

  /// Appends a double in its shortest round-tripping form; NaN and infinities, which JSON can't express,
  /// become `null`. An integral double keeps a fraction (`5.0`), so it stays a double when parsed back.
  @inlinable
  public static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
    JSONWriter.appendDouble(value, to: &bytes)
  }

  /// Appends `date` in `format` (ISO-8601 quoted, the numeric formats as a bare number), or `null` for a
  /// date the format can't carry (``DateFormat/canEncode(_:)``): never a trap, whatever the date.
  @inlinable
  public static func appendDate(_ date: Date, format: DateFormat, to bytes: inout [UInt8]) {
    JSONWriter.appendDate(date, encoding: format.encoding, to: &bytes)
  }

  /// Appends `value` as JSON, at any depth (below ``Trackers/PropertyValue/maximumDepth`` levels it is
  /// written with an explicit stack, so no depth exhausts the stack).
  ///
  /// - Parameters:
  ///   - dates: how dates are written, in the vendor's format.
  ///   - sortedKeys: write object members in key order, for output that is the same on every run.
  @inlinable
  public static func append(
    _ value: PropertyValue, dates: DateFormat = .iso8601, sortedKeys: Bool = false, to bytes: inout [UInt8]
  ) {
    value.appendJSON(to: &bytes, dates: dates.encoding, sortedKeys: sortedKeys)
  }

  /// `value` as a JSON string, as ``append(_:dates:sortedKeys:to:)`` writes it.
  ///
  /// ```swift
  /// VendorJSON.string(.object(["plan": "pro"]))   // {"plan":"pro"}
  /// ```
  public static func string(_ value: PropertyValue, dates: DateFormat = .iso8601, sortedKeys: Bool = false) -> String {
    value.jsonString(dates: dates.encoding, sortedKeys: sortedKeys)
  }
}
