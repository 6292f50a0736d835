import Trackers

/// What the Segment HTTP Tracking API receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``segmentTracker`` maps each vocabulary case to one of these (see ``segmentMessage(for:)``), validates
/// it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// segmentMessage(for: .userProperty(name: "plan", value: "pro"))
/// // .identify(traits: ["plan": "pro"])
/// ```
public enum SegmentMessage: Sendable, Hashable {
  /// A `track` call: `{"type": "track", "event": event, "properties": properties}`.
  case track(event: String, properties: [String: PropertyValue])
  /// A `screen` call: `{"type": "screen", "name": name, "properties": properties}`.
  case screen(name: String, properties: [String: PropertyValue])
  /// An `identify` call that sets traits on the user.
  case identify(traits: [String: PropertyValue])
  /// Signs a user in (an `identify` call with `userId` and the `anonymousId`, which links them; `userId` on
  /// every following message) or out (`nil`: nothing is sent, a new `anonymousId` starts).
  case userId(String?)
  /// Signs a user in and sets their traits in one `identify` call, as analytics-swift's
  /// `identify(userId:traits:)` sends it (Sources/Segment/Events.swift, `identify(userId:traits:)`: one
  /// `IdentifyEvent(userId:traits:)`): `{"type": "identify", "userId": userId, "anonymousId": ...,
  /// "traits": traits}`; `userId` on every following message, as after ``userId(_:)``.
  case signIn(userId: String, traits: [String: PropertyValue])
  /// An `alias` call that links this device's anonymous id to `userId`:
  /// `{"type": "alias", "previousId": <anonymousId>, "userId": userId}` (segment.com/docs/connections/spec/alias/).
  /// It changes no identity: later messages carry the `userId` of the last ``userId(_:)``.
  case alias(userId: String)
  /// A `group` call that puts the user in the group `groupId` and sets the group's traits:
  /// `{"type": "group", "groupId": groupId, "traits": traits}` (segment.com/docs/connections/spec/group/).
  case group(groupId: String, traits: [String: PropertyValue])
  /// A vocabulary event Segment has no form of (a profile operation other than set, or what
  /// ``TrackersDelivery/VendorPipeline`` applies itself): ``segmentIssues(for:)`` refuses it, so
  /// ``segmentTracker`` never sends it; given to a live `send` directly, it is counted as unsupported and
  /// nothing is sent.
  case unsupported(AnalyticsData)
}

extension SegmentMessage: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .track(event, properties):
      properties.isEmpty ? "track \(event)" : "track \(event) \(PropertyValue.object(properties))"
    case let .screen(name, properties):
      properties.isEmpty ? "screen \(name)" : "screen \(name) \(PropertyValue.object(properties))"
    case let .identify(traits):
      "identify \(PropertyValue.object(traits))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil (signed out, the device stays)"
    case let .signIn(userId, traits):
      "signIn \(PropertyValue.string(userId)) \(PropertyValue.object(traits))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId))"
    case let .group(groupId, traits):
      traits.isEmpty
        ? "group \(PropertyValue.string(groupId))" : "group \(PropertyValue.string(groupId)) \(PropertyValue.object(traits))"
    case let .unsupported(data):
      "unsupported \(data)"
    }
  }
}
