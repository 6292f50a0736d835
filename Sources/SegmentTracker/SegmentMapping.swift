import Foundation
import Trackers

/// How the vendor-neutral vocabulary becomes Segment HTTP Tracking API messages: pure functions, no I/O.
///
/// | `AnalyticsData`            | Segment message                                                  |
/// |----------------------------|------------------------------------------------------------------|
/// | `.event(name, properties)` | `type: "track"`, `event: name`, `properties`                     |
/// | `.screen(name, properties)`| `type: "screen"`, `name`, `properties`                           |
/// | `.userId(id)`              | `type: "identify"`, `userId: id` with the `anonymousId` (links)  |
/// | `.userId(nil)`             | nothing sent: the identity is reset (new anonymous id)           |
/// | `.userProperty(name, v)`   | `type: "identify"`, `traits: {name: v}`                          |
/// | `.error(message, props)`   | `type: "track"`, `event: "Error"`, `properties.message: message` |
///
/// Every message carries `anonymousId`, `userId` once known, and an ISO-8601 `timestamp`. `messageId` is
/// added when the request is built, from the delivery record's id, so it stays the same across retries.
/// Numbers stay numbers; dates inside properties and traits are ISO-8601 strings, as Segment's spec asks.
///
/// ```swift
/// let message = SegmentMapping.message(for: .screen(name: "Cart"), identity: identity, time: now)
/// // {"type": "screen", "name": "Cart", "anonymousId": "...", "timestamp": "2026-11-21T09:30:00.000Z"}
/// ```
public enum SegmentMapping {
  /// The `event` of ``AnalyticsData/error(message:properties:)``.
  public static let errorEventName = "Error"
  /// The property that carries an error's message.
  public static let errorMessageProperty = "message"
  /// How dates are written: Segment's spec uses ISO-8601 strings everywhere.
  public static let dates = DateEncoding.iso8601

  /// The Segment message for `data`, or `nil` when `data` only changes the identity (logout).
  ///
  /// - Parameters:
  ///   - identity: the identity *after* `data` (see ``SegmentIdentity/applying(_:newAnonymousId:)``).
  ///   - time: when the event happened.
  public static func message(for data: AnalyticsData, identity: SegmentIdentity, time: Date) -> PropertyValue? {
    var message: [String: PropertyValue] = [
      "anonymousId": .string(identity.anonymousId),
      "timestamp": .date(time),
    ]
    if let userId = identity.userId { message["userId"] = .string(userId) }
    switch data {
    case let .event(name, properties):
      message["type"] = "track"
      message["event"] = .string(name)
      if !properties.isEmpty { message["properties"] = .object(properties) }
    case let .screen(name, properties):
      message["type"] = "screen"
      message["name"] = .string(name)
      if !properties.isEmpty { message["properties"] = .object(properties) }
    case .userId(nil):
      return nil
    case .userId:
      message["type"] = "identify"
    case let .userProperty(name, value):
      message["type"] = "identify"
      message["traits"] = .object([name: value])
    case let .error(errorMessage, properties):
      message["type"] = "track"
      message["event"] = .string(errorEventName)
      message["properties"] = .object(properties.merging([errorMessageProperty: .string(errorMessage)]) { _, new in new })
    }
    return .object(message)
  }

  /// The JSON bytes of one mapped message, with dates in Segment's format.
  public static func encode(_ message: PropertyValue) -> [UInt8] {
    message.jsonBytes(dates: dates)
  }
}
