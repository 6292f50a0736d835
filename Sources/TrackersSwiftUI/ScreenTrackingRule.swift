/// When a view that tracks a screen tracks it again: the policy a ``ScreenTrackingRule`` applies.
public enum ScreenTrackingPolicy: Sendable, Hashable {
  /// Tracks the first appearance, and later an appearance (or an update while visible) only when it shows
  /// another screen than the one last tracked: a view that re-appears in the same navigation state is not
  /// tracked again. The default.
  case whenScreenChanges
  /// Tracks every appearance, and every update while visible that shows another screen: each tab switch,
  /// each pop back to a view, each return from a full-screen cover counts.
  case onEveryAppearance
}

/// Whether a view tracks its screen now: the decision the `trackScreen` view modifiers make, as a value.
///
/// One rule belongs to one view identity (the modifier keeps it in its `@State`, which lives as long as the
/// view's identity does). Tell it each time the view appears, or shows another screen while visible, and it
/// answers whether to track:
///
/// ```swift
/// var rule = ScreenTrackingRule<AnalyticsData>()
/// for id in ["42", "42", "43"] {
///   let screen = AnalyticsData.screen(name: "Product", properties: ["id": .string(id)])
///   if rule.appeared(showing: screen) { consoleTracker(screen) }
/// }
/// // screen Product {"id": "42"}
/// // screen Product {"id": "43"}
/// ```
///
/// A screen is the same when it is equal: the name and every property of an ``Trackers/AnalyticsData``, or
/// the app's own `Equatable` event.
public struct ScreenTrackingRule<Screen: Equatable>: Equatable {
  /// When the same screen is tracked again.
  public var policy: ScreenTrackingPolicy
  /// The screen this view identity last tracked, if any.
  public private(set) var lastTracked: Screen?

  /// A rule for a view identity that has not appeared yet.
  public init(policy: ScreenTrackingPolicy = .whenScreenChanges) {
    self.policy = policy
    self.lastTracked = nil
  }

  /// Whether an appearance showing `screen` is tracked, without recording it.
  public func tracks(_ screen: Screen) -> Bool {
    switch policy {
    case .onEveryAppearance: true
    case .whenScreenChanges: lastTracked != screen
    }
  }

  /// Records that the view appeared showing `screen` (or now shows `screen` while visible), and returns
  /// whether to track it.
  public mutating func appeared(showing screen: Screen) -> Bool {
    guard tracks(screen) else { return false }
    lastTracked = screen
    return true
  }
}

extension ScreenTrackingRule: Sendable where Screen: Sendable {}
