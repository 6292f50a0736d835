import Trackers

extension IdentityStore.Identity {
  /// The identity after `.userId(userId)` for vendors that link an anonymous id to the user (Amplitude,
  /// Segment, PostHog).
  ///
  /// Signing in keeps the anonymous id, so the vendor links what the user did before. Signing out, or
  /// signing a different user in, starts a new anonymous id (the vendors' own `reset()`): two people on
  /// one device are never merged into one user. The groups go with the previous anonymous id: they were
  /// the previous user's, and would attribute the next one's events to them (posthog-ios's `reset()`
  /// forgets them too).
  ///
  /// ```swift
  /// identity = identity.signingIn("user-42", newAnonymousId: { RecordID().uuidString })
  /// ```
  public func signingIn(_ userId: String?, newAnonymousId: () -> String) -> Self {
    var next = self
    switch (self.userId, userId) {
    case (_, nil):
      next.userId = nil
      next.anonymousId = newAnonymousId()
      next.groups = [:]
    case let (current?, new?) where current != new:
      next.userId = new
      next.anonymousId = newAnonymousId()
      next.groups = [:]
    case let (_, new?):
      next.userId = new
    }
    return next
  }
}
