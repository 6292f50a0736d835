// In Trackers, not TrackersDelivery: an app that migrates from a vendor's SDK imports `Trackers` and the
// vendor module, and sets `configuration.existingIdentity` (issue 38: the Amplitude page's snippet failed
// with "cannot find 'ExistingIdentity' in scope").

/// The ids an app's users already have with a vendor, from the official SDK a module replaces
/// (each vendor module's `configuration.existingIdentity`): the module starts from them when its storage
/// directory has no identity yet, so a user is not counted twice.
///
/// ```swift
/// // Moving from mixpanel-swift: its distinct id before sign-in is "$device:<device id>".
/// configuration.existingIdentity = ExistingIdentity(anonymousId: deviceId, userId: signedInUserId)
/// ```
public struct ExistingIdentity: Sendable, Hashable {
  /// The anonymous or device id the SDK gave this install (Amplitude `deviceId`, Segment `anonymousId`,
  /// PostHog's anonymous distinct id, Mixpanel's `$device_id`, GA4's `app_instance_id`/`client_id`);
  /// `nil` or empty makes a new one.
  public var anonymousId: String?
  /// The signed-in user's id, or `nil`.
  public var userId: String?

  /// Creates the ids to start from.
  public init(anonymousId: String?, userId: String? = nil) {
    self.anonymousId = anonymousId
    self.userId = userId
  }
}
