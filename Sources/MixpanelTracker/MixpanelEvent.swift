import Trackers

/// What Mixpanel receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ```swift
/// mixpanelEvent(for: .userProperty(name: "plan", value: "pro"))   // .setProfileProperty(name: "plan", value: "pro")
/// ```
public enum MixpanelEvent: Sendable, Hashable {
  /// An event for `/import`: `{"event": name, "properties": {...}}`.
  case event(name: String, properties: [String: PropertyValue])
  /// A profile update for `/engage`: `{"$set": {name: value}}` on the current user's profile.
  case setProfileProperty(name: String, value: PropertyValue)
  /// The identity of the following events: `$user_id` set (sign-in), or `nil` for a sign-out, which also
  /// starts a new anonymous `$device_id` (what the SDKs' `reset()` does).
  case identify(String?)
}

extension MixpanelEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(name, properties):
      properties.isEmpty ? "event \(name)" : "event \(name) \(PropertyValue.object(properties))"
    case let .setProfileProperty(name, value):
      "$set \(name) = \(value)"
    case let .identify(id?):
      "identify \(PropertyValue.string(id))"
    case .identify(nil):
      "identify nil (reset)"
    }
  }
}
