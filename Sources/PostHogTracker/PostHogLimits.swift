/// The capture API limits this module enforces (posthog.com/docs/api/capture).
package enum PostHogLimits {
  /// Characters in a `distinct_id`.
  package static let distinctIdLength = 200
  /// Bytes of one batch request body: "20 MB" by default, read as 20,000,000 bytes, the smaller reading
  /// (20 MiB would be 20,971,520).
  package static let requestBytes = 20_000_000
  /// Events per request: PostHog sets no count limit; this keeps one request (and one retry) small.
  package static let eventsPerRequest = 1_000
  /// Ids PostHog refuses to identify with, or that would merge unrelated people, compared without case.
  package static let placeholderIds: Set<String> = [
    "anon", "anonymous", "guest", "distinct_id", "distinctid", "id", "not_authenticated", "email",
    "nil", "none", "null", "n/a", "na", "nan", "undefined", "unknown", "<nil>", "[object object]",
    "0", "-1", "true", "false", "[]", "{}", "00000000-0000-0000-0000-000000000000",
  ]
}
