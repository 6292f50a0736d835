import Trackers

extension IdentityStore.Identity {
  /// The identity after `.userId(userId)` for vendors that link an anonymous id to the user (Amplitude,
  /// Segment, PostHog).
  ///
  /// Signing in keeps the anonymous id, so the vendor links what the user did before. Signing out
  /// (`nil`) keeps it too: the device stays, as Amplitude-Swift's `setUserId(nil)` and Firebase's
  /// `setUserID(nil)` keep theirs, so an app that sends its current user id at every launch (`nil` when
  /// signed out) stays one anonymous user. The groups go with the user who signs out: they were that
  /// user's, and would attribute the next events to them. A sign-out while nobody is signed in changes
  /// nothing. Signing a different user in while one is signed in starts a new anonymous id (the vendors'
  /// own `reset()`), so two people on one device are never merged into one user. To start over on
  /// purpose the app sends ``Trackers/AnalyticsData/reset``, which the kit applies itself for every module.
  ///
  /// ```swift
  /// identity = identity.signingIn("user-42", newAnonymousId: { RecordID().uuidString })
  /// ```
  public func signingIn(_ userId: String?, newAnonymousId: () -> String) -> Self {
    var next = self
    switch (self.userId, userId) {
    case (nil, nil):
      break
    case (_?, nil):
      next.userId = nil
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

  /// The identity after ``Trackers/AnalyticsData/reset``, for every vendor: a new anonymous id, no user
  /// id, no groups and no stored user properties, as the SDKs' `reset()` and Firebase's
  /// `resetAnalyticsData` leave them. The saved session stays, so the module's ``SessionRules`` decide
  /// whether the new anonymous id starts a new session. The kit's pipeline applies it; a module never does.
  package func resetting(newAnonymousId: () -> String) -> Self {
    Self(anonymousId: newAnonymousId(), session: session)
  }
}
