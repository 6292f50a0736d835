/// What events are used for, so that consent can be given for one use and refused for another.
///
/// ```swift
/// consent.grant(.analytics)
/// consent.deny(.marketing)
/// let personalization: ConsentPurpose = "personalization"   // your own purpose
/// ```
public struct ConsentPurpose: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The purpose's stable name, as it is saved in the consent file.
  public var rawValue: String

  /// Creates a purpose from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A purpose from a string literal: `let ads: ConsentPurpose = "ads"`.
  public init(stringLiteral rawValue: String) {
    self.rawValue = rawValue
  }

  /// Measuring how the app is used: product analytics, crash and error counts.
  public static let analytics: ConsentPurpose = "analytics"
  /// Advertising, attribution and remarketing.
  public static let marketing: ConsentPurpose = "marketing"

  /// Orders purposes by name, so stored and printed states are stable.
  public static func < (lhs: ConsentPurpose, rhs: ConsentPurpose) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The purpose's name.
  public var description: String { rawValue }
}
