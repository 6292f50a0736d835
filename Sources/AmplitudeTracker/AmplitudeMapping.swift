import Foundation
import Trackers

/// How the vendor-neutral vocabulary becomes Amplitude HTTP V2 events: pure functions, no I/O.
///
/// | `AnalyticsData`            | Amplitude event                                                              |
/// |----------------------------|------------------------------------------------------------------------------|
/// | `.event(name, properties)` | `event_type: name`, `event_properties: properties`                           |
/// | `.screen(name, properties)`| `event_type: "[Amplitude] Screen Viewed"`, `"[Amplitude] Screen Name": name` |
/// | `.userId(id)`              | `event_type: "$identify"` carrying `user_id` and `device_id` (links them)    |
/// | `.userId(nil)`             | nothing sent: the identity is reset (new device id, no user id)              |
/// | `.userProperty(name, v)`   | `event_type: "$identify"`, `user_properties: {"$set": {name: v}}`            |
/// | `.error(message, props)`   | `event_type: "Error"`, `event_properties: {"message": message, ...props}`    |
///
/// Every event carries `device_id`, `user_id` once known, and `time` in milliseconds. `insert_id` is added
/// when the request is built, from the delivery record's id, so it stays the same across retries. Numbers
/// stay numbers; dates inside properties are ISO-8601 strings (Amplitude has no date type, and strings sort
/// and read well in charts).
///
/// ```swift
/// let event = AmplitudeMapping.event(for: .screen(name: "Cart"), identity: identity, time: now)
/// // {"event_type": "[Amplitude] Screen Viewed", "device_id": "...", "time": 1793817970000,
/// //  "event_properties": {"[Amplitude] Screen Name": "Cart"}}
/// ```
public enum AmplitudeMapping {
  /// The event type of screen views, as Amplitude's SDKs send them.
  public static let screenViewedEventType = "[Amplitude] Screen Viewed"
  /// The event property that names the screen.
  public static let screenNameProperty = "[Amplitude] Screen Name"
  /// The event type that updates user properties and links a device to a user.
  public static let identifyEventType = "$identify"
  /// The event type of ``AnalyticsData/error(message:properties:)``.
  public static let errorEventType = "Error"
  /// The event property that carries an error's message.
  public static let errorMessageProperty = "message"
  /// How dates inside properties are written.
  public static let propertyDates = DateEncoding.iso8601

  /// The Amplitude event for `data`, or `nil` when `data` only changes the identity (logout).
  ///
  /// - Parameters:
  ///   - identity: the identity *after* `data` (see ``AmplitudeIdentity/applying(_:newDeviceId:)``).
  ///   - time: when the event happened.
  public static func event(for data: AnalyticsData, identity: AmplitudeIdentity, time: Date) -> PropertyValue? {
    var event: [String: PropertyValue] = [
      "device_id": .string(identity.deviceId),
      "time": .int(milliseconds(since1970: time)),
    ]
    if let userId = identity.userId { event["user_id"] = .string(userId) }
    switch data {
    case let .event(name, properties):
      event["event_type"] = .string(name)
      if !properties.isEmpty { event["event_properties"] = .object(properties) }
    case let .screen(name, properties):
      event["event_type"] = .string(screenViewedEventType)
      event["event_properties"] = .object(properties.merging([screenNameProperty: .string(name)]) { _, name in name })
    case .userId(nil):
      return nil
    case .userId:
      event["event_type"] = .string(identifyEventType)
    case let .userProperty(name, value):
      event["event_type"] = .string(identifyEventType)
      event["user_properties"] = ["$set": .object([name: value])]
    case let .error(message, properties):
      event["event_type"] = .string(errorEventType)
      event["event_properties"] = .object(properties.merging([errorMessageProperty: .string(message)]) { _, message in message })
    }
    return .object(event)
  }

  /// The JSON bytes of one mapped event, with dates in Amplitude's format.
  public static func encode(_ event: PropertyValue) -> [UInt8] {
    event.jsonBytes(dates: propertyDates)
  }

  static func milliseconds(since1970 date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1_000).rounded(.down))
  }
}
