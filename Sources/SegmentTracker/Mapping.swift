import Trackers

/// The Segment form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Segment |
/// |---|---|
/// | `.event(name, properties)` | `track` with `event: name`, `properties` |
/// | `.screen(name, properties)` | `screen` with `name`, `properties` |
/// | `.error(message, properties)` | `track` with `event: "Error"`, `properties.message` |
/// | `.userProperty(name, value)` | `identify` with `traits: {name: value}` |
/// | `.userId(id)` | `identify` with `userId` and the `anonymousId` (links them); `userId` on every following message |
/// | `.userId(nil)` | nothing sent; a new `anonymousId` starts (Segment's `reset()`) |
///
/// ```swift
/// segmentMessage(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .track(event: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
/// ```
public func segmentMessage(for data: AnalyticsData) -> SegmentMessage {
  switch data {
  case let .event(name, properties):
    return .track(event: name, properties: properties)
  case let .screen(name, properties):
    return .screen(name: name, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[SegmentNames.errorMessage] = .string(message)
    return .track(event: SegmentNames.error, properties: properties)
  case let .userProperty(name, value):
    return .identify(traits: [name: value])
  case let .userId(id):
    return .userId(id)
  case let .lifecycle(event):
    return .track(event: event.name, properties: event.properties)
  // Issue 22, step 1: the vocabulary landed; this module's own forms of these follow.
  case let .standard(event, properties):
    return segmentMessage(for: .event(name: event.name, properties: event.properties.merging(properties) { event, _ in event }))
  case .alias, .group, .profile, .superProperties, .timeEvent:
    return segmentMessage(for: .event(name: ""))
  }
}

/// The names this module uses for the vocabulary cases Segment has no direct form of.
public enum SegmentNames {
  /// The `track` event of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  public static let error = "Error"
  /// Its property holding the message: `message`.
  public static let errorMessage = "message"
}
