import Trackers

/// What the PostHog capture API receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``postHogTracker`` maps each vocabulary case to one of these (see ``postHogEvent(for:)``), validates it,
/// and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// postHogEvent(for: .screen(name: "Cart"))
/// // .capture(event: "$screen", properties: ["$screen_name": "Cart"])
/// ```
public enum PostHogEvent: Sendable, Hashable {
  /// An entry of the request's `batch`: `{"event": event, "properties": {"distinct_id": ..., ...properties}}`.
  case capture(event: String, properties: [String: PropertyValue])
  /// A `$set` event with `properties.$set`: person properties.
  case setPersonProperties([String: PropertyValue])
  /// Signs a user in (a `$identify` event with `$anon_distinct_id`, which merges the anonymous person into
  /// the user; the user id is the `distinct_id` of every following event) or out (`nil`: nothing is sent, a
  /// new anonymous id starts).
  case userId(String?)
}

extension PostHogEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .capture(event, properties):
      properties.isEmpty ? "capture \(event)" : "capture \(event) \(PropertyValue.object(properties))"
    case let .setPersonProperties(properties):
      "setPersonProperties \(PropertyValue.object(properties))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil"
    }
  }
}
