import Trackers

/// Who Amplitude's events are about: the device always, the user once known.
///
/// Amplitude needs a `user_id` or a `device_id` on every event; this module always sends the device id and
/// adds the user id after ``AnalyticsData/userId(_:)``. The live environment keeps the identity in its
/// storage directory so a relaunch keeps the same device.
public struct AmplitudeIdentity: Sendable, Hashable, Codable {
  /// The signed-in user's id, or `nil` while anonymous.
  public var userId: String?
  /// A random id for this install, replaced on logout or when another user signs in.
  public var deviceId: String

  /// Creates an identity.
  public init(userId: String? = nil, deviceId: String) {
    self.userId = userId
    self.deviceId = deviceId
  }

  /// The identity after `data`.
  ///
  /// `.userId(id)` signs `id` in on this device. Logging out, or signing a different user in, starts a
  /// new device id (what Amplitude's own SDKs do on `reset()`), so two people's events on one phone are never
  /// merged into one user. Other cases leave the identity as it is.
  ///
  /// ```swift
  /// let next = identity.applying(.userId("user-42"), newDeviceId: { UUID().uuidString })
  /// ```
  public func applying(_ data: AnalyticsData, newDeviceId: () -> String) -> AmplitudeIdentity {
    guard case let .userId(newUserId) = data else { return self }
    switch (userId, newUserId) {
    case (_, nil):
      return AmplitudeIdentity(userId: nil, deviceId: newDeviceId())
    case let (current?, new?) where current != new:
      return AmplitudeIdentity(userId: new, deviceId: newDeviceId())
    case let (_, new?):
      return AmplitudeIdentity(userId: new, deviceId: deviceId)
    }
  }
}
