// The swift-case-paths names apps use unqualified (`CasePath`, `AnyCasePath`, `CasePathable`,
// `CaseKeyPath`), declared with the shapes swift-case-paths 1.5 gives them, and what `@CasePathable`
// expands to written by hand (the macro needs swift-syntax, which this check doesn't build). The part that
// matters for `pullback`: `CasePathable`'s dynamic-member subscript takes a
// `KeyPath<AllCasePaths, AnyCasePath<Self, Member>> & Sendable` and returns `Member?`, so
// `\AppEvent.checkout` is a key path to an optional case value.

/// A stand-in for swift-case-paths' `AnyCasePath`: embed a value into a case, or extract it.
public struct AnyCasePath<Root, Value>: Sendable {
  private let embedValue: @Sendable (Value) -> Root
  private let extractValue: @Sendable (Root) -> Value?
  /// Creates a case path from an embed and an extract function.
  public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
    self.embedValue = embed
    self.extractValue = extract
  }
  /// Wraps a value in the root's case.
  public func embed(_ value: Value) -> Root { embedValue(value) }
  /// The case's value when `root` is that case.
  public func extract(from root: Root) -> Value? { extractValue(root) }
}

/// A stand-in for swift-case-paths' `CasePath` (a deprecated alias of `AnyCasePath` there).
public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>

/// A stand-in for swift-case-paths' `CasePathable`: a type with a case path per case.
public protocol CasePathable {
  /// The type holding one case path per case.
  associatedtype AllCasePaths: Sendable
  /// The case paths.
  static var allCasePaths: AllCasePaths { get }
}

extension CasePathable {
  /// The value of the case the key path names, when `self` is that case: `event.checkout`.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<AllCasePaths, AnyCasePath<Self, Member>> & Sendable
  ) -> Member? {
    Self.allCasePaths[keyPath: keyPath].extract(from: self)
  }
}

/// A stand-in for swift-case-paths' `CaseKeyPath`: a key path naming one case of `Root`.
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>
