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

extension PropertyValue: ExpressibleByNilLiteral {
  /// JSON `null`: `nil`.
  public init(nilLiteral: ()) { self = .null }
}
