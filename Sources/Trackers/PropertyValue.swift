import Foundation

/// A typed property value: what an event, a screen or a user property carries.
///
/// Literals just work, so properties read like JSON:
///
/// ```swift
/// let properties: AnalyticsData.Properties = [
///   "plan": "pro", "seats": 5, "price": 9.99, "trial": false,
///   "tags": ["new", "promo"], "address": ["city": "Lyon"], "referrer": .null,
/// ]
/// ```
///
/// No value is no key: `nil` is not a `PropertyValue`, so a property that may be missing is left out, and
/// only ``null`` sends JSON `null`. Write optional values in a dictionary of optionals and drop the `nil`s:
///
/// ```swift
/// let optionals: [String: PropertyValue?] = ["plan": "pro", "coupon": coupon.map(PropertyValue.string)]
/// let properties = optionals.compactMapValues { $0 }  // no "coupon" key without a coupon
/// ```
///
/// Vendor modules turn each case into the vendor's type: numbers stay numbers, and dates become the
/// vendor's format (milliseconds, seconds, microseconds or ISO-8601).
///
/// Any value is safe to hand to the library, however odd: every vendor module's `validate` refuses, with the
/// rule it breaks, what JSON or the vendor can't carry (NaN and infinite numbers, dates outside the vendor's
/// range, values nested deeper than ``maximumDepth``), and no walk of a value (equality, hashing,
/// ``description``, encoding, redaction) can exhaust the stack, at any depth; see <doc:ValuesAndLimits>.
public enum PropertyValue: Sendable, Hashable {
  /// Text.
  case string(String)
  /// A whole number; stays a number on the wire.
  case int(Int)
  /// A fractional number; validation refuses NaN and infinities, which an encoder bypassing it writes as
  /// `null`.
  case double(Double)
  /// A Boolean.
  case bool(Bool)
  /// A moment, written in each vendor's date format; validation refuses a date the format can't carry
  /// (non-finite, outside years 0000-9999 for ISO-8601), which an encoder bypassing it writes as `null`.
  case date(Date)
  /// An ordered list of values.
  case array([PropertyValue])
  /// Named values, like a JSON object.
  case object([String: PropertyValue])
  /// JSON `null`, sent as a value: the key is present. A property with no value is left out instead (see
  /// ``PropertyValue``).
  case null
}

extension PropertyValue {
  /// The string, if this is a string.
  public var stringValue: String? {
    if case let .string(value) = self { value } else { nil }
  }

  /// The number as a `Double`, if this is an int or a double.
  public var doubleValue: Double? {
    switch self {
    case let .int(value): Double(value)
    case let .double(value): value
    default: nil
    }
  }

  /// The integer, if this is an int.
  public var intValue: Int? {
    if case let .int(value) = self { value } else { nil }
  }

  /// The Boolean, if this is a bool.
  public var boolValue: Bool? {
    if case let .bool(value) = self { value } else { nil }
  }

  /// The elements, if this is an array.
  public var arrayValue: [PropertyValue]? {
    if case let .array(value) = self { value } else { nil }
  }

  /// The members, if this is an object.
  public var objectValue: [String: PropertyValue]? {
    if case let .object(value) = self { value } else { nil }
  }

  /// The member named `key`, if this is an object that has it.
  public subscript(key: String) -> PropertyValue? {
    objectValue?[key]
  }
}

extension PropertyValue: CustomStringConvertible {
  /// A compact JSON-like rendering with sorted keys, stable enough to compare and grep.
  ///
  /// Dates are ISO-8601 (one the format can't carry shows as `invalid-date(<seconds since 1970>)`); an array
  /// or object nested deeper than ``maximumDepth`` shows as `[…]` or `{…}`, so that a log line stays short
  /// and its rendering never recurses deeper than that.
  public var description: String {
    description(depth: 0)
  }

  private func description(depth: Int) -> String {
    switch self {
    case let .string(value): PropertyValue.quoted(value)
    case let .int(value): String(value)
    case let .double(value): String(value)
    case let .bool(value): String(value)
    case let .date(value): ISO8601.string(from: value) ?? "invalid-date(\(value.timeIntervalSince1970))"
    case let .array(values):
      depth >= PropertyValue.maximumDepth
        ? "[…]" : "[" + values.map { $0.description(depth: depth + 1) }.joined(separator: ", ") + "]"
    case let .object(members):
      depth >= PropertyValue.maximumDepth
        ? "{…}"
        : "{" + members.sorted { $0.key < $1.key }
          .map { "\(PropertyValue.quoted($0.key)): \($0.value.description(depth: depth + 1))" }
          .joined(separator: ", ") + "}"
    case .null: "null"
    }
  }

  private static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendString(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
