import Foundation

/// A typed property value: what an event, a screen or a user property carries.
///
/// Literals just work, so properties read like JSON:
///
/// ```swift
/// let properties: AnalyticsData.Properties = [
///   "plan": "pro", "seats": 5, "price": 9.99, "trial": false,
///   "tags": ["new", "promo"], "address": ["city": "Lyon"], "coupon": nil,
/// ]
/// ```
///
/// Vendor modules turn each case into the vendor's type: numbers stay numbers, and dates become the
/// vendor's format (milliseconds, seconds, microseconds or ISO-8601).
public enum PropertyValue: Sendable, Hashable {
  /// Text.
  case string(String)
  /// A whole number; stays a number on the wire.
  case int(Int)
  /// A fractional number; non-finite values are written as `null`.
  case double(Double)
  /// A Boolean.
  case bool(Bool)
  /// A moment, written in each vendor's date format.
  case date(Date)
  /// An ordered list of values.
  case array([PropertyValue])
  /// Named values, like a JSON object.
  case object([String: PropertyValue])
  /// The absence of a value, JSON `null`.
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
  public var description: String {
    switch self {
    case let .string(value): PropertyValue.quoted(value)
    case let .int(value): String(value)
    case let .double(value): String(value)
    case let .bool(value): String(value)
    case let .date(value): ISO8601.string(from: value)
    case let .array(values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case let .object(members):
      "{" + members.sorted { $0.key < $1.key }
        .map { "\(PropertyValue.quoted($0.key)): \($0.value)" }
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
