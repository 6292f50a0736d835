/// What a pullback's transform may return: one event, none, or several.
///
/// `Optional` drops (`nil` forwards nothing) and `Array` fans out (each element, in order); a transform
/// that returns one event takes the pullback forms of its own. Nothing else needs to conform:
///
/// ```swift
/// @Sendable func analytics(_ event: SessionEvent) -> [AnalyticsData] {
///   switch event {
///   case let .signedIn(userId): [.userId(userId), .event(name: "signed_in")]
///   case .tokenRefreshed: []
///   }
/// }
/// let sessionTracker: Tracker<AppEvent> = pullback(segmentTracker, action: \.session, transform: analytics)
/// ```
public protocol ForwardedEvents<Event> {
  // `AnalyticsData` does not conform, though it is one event: then every total transform to it would fit
  // both pullback forms, and a variadic `combine` of 40 pullbacks with some dropping transforms took the
  // compiler 35 s instead of 0.4 (.ci/root-typecheck).
  /// The event a tracker receives.
  associatedtype Event

  /// Calls `body` with each event, in order.
  func forEachEvent(_ body: (Event) -> Void)
}

extension Optional: ForwardedEvents {
  /// Calls `body` with the wrapped event, or not at all when there is none.
  @inlinable
  public func forEachEvent(_ body: (Wrapped) -> Void) {
    if let self { body(self) }
  }
}

extension Array: ForwardedEvents {
  /// Calls `body` with each event, in order.
  @inlinable
  public func forEachEvent(_ body: (Element) -> Void) {
    for event in self { body(event) }
  }
}
