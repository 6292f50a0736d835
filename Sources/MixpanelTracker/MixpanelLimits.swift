/// The Mixpanel ingestion limits this module enforces (developer.mixpanel.com/reference/import-events,
/// /track-event, /user-profile-limits).
package enum MixpanelLimits {
  /// Events (or profile updates) per request.
  package static let eventsPerRequest = 2000
  /// Uncompressed body bytes per request: the docs say 10 MB on one page and 2 MB on others; the smaller
  /// holds, and "2 MB" is read as 2,000,000 bytes, the smaller reading (2 MiB would be 2,097,152).
  package static let requestBytes = 2_000_000
  /// Characters in an event or property name, and in a `distinct_id`.
  package static let nameLength = 255
  /// UTF-8 bytes in a string value.
  package static let stringBytes = 255
  /// Properties an event may carry: fewer than 255 in all, and this module adds up to 15 (`time`,
  /// `distinct_id`, `$device_id`, `$user_id`, `$insert_id`, and the context's 10: `mp_lib`,
  /// `$lib_version`, `$os`, `$os_version`, `$model`, `$manufacturer`, `$app_version_string`,
  /// `$app_build_number`, `$screen_width`, `$screen_height`).
  package static let propertiesPerEvent = 254 - WireFormat.addedProperties
  /// Elements in a list, and keys in an object: fewer than 255.
  package static let collectionCount = 254
  /// Levels of nested objects.
  package static let nestingDepth = 3
  /// `distinct_id` values Mixpanel treats as "no id" (compared without case).
  package static let placeholderIds: Set<String> = [
    "anon", "anonymous", "nil", "none", "null", "n/a", "na", "undefined", "unknown", "<nil>", "0", "-1", "true",
    "false", "[]", "{}", "00000000-0000-0000-0000-000000000000",
  ]
  /// Characters in an app's own `$insert_id`: letters, digits and `-` (developer.mixpanel.com/reference/import-events).
  package static let insertIdLength = 36
  /// The event property mixpanel-swift's `time(event:)` sets: the seconds since the timer started.
  package static let durationKey = "$duration"
  /// Reserved event properties that apps may set (docs.mixpanel.com/docs/data-structure/property-reference/reserved-properties):
  /// `$insert_id`, Mixpanel's deduplication key (this module sets one when the event has none), and
  /// `$duration`, a timed event's seconds. The other reserved ones are set by this module (`$device_id`,
  /// `$user_id`, the context) or are Mixpanel's own.
  package static let eventProperties: Set<String> = ["$insert_id", "$duration"]
  /// Reserved profile properties that apps are meant to set.
  package static let profileProperties: Set<String> = [
    "$email", "$name", "$first_name", "$last_name", "$phone", "$avatar", "$created",
  ]
}
