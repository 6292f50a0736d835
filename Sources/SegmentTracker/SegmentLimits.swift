/// The HTTP Tracking API limits this module enforces
/// (segment.com/docs/connections/sources/catalog/libraries/server/http-api/).
public enum SegmentLimits {
  /// Bytes of one message as JSON, ids and timestamp included: 32 KB.
  public static let messageBytes = 32 * 1_024
  /// Bytes of one batch request body: 500 KB.
  public static let requestBytes = 500 * 1_024
  /// Messages in one batch request.
  public static let messagesPerRequest = 2_500
}
