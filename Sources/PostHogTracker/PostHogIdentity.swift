import Trackers

/// Who PostHog's events are about: an anonymous distinct id, replaced by the user id once known.
///
/// The live environment keeps the identity in its storage directory so a relaunch keeps the same
/// anonymous id.
public struct PostHogIdentity: Sendable, Hashable, Codable {
  /// The signed-in user's id, or `nil` while anonymous.
  public var userId: String?
  /// A random id for this install, replaced on logout or when another user signs in.
  public var anonymousId: String

  /// Creates an identity.
  public init(userId: String? = nil, anonymousId: String) {
    self.userId = userId
    self.anonymousId = anonymousId
  }

  /// The `distinct_id` events carry: the user id once known, else the anonymous id.
  public var distinctId: String { userId ?? anonymousId }

  /// The identity after `data`.
  ///
  /// `.userId(id)` signs `id` in (the `$identify` event merges the anonymous id into it). Logging out, or
  /// signing a different user in, starts a new anonymous id (PostHog's `reset()`), because PostHog never
  /// merges two identified users. Other cases leave the identity as it is.
  public func applying(_ data: AnalyticsData, newAnonymousId: () -> String) -> PostHogIdentity {
    guard case let .userId(newUserId) = data else { return self }
    switch (userId, newUserId) {
    case (_, nil):
      return PostHogIdentity(userId: nil, anonymousId: newAnonymousId())
    case let (current?, new?) where current != new:
      return PostHogIdentity(userId: new, anonymousId: newAnonymousId())
    case let (_, new?):
      return PostHogIdentity(userId: new, anonymousId: anonymousId)
    }
  }
}
