/// When a vendor's session ends and what its id looks like: what ``VendorSession`` applies for GA4,
/// Amplitude and PostHog, each with the defaults of the vendor's official SDK.
///
/// ```swift
/// // Amplitude-Swift: 5 minutes, kept alive while the app is in the foreground, id in milliseconds.
/// SessionRules(timeout: .seconds(5 * 60), idUnit: .milliseconds, continuesInForeground: true)
/// ```
public struct SessionRules: Sendable, Hashable {
  /// The unit of a session's numeric id, its start time since 1970.
  public enum IDUnit: Sendable, Hashable {
    /// Seconds (GA4's `session_id`, like gtag's `ga_session_id`).
    case seconds
    /// Milliseconds (Amplitude's `session_id`).
    case milliseconds
  }

  /// A session ends after this long without activity (an event, or a transition to or from the
  /// background).
  public var timeout: Duration
  /// A session ends this long after it started, however active (PostHog: 24 hours); `nil`: no limit.
  public var maxLength: Duration?
  /// The unit of the session's numeric id (``VendorSession/Stamp/id``).
  public var idUnit: IDUnit
  /// Whether each session also gets a version 7 UUID (PostHog's `$session_id`).
  public var makesUUID: Bool
  /// Whether the session can't time out while the app is in the foreground (Amplitude, and GA4 as
  /// Firebase counts engagement): only time in the background counts as inactivity. Needs an
  /// ``Trackers/ApplicationLifecycle`` to know; without one, only the time between events counts.
  public var continuesInForeground: Bool
  /// Whether another user id (sign-in, sign-in of someone else, sign-out) starts a new session. None of
  /// the official SDKs of this package's vendors does: GA4's (Firebase `setUserID`, gtag `user_id`),
  /// Amplitude-Swift's `setUserId` and posthog-ios's `identify` keep the session.
  public var endsWhenUserChanges: Bool
  /// Whether a new anonymous id (``Trackers/AnalyticsData/reset``, a privacy reset, another user signing
  /// in) starts a new session: GA4 (a new client id is a new user) and
  /// PostHog (posthog-ios's `reset()` rotates the session), not Amplitude (Amplitude-Swift's `reset()`
  /// keeps it).
  public var endsWhenAnonymousIdChanges: Bool

  /// Creates rules.
  public init(
    timeout: Duration,
    maxLength: Duration? = nil,
    idUnit: IDUnit,
    makesUUID: Bool = false,
    continuesInForeground: Bool = false,
    endsWhenUserChanges: Bool = false,
    endsWhenAnonymousIdChanges: Bool = false
  ) {
    self.timeout = timeout
    self.maxLength = maxLength
    self.idUnit = idUnit
    self.makesUUID = makesUUID
    self.continuesInForeground = continuesInForeground
    self.endsWhenUserChanges = endsWhenUserChanges
    self.endsWhenAnonymousIdChanges = endsWhenAnonymousIdChanges
  }
}
