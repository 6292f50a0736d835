import Foundation
import Trackers

/// How the vendor-neutral vocabulary becomes PostHog capture events: pure functions, no I/O.
///
/// | `AnalyticsData`            | PostHog event                                                                  |
/// |----------------------------|--------------------------------------------------------------------------------|
/// | `.event(name, properties)` | `event: name`, `properties: {distinct_id, ...properties}`                      |
/// | `.screen(name, properties)`| `event: "$screen"`, `properties.$screen_name: name`                            |
/// | `.userId(id)`              | `event: "$identify"`, `distinct_id: id`, `$anon_distinct_id: <anonymous id>`   |
/// | `.userId(nil)`             | nothing sent: the identity is reset (new anonymous id)                         |
/// | `.userProperty(name, v)`   | `event: "$set"`, `properties.$set: {name: v}`                                  |
/// | `.error(message, props)`   | `event: "Error"`, `properties.message: message`                                |
///
/// Every event carries `properties.distinct_id` and an ISO-8601 `timestamp`. `uuid` is added when the request
/// is built, from the delivery record's id, so it stays the same across retries. Numbers stay numbers; dates
/// inside properties are ISO-8601 strings.
///
/// ```swift
/// let event = PostHogMapping.event(for: .screen(name: "Cart"), identity: identity, time: now)
/// // {"event": "$screen", "properties": {"distinct_id": "...", "$screen_name": "Cart"},
/// //  "timestamp": "2026-11-21T09:30:00.000Z"}
/// ```
public enum PostHogMapping {
  /// The event of screen views.
  public static let screenEvent = "$screen"
  /// The property that names the screen.
  public static let screenNameProperty = "$screen_name"
  /// The event that links the anonymous id to the user.
  public static let identifyEvent = "$identify"
  /// The property of `$identify` that names the anonymous id being merged.
  public static let anonymousIdProperty = "$anon_distinct_id"
  /// The event that sets person properties.
  public static let setEvent = "$set"
  /// The event of ``AnalyticsData/error(message:properties:)``.
  public static let errorEvent = "Error"
  /// The property that carries an error's message.
  public static let errorMessageProperty = "message"
  /// How dates are written.
  public static let dates = DateEncoding.iso8601

  /// The PostHog event for `data`, or `nil` when `data` only changes the identity (logout).
  ///
  /// - Parameters:
  ///   - identity: the identity *after* `data` (see ``PostHogIdentity/applying(_:newAnonymousId:)``).
  ///   - time: when the event happened.
  public static func event(for data: AnalyticsData, identity: PostHogIdentity, time: Date) -> PropertyValue? {
    let name: String
    var properties: [String: PropertyValue]
    switch data {
    case let .event(eventName, eventProperties):
      name = eventName
      properties = eventProperties
    case let .screen(screenName, screenProperties):
      name = screenEvent
      properties = screenProperties
      properties[screenNameProperty] = .string(screenName)
    case .userId(nil):
      return nil
    case .userId:
      name = identifyEvent
      properties = [anonymousIdProperty: .string(identity.anonymousId)]
    case let .userProperty(propertyName, value):
      name = setEvent
      properties = [setEvent: .object([propertyName: value])]
    case let .error(message, errorProperties):
      name = errorEvent
      properties = errorProperties
      properties[errorMessageProperty] = .string(message)
    }
    properties["distinct_id"] = .string(identity.distinctId)
    return [
      "event": .string(name),
      "properties": .object(properties),
      "timestamp": .date(time),
    ]
  }

  /// The JSON bytes of one mapped event, with dates in PostHog's format.
  public static func encode(_ event: PropertyValue) -> [UInt8] {
    event.jsonBytes(dates: dates)
  }
}
