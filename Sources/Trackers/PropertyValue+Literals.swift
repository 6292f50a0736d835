import Foundation

extension PropertyValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
  /// A string: `"pro"`.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyValue: ExpressibleByIntegerLiteral {
  /// An integer: `5`.
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension PropertyValue: ExpressibleByFloatLiteral {
  /// A double: `9.99`.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension PropertyValue: ExpressibleByBooleanLiteral {
  /// A Boolean: `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PropertyValue: ExpressibleByArrayLiteral {
  /// An array: `["new", "promo"]`.
  public init(arrayLiteral elements: PropertyValue...) { self = .array(elements) }
}

extension PropertyValue: ExpressibleByDictionaryLiteral {
  /// An object; a key given twice keeps its last value.
  public init(dictionaryLiteral elements: (String, PropertyValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

// Not `ExpressibleByNilLiteral`: a `nil` written as a property would be sent as JSON `null`, where an app's
// schema wants the key absent. A value that may be missing is an optional the app leaves out
// (`compactMapValues`, or `enriching(_:with:)` which drops `nil`s); `.null` is the explicit JSON `null`.
