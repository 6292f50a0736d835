import Trackers

/// What the Amplitude HTTP V2 API receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``amplitudeTracker`` maps each vocabulary case to one of these (see ``amplitudeEvent(for:)``), validates
/// it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// amplitudeEvent(for: .screen(name: "Cart"))
/// // .event(type: "[Amplitude] Screen Viewed", properties: ["[Amplitude] Screen Name": "Cart"])
/// ```
public enum AmplitudeEvent: Sendable, Hashable {
  /// An entry of the request's `events` array: `{"event_type": type, "event_properties": properties, ...}`.
  case event(type: String, properties: [String: PropertyValue])
  /// A `$identify` event with `user_properties: {"$set": {name: value}}`.
  case userProperty(name: String, value: PropertyValue)
  /// Signs a user in (`user_id` on every following event, next to the same `device_id`, which links them)
  /// or out (`nil`: a new `device_id` starts). Nothing is sent for it by itself, as with Amplitude-Swift's
  /// `setUserId`.
  case userId(String?)
}

extension AmplitudeEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(type, properties):
      properties.isEmpty ? "event \(type)" : "event \(type) \(PropertyValue.object(properties))"
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil"
    }
  }
}
