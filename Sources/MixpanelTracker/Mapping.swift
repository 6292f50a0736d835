import Trackers

/// The Mixpanel form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Mixpanel |
/// |---|---|
/// | `.event(name, properties)` | `/import` event `name` with the properties |
/// | `.screen(name, properties)` | `/import` event `Screen Viewed` with `Screen Name` = name (Mixpanel has no screen API) |
/// | `.error(message, properties)` | `/import` event `App Error` with `Error Message` = message (cut to 255 bytes) |
/// | `.userProperty(name, value)` | `/engage` `$set` of `name` on the user's profile |
/// | `.userId(id)` | `$user_id` on following events (Simplified ID Merge); `nil` resets to a new `$device_id` |
public func mixpanelEvent(for data: AnalyticsData) -> MixpanelEvent {
  switch data {
  case let .event(name, properties):
    return .event(name: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[MixpanelNames.screenName] = .string(name)
    return .event(name: MixpanelNames.screenViewed, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[MixpanelNames.errorMessage] = .string(truncated(message, toUTF8Bytes: MixpanelLimits.stringBytes))
    return .event(name: MixpanelNames.error, properties: properties)
  case let .userProperty(name, value):
    return .setProfileProperty(name: name, value: value)
  case let .userId(id):
    return .identify(id)
  case let .lifecycle(event):
    // Segment's names, as Segment's Mixpanel destination delivers them; mixpanel-swift's own `$ae_*`
    // automatic events are Mixpanel's reserved names, off by default.
    return .event(name: event.name, properties: event.properties)
  // Issue 22, step 1: the vocabulary landed; this module's own forms of these follow.
  case let .standard(event, properties):
    return mixpanelEvent(for: .event(name: event.name, properties: event.properties.merging(properties) { event, _ in event }))
  case .alias, .group, .profile, .superProperties, .timeEvent:
    return mixpanelEvent(for: .event(name: ""))
  }
}

/// The names this module uses for the vocabulary cases Mixpanel has no direct form of.
public enum MixpanelNames {
  /// The event for a screen: `Screen Viewed`.
  public static let screenViewed = "Screen Viewed"
  /// Its property holding the screen's name: `Screen Name`.
  public static let screenName = "Screen Name"
  /// The event for ``Trackers/AnalyticsData/error(message:properties:)``: `App Error`.
  public static let error = "App Error"
  /// Its property holding the message: `Error Message`.
  public static let errorMessage = "Error Message"
}

/// `string` cut at a character boundary so its UTF-8 form has at most `limit` bytes.
func truncated(_ string: String, toUTF8Bytes limit: Int) -> String {
  guard string.utf8.count > limit else { return string }
  var result = ""
  var bytes = 0
  for character in string {
    let size = character.utf8.count
    if bytes + size > limit { break }
    result.append(character)
    bytes += size
  }
  return result
}
