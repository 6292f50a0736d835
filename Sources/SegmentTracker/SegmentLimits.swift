/// The HTTP Tracking API limits this module enforces
/// (segment.com/docs/connections/sources/catalog/libraries/server/http-api/).
package enum SegmentLimits {
  /// Bytes of one message as JSON, ids and timestamp included: "32 KB" read as 32,000 bytes, the smaller
  /// reading (32 KiB would be 32,768). Segment's analytics-kotlin caps messages at the same 32000
  /// (`Storage.MAX_PAYLOAD_SIZE`, core/src/main/java/com/segment/analytics/kotlin/core/Storage.kt).
  package static let messageBytes = 32_000
  /// Bytes of one batch request body: 475,000. Segment's "500 KB" is read as 500,000 bytes, the smaller
  /// reading (500 KiB would be 512,000, and let a 511,912-byte batch out), and 25,000 of it are left free,
  /// as Segment's own SDKs cut their batches: analytics-swift `Storage.MAXFILESIZE = 475000 // Server
  /// accepts max 500k per batch` (Sources/Segment/Utilities/Storage/Storage.swift), analytics-python
  /// `BATCH_SIZE_LIMIT = 475000` (segment/analytics/consumer.py).
  package static let requestBytes = 475_000
  /// Messages in one batch request.
  package static let messagesPerRequest = 2_500
}
