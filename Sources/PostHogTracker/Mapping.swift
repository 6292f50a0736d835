import Trackers

/// The PostHog form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | PostHog |
/// |---|---|
/// | `.event(name, properties)` | `event: name` with the properties |
/// | `.screen(name, properties)` | `event: "$screen"` with `$screen_name: name` |
/// | `.error(message, properties)` | `event: "Error"` with `message` |
/// | `.userProperty(name, value)` | `event: "$set"` with `$set: {name: value}` (PostHog's recommended way to set person properties) |
/// | `.userId(id)` | `event: "$identify"`, `distinct_id: id`, `$anon_distinct_id`: the anonymous id (merges them) |
/// | `.userId(nil)` | nothing sent; a new anonymous id starts (PostHog's `reset()`) |
///
/// ```swift
/// postHogEvent(for: .userProperty(name: "plan", value: "pro"))
/// // .setPersonProperties(["plan": "pro"])
/// ```
public func postHogEvent(for data: AnalyticsData) -> PostHogEvent {
  switch data {
  case let .event(name, properties):
    return .capture(event: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[PostHogNames.screenName] = .string(name)
    return .capture(event: PostHogNames.screen, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[PostHogNames.errorMessage] = .string(message)
    return .capture(event: PostHogNames.error, properties: properties)
  case let .userProperty(name, value):
    return .setPersonProperties([name: value])
  case let .userId(id):
    return .userId(id)
  case let .lifecycle(event):
    return .capture(event: event.name, properties: event.properties)
  // Issue 22, step 1: the vocabulary landed; this module's own forms of these follow.
  case let .standard(event, properties):
    return postHogEvent(for: .event(name: event.name, properties: event.properties.merging(properties) { event, _ in event }))
  case .alias, .group, .profile, .superProperties, .timeEvent:
    return postHogEvent(for: .event(name: ""))
  }
}

/// The names this module uses for the vocabulary cases PostHog has no direct form of.
public enum PostHogNames {
  /// The event of a screen: `$screen`.
  public static let screen = "$screen"
  /// Its property holding the screen's name: `$screen_name`.
  public static let screenName = "$screen_name"
  /// The event of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  public static let error = "Error"
  /// Its property holding the message: `message`.
  public static let errorMessage = "message"
  /// The event that sets person properties, and its property: `$set`.
  public static let set = "$set"
  /// The event that merges the anonymous id into the user: `$identify`.
  public static let identify = "$identify"
  /// Its property naming the anonymous id: `$anon_distinct_id`.
  public static let anonymousDistinctId = "$anon_distinct_id"
}
