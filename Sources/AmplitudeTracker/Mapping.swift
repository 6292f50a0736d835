import Trackers

/// The Amplitude form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Amplitude |
/// |---|---|
/// | `.event(name, properties)` | `event_type: name`, `event_properties: properties` |
/// | `.screen(name, properties)` | `event_type: "[Amplitude] Screen Viewed"` with `"[Amplitude] Screen Name": name`, as Amplitude's SDKs send screens |
/// | `.error(message, properties)` | `event_type: "Error"` with `message`, plus the properties |
/// | `.userProperty(name, value)` | `$identify` with `user_properties: {"$set": {name: value}}` |
/// | `.userId(id)` | nothing sent; `user_id` on every following event, next to the `device_id` (links them) |
/// | `.userId(nil)` | nothing sent; a new `device_id` starts (Amplitude's `reset()`) |
///
/// ```swift
/// amplitudeEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .event(type: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
/// ```
public func amplitudeEvent(for data: AnalyticsData) -> AmplitudeEvent {
  switch data {
  case let .event(name, properties):
    return .event(type: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[AmplitudeNames.screenName] = .string(name)
    return .event(type: AmplitudeNames.screenViewed, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[AmplitudeNames.errorMessage] = .string(message)
    return .event(type: AmplitudeNames.error, properties: properties)
  case let .userProperty(name, value):
    return .userProperty(name: name, value: value)
  case let .userId(id):
    return .userId(id)
  case let .lifecycle(event):
    return .event(type: AmplitudeNames.lifecycle(event), properties: AmplitudeNames.lifecycleProperties(event))
  // Issue 22, step 1: the vocabulary landed; this module's own forms of these follow.
  case let .standard(event, properties):
    return amplitudeEvent(for: .event(name: event.name, properties: event.properties.merging(properties) { event, _ in event }))
  case .alias, .group, .profile, .superProperties, .timeEvent:
    return amplitudeEvent(for: .event(name: ""))
  }
}

/// The names this module uses for the vocabulary cases Amplitude has no direct form of.
public enum AmplitudeNames {
  /// The event type of a screen: `[Amplitude] Screen Viewed`, as Amplitude's SDKs send it.
  public static let screenViewed = "[Amplitude] Screen Viewed"
  /// Its event property holding the screen's name: `[Amplitude] Screen Name`.
  public static let screenName = "[Amplitude] Screen Name"
  /// The event type of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  public static let error = "Error"
  /// Its event property holding the message: `message`.
  public static let errorMessage = "message"
  /// The event type that sets user properties: `$identify`.
  public static let identify = "$identify"
  /// The session-start event Amplitude-Swift sends by default (`autocapture: .sessions`).
  public static let sessionStart = "session_start"
  /// The session-end event Amplitude-Swift sends by default, with the ended session's id and last time.
  public static let sessionEnd = "session_end"

  /// A lifecycle event's name as Amplitude-Swift sends it: "[Amplitude] Application Opened".
  public static func lifecycle(_ event: LifecycleEvent) -> String {
    "[Amplitude] \(event.name)"
  }

  /// A lifecycle event's properties as Amplitude-Swift names them: "[Amplitude] Version",
  /// "[Amplitude] Build", "[Amplitude] Previous Version", "[Amplitude] Previous Build",
  /// "[Amplitude] From Background".
  public static func lifecycleProperties(_ event: LifecycleEvent) -> [String: PropertyValue] {
    var properties: [String: PropertyValue] = [:]
    for (key, value) in event.properties {
      let name = key.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      properties["[Amplitude] \(name)"] = value
    }
    return properties
  }
}
