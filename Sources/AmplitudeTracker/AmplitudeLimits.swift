/// The HTTP V2 API limits this module enforces (amplitude.com/docs/apis/analytics/http-v2,
/// /http-api-batching-retries).
package enum AmplitudeLimits {
  /// Events per request: the HTTP V2 page says "fewer than 2000", the batching guide "up to 2,000"; this is
  /// the safer reading.
  package static let eventsPerRequest = 1_999
  /// Request body bytes: "under 1 MB", read as 1,000,000 bytes, the smaller reading (1 MiB would be
  /// 1,048,576).
  package static let requestBytes = 1_000_000
  /// Characters kept in a string: event types, property names and values, ids.
  package static let stringLength = 1_024
  /// The shortest `user_id` or `device_id` accepted by default (`min_id_length`).
  package static let minIdLength = 5
  /// How long to pause after a 429 that carries no `Retry-After`: Amplitude asks for 30 seconds.
  package static let throttlePause: Duration = .seconds(30)
  /// Ids Amplitude treats as "no id", compared without case.
  package static let placeholderIds: Set<String> = [
    "anon", "anonymous", "nil", "none", "null", "n/a", "na", "undefined", "unknown", "<nil>",
    "0", "-1", "true", "false", "[]", "{}", "00000000-0000-0000-0000-000000000000",
  ]
  /// Group types an event can carry: "up to 5 unique group types and 10 total group values per event. Any
  /// groups past that threshold aren't tracked" (HTTP V2 API, key `groups`). The module keeps one key per
  /// type, so the values stay within 10 too.
  package static let groupTypes = 5
  /// The prefix of event types and property names that belong to Amplitude (`[Amplitude] Start Session`,
  /// `[Amplitude] Revenue`, ...).
  package static let reservedPrefix = "[Amplitude]"
}
