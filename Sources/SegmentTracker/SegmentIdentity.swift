import Trackers

/// Who Segment's messages are about: an anonymous id always, the user id once known.
///
/// Segment needs a `userId` or an `anonymousId` on every message; this module always sends the anonymous id
/// and adds the user id after ``AnalyticsData/userId(_:)``, so Segment links the two. The live environment
/// keeps the identity in its storage directory so a relaunch keeps the same anonymous id.
public struct SegmentIdentity: Sendable, Hashable, Codable {
  /// The signed-in user's id, or `nil` while anonymous.
  public var userId: String?
  /// A random id for this install, replaced on logout or when another user signs in.
  public var anonymousId: String

  /// Creates an identity.
  public init(userId: String? = nil, anonymousId: String) {
    self.userId = userId
    self.anonymousId = anonymousId
  }

  /// The identity after `data`.
  ///
  /// `.userId(id)` signs `id` in. Logging out, or signing a different user in, starts a new anonymous id (what
  /// Segment's SDKs do on `reset()`), so two people's events on one device are never linked. Other cases
  /// leave the identity as it is.
  public func applying(_ data: AnalyticsData, newAnonymousId: () -> String) -> SegmentIdentity {
    guard case let .userId(newUserId) = data else { return self }
    switch (userId, newUserId) {
    case (_, nil):
      return SegmentIdentity(userId: nil, anonymousId: newAnonymousId())
    case let (current?, new?) where current != new:
      return SegmentIdentity(userId: new, anonymousId: newAnonymousId())
    case let (_, new?):
      return SegmentIdentity(userId: new, anonymousId: anonymousId)
    }
  }
}
