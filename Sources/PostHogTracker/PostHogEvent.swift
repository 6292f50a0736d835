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
  /// A `$set` event with `properties.$set_once`: person properties set only where the person has none of
  /// that name yet (posthog.com/docs/product-analytics/person-properties).
  case setPersonPropertiesOnce([String: PropertyValue])
  /// A `$set` event with `properties.$unset`, the names of person properties to remove
  /// (posthog.com/docs/product-analytics/person-properties, "How to remove person properties").
  case unsetPersonProperties([String])
  /// Signs a user in (a `$identify` event with `$anon_distinct_id`, which merges the anonymous person into
  /// the user; the user id is the `distinct_id` of every following event) or out (`nil`: nothing is sent, a
  /// new anonymous id starts).
  case userId(String?)
  /// Signs a user in and sets their person properties in one `$identify` event, with `$anon_distinct_id`
  /// (the anonymous id, merged into the user) and `$set`, as posthog-ios's `identify(_:userProperties:)`
  /// sends it (PostHog/PostHogSDK.swift, `identify(_:userProperties:userPropertiesSetOnce:)`: one
  /// `$identify` whose `buildProperties` adds `$set`); the user id is the `distinct_id` of every following
  /// event, as after ``userId(_:)``.
  case signIn(userId: String, properties: [String: PropertyValue])
  /// A `$create_alias` event with `distinct_id: userId` and `alias`: this device's anonymous id, which
  /// PostHog merges into the user (posthog.com/docs/api/capture, "Alias").
  case alias(userId: String)
  /// Puts the user in a group: a `$groupidentify` event with `$group_type`, `$group_key` and, with
  /// properties, `$group_set`; every later event carries `$groups: {type: key}`
  /// (posthog.com/docs/api/capture, "Group identify" and "Groups").
  case group(type: String, key: String, properties: [String: PropertyValue])
  /// Nothing PostHog has a form for: what ``TrackersDelivery/VendorPipeline`` handles itself (super
  /// properties, timed events) or a person-property operation PostHog lacks. Validation refuses the
  /// vocabulary event before it gets here, naming the rule; given to the live `send` directly, it is
  /// counted in ``TrackersDelivery/TrackerCounters/unsupportedByKind`` under its kind: `superProperties`,
  /// `timeEvent`, `profile increment`, `profile append`, ...
  case notSent(kind: String)
}

extension PostHogEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .capture(event, properties):
      properties.isEmpty ? "capture \(event)" : "capture \(event) \(PropertyValue.object(properties))"
    case let .setPersonProperties(properties):
      "setPersonProperties \(PropertyValue.object(properties))"
    case let .setPersonPropertiesOnce(properties):
      "setPersonPropertiesOnce \(PropertyValue.object(properties))"
    case let .unsetPersonProperties(names):
      "unsetPersonProperties \(PropertyValue.array(names.map(PropertyValue.string)))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil (signed out, the device stays)"
    case let .signIn(userId, properties):
      "signIn \(PropertyValue.string(userId)) \(PropertyValue.object(properties))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId))"
    case let .group(type, key, properties):
      properties.isEmpty
        ? "group \(PropertyValue.string(type)) \(PropertyValue.string(key))"
        : "group \(PropertyValue.string(type)) \(PropertyValue.string(key)) \(PropertyValue.object(properties))"
    case let .notSent(kind):
      "notSent \(kind)"
    }
  }
}
