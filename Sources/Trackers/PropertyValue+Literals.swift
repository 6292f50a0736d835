import Foundation

extension PropertyValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension PropertyValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension PropertyValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension PropertyValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: PropertyValue...) { self = .array(elements) }
}

extension PropertyValue: ExpressibleByDictionaryLiteral {
  /// An object; a key given twice keeps its last value.
  public init(dictionaryLiteral elements: (String, PropertyValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension PropertyValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}
