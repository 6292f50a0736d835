/// A path from an enum to one of its cases: embed a value into the case, or extract it back out.
///
/// `EventPath` is the enum counterpart of a key path. It is built by hand from the case constructor and an
/// optional accessor, with no reflection and no macros, so it costs no more than a `guard case let`:
///
/// ```swift
/// enum AnalyticsEvent {
///   case app(AppEvent), api(APIErrorEvent)
///   var app: AppEvent? { guard case let .app(event) = self else { return nil }; return event }
/// }
///
/// let app = EventPath(AnalyticsEvent.app, \.app)
/// let event = app.embed(.appLaunched)      // AnalyticsEvent.app(.appLaunched)
/// let appEvent = app.extract(from: event)  // AppEvent.appLaunched
/// ```
///
/// `embed(_:)` and `extract(from:)` are spelled as in swift-case-paths, so code written against either
/// reads the same.
public struct EventPath<Root, Value>: Sendable {
  @usableFromInline let embedValue: @Sendable (Value) -> Root
  @usableFromInline let extractValue: @Sendable (Root) -> Value?

  /// Wraps a value in the root's case.
  ///
  /// ```swift
  /// EventPath(AnalyticsEvent.app, \.app).embed(.appLaunched)   // .app(.appLaunched)
  /// ```
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  /// The case's value when `root` is that case, or `nil` otherwise.
  ///
  /// ```swift
  /// EventPath(AnalyticsEvent.app, \.app).extract(from: .user(.loggedOut))   // nil
  /// ```
  @inlinable
  public func extract(from root: Root) -> Value? {
    extractValue(root)
  }

  /// Creates a case path from an embed and an extract function.
  ///
  /// ```swift
  /// let api = EventPath<AnalyticsEvent, APIErrorEvent>(
  ///   embed: { .api($0) },
  ///   extract: { if case let .api(event) = $0 { event } else { nil } }
  /// )
  /// ```
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedValue = embed
    self.extractValue = extract
  }

  /// Creates a case path from a case constructor and an optional accessor, typically a key-path literal.
  ///
  /// ```swift
  /// let user = EventPath(AnalyticsEvent.user, \.user)
  /// ```
  @inlinable
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    _ extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.init(embed: embed, extract: extract)
  }

  /// Extends this path into a case of the value, for nested enums.
  ///
  /// ```swift
  /// // AnalyticsEvent.api(APIErrorEvent.timeout(endpoint:))
  /// let timeout = EventPath(AnalyticsEvent.api, \.api)
  ///   .appending(path: EventPath(APIErrorEvent.timeout, \.timeoutEndpoint))
  /// timeout.extract(from: .api(.timeout(endpoint: "/cart")))   // "/cart"
  /// ```
  @inlinable
  public func appending<AppendedValue>(
    path: EventPath<Value, AppendedValue>
  ) -> EventPath<Root, AppendedValue> {
    let embed = embedValue, extract = extractValue
    return EventPath<Root, AppendedValue>(
      embed: { embed(path.embed($0)) },
      extract: { root in extract(root).flatMap { path.extract(from: $0) } }
    )
  }
}
