/// Builds the trackers of ``combineTrackers(_:)``, one line each.
///
/// Each line is type-checked on its own, so a root of 100 features compiles as fast as a hand-written
/// `switch`, and a wrong argument is reported at its line. `if`, `if #available`, `switch` and `for` work
/// as in any result builder:
///
/// ```swift
/// let track: Tracker<AppEvent> = combineTrackers {
///   pullback(amplitudeTracker, action: \.checkout, transform: checkoutAnalytics)
///   if configuration.sendsSearchToGoogle {
///     pullback(googleAnalyticsTracker, action: \.search, transform: searchAnalytics)
///   }
///   for vendor in [amplitudeTracker, mixpanelTracker] {
///     pullback(vendor, action: \.session, transform: sessionAnalytics)
///   }
/// }
/// ```
@resultBuilder
public enum TrackerBuilder<Event> {
  /// One line: a tracker of the root's events.
  @inlinable
  public static func buildExpression(_ tracker: @escaping Tracker<Event>) -> [Tracker<Event>] {
    [tracker]
  }

  /// The lines of a block, in order.
  @inlinable
  public static func buildBlock(_ components: [Tracker<Event>]...) -> [Tracker<Event>] {
    components.flatMap { $0 }
  }

  /// An `if` without `else`: its trackers when the condition held, none otherwise.
  @inlinable
  public static func buildOptional(_ component: [Tracker<Event>]?) -> [Tracker<Event>] {
    component ?? []
  }

  /// The first branch of an `if`-`else` or a `switch`.
  @inlinable
  public static func buildEither(first component: [Tracker<Event>]) -> [Tracker<Event>] {
    component
  }

  /// The second branch of an `if`-`else` or a `switch`.
  @inlinable
  public static func buildEither(second component: [Tracker<Event>]) -> [Tracker<Event>] {
    component
  }

  /// A `for` loop: the trackers of every pass, in order.
  @inlinable
  public static func buildArray(_ components: [[Tracker<Event>]]) -> [Tracker<Event>] {
    components.flatMap { $0 }
  }

  /// An `if #available` block.
  @inlinable
  public static func buildLimitedAvailability(_ component: [Tracker<Event>]) -> [Tracker<Event>] {
    component
  }

  /// The combined tracker: every event to each line's tracker, in order.
  @inlinable
  public static func buildFinalResult(_ components: [Tracker<Event>]) -> Tracker<Event> {
    combine(components)
  }
}

/// Combines the trackers of a block, one per line, into one that sends every event to each of them in
/// order: the form for an app's composition root.
///
/// ```swift
/// let track: Tracker<AnalyticsEvent> = combineTrackers {
///   pullback(googleAnalyticsTracker, action: \.app)
///   pullback(firebaseAppEventTracker, action: \.app)
///   pullback(firebaseAPIErrorTracker, action: \.api)
///   pullback(mixpanelTracker, action: \.user)
/// }
/// ```
///
/// It sends what ``combine(_:)-(Tracker<Event>...)`` of the same trackers sends. Prefer it at a root of
/// more than a few features: the compiler checks each line on its own, so 100 features type-check in about
/// the time of a hand-written `switch`, and a mistake is reported at the line that has it. One variadic
/// `combine(...)` call is a single expression: it type-checks fast when it is right, but a wrong argument
/// among 20 or more can take the compiler minutes to find. The name is not `combine`: a trailing closure
/// also fits `combine(_:)`'s variadic trackers, and the compiler would report a mistake in the block as
/// "contextual type for closure argument list expects 1 argument".
@inlinable
public func combineTrackers<Event>(
  @TrackerBuilder<Event> _ trackers: () -> Tracker<Event>
) -> Tracker<Event> {
  trackers()
}
