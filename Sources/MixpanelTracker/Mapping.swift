import Trackers

/// The Mixpanel form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Mixpanel |
/// |---|---|
/// | `.event(name, properties)` | `/import` event `name` with the properties |
/// | `.screen(name, properties)` | `/import` event `Screen Viewed` with `Screen Name` = name (Mixpanel has no screen API) |
/// | `.error(message, properties)` | `/import` event `App Error` with `Error Message` = message (cut to 255 bytes) |
/// | `.userProperty(name, value)` | `/engage` `$set` of `name` on the user's profile |
/// | `.userProperties(properties)` | one `/engage` `$set` of all of them (mixpanel-swift's `people.set(properties:)`) |
/// | `.userId(id)` | `$user_id` on following events (Simplified ID Merge); `nil` stops sending it and keeps the `$device_id` (another user signing in gets a new one) |
/// | `.signIn(userId, traits)` | as `.userId(userId)`, and two records, as mixpanel-swift's `identify(distinctId:)` then `people.set(properties:)` send: a `$identify` event with `$anon_distinct_id` when the `distinct_id` changes, and one `/engage` `$set` of the traits; with no traits, as `.userId(userId)` |
/// | `.lifecycle(event)` | `/import` event under Segment's name (`Application Opened`, ...) |
/// | `.standard(event, properties)` | `/import` event under Segment's spec name with Segment's e-commerce fields (``Trackers/StandardEvent/properties``), the order's `revenue` and `value` as numbers beside its `currency` |
/// | `.profile(.setOnce / .increment / .append / .union / .remove / .unset)` | `/engage` `$set_once` / `$add` / `$append` / `$union` / `$remove` / `$unset` |
/// | `.profile(.prepend)` | not sent: refused with rule `profile-operation-unsupported` (Mixpanel has no prepend) |
/// | `.group(type, key, traits)` | group key `type: [key]` on later events, `/engage` `$set` of it, `/groups` `$set` of the traits |
/// | `.alias(userId)` | nothing sent (Simplified ID Merge merges on the first event with `$device_id` and `$user_id`) |
/// | `.superProperties`, `.timeEvent`, `.reset` | handled by the pipeline before mapping (`.reset`: a new `$device_id`, as mixpanel-swift's `reset()`); here refused with rule `handled-by-pipeline` |
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
  case let .userProperties(properties):
    return .setProfileProperties(properties)
  case let .userId(id):
    return .identify(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .identify(userId) : .signIn(userId: userId, properties: traits)
  case let .lifecycle(event):
    // Segment's names, as Segment's Mixpanel destination delivers them; mixpanel-swift's own `$ae_*`
    // automatic events are Mixpanel's reserved names, off by default.
    return .event(name: event.name, properties: event.properties)
  case let .standard(event, properties):
    // Segment's e-commerce names (StandardEvent.properties), which Segment's Mixpanel destination forwards as
    // they are; the app's extra properties are added, the standard fields win.
    let fields = event.properties
    return .event(name: event.name, properties: properties.isEmpty ? fields : fields.merging(properties) { field, _ in field })
  case let .profile(operation):
    switch operation {
    case let .setOnce(name, value): return .updateProfile(.setOnce(name: name, value: value))
    case let .increment(name, by): return .updateProfile(.add(name: name, value: by))
    case let .append(name, value): return .updateProfile(.append(name: name, value: value))
    case let .union(name, values): return .updateProfile(.union(name: name, values: values))
    case let .remove(name, value): return .updateProfile(.remove(name: name, value: value))
    case let .unset(name): return .updateProfile(.unset(name: name))
    case .prepend:
      return .unsupported(
        ValidationIssue(
          vendor: "Mixpanel", rule: "profile-operation-unsupported",
          message: "Mixpanel has no '\(operation.operationName)' on profile properties: its list properties take "
            + "$append (at the end), $union and $remove (developer.mixpanel.com/reference/profile-list-append). "
            + "To fix this, use .append, or .union for a list without duplicates; the profile was not changed."))
    }
  case let .group(type, key, traits):
    return .setGroup(key: type, id: key, traits: traits)
  case let .alias(userId):
    return .alias(userId: userId)
  case .superProperties, .timeEvent, .reset:
    let what =
      switch data {
      case .timeEvent: "a timed event"
      case .reset: "a reset"
      default: "a super property"
      }
    return .unsupported(
      ValidationIssue(
        vendor: "Mixpanel", rule: "handled-by-pipeline",
        message: "\(what) is applied by the tracker's pipeline before mapping and has no Mixpanel form of its "
          + "own. To fix this, send it through mixpanelTracker, not mixpanelEvent(for:)."))
  }
}

/// The names this module uses for the vocabulary cases Mixpanel has no direct form of.
package enum MixpanelNames {
  /// The event for a screen: `Screen Viewed`.
  package static let screenViewed = "Screen Viewed"
  /// Its property holding the screen's name: `Screen Name`.
  package static let screenName = "Screen Name"
  /// The event for ``Trackers/AnalyticsData/error(message:properties:)``: `App Error`.
  package static let error = "App Error"
  /// Its property holding the message: `Error Message`.
  package static let errorMessage = "Error Message"
  /// The event of a sign-in whose `distinct_id` changes, as mixpanel-swift's `identify(distinctId:)` tracks
  /// it: `$identify`.
  package static let identify = "$identify"
  /// Its property naming the anonymous `distinct_id`: `$anon_distinct_id`.
  package static let anonymousDistinctId = "$anon_distinct_id"
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
