import Trackers

/// What the GA4 Measurement Protocol receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``googleAnalyticsTracker`` maps each vocabulary case to one of these (see ``googleAnalyticsEvent(for:)``),
/// validates it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// googleAnalyticsEvent(for: .screen(name: "Cart"))
/// // .event(name: "screen_view", params: ["screen_name": "Cart"])
/// ```
public enum GoogleAnalyticsEvent: Sendable, Hashable {
  /// An entry of the request's `events` array: `{"name": ..., "params": {...}}`.
  case event(name: String, params: [String: PropertyValue])
  /// A user property, sent in `user_properties` with every following request.
  case userProperty(name: String, value: PropertyValue)
  /// The `user_id` of every following request; `nil` stops sending one (sign-out).
  case userId(String?)
}

extension GoogleAnalyticsEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(name, params):
      params.isEmpty ? "event \(name)" : "event \(name) \(PropertyValue.object(params))"
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil"
    }
  }
}
