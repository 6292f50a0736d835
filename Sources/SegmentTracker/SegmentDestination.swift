import Foundation
import Trackers
import TrackersDelivery

/// The Segment HTTP Tracking API as a ``TrackersDelivery/DeliveryDestination``: `POST /v1/batch` with
/// `{"batch": [...]}`, at most 2500 messages and 475,000 bytes per request (Segment's "500 KB", with room
/// to spare, as Segment's SDKs cut their batches).
///
/// Segment answers 200 to nearly everything, valid or not (which is why messages are validated before they
/// are queued). How other answers are read:
/// - 400 (a message over 32 KB, invalid JSON): a batch of several messages is split in halves until the
///   bad message is alone, so the others still arrive; a single message is dropped and reported.
/// - 401/403: the write key is wrong; the batch is dropped loudly.
/// - 413: split. 429: retried after `Retry-After`. 5xx: retried with backoff (every message carries a
///   `messageId`, which Segment deduplicates).
///
/// Bodies go uncompressed: the HTTP Tracking API's documentation names no `Content-Encoding` (only the
/// analytics-python library has an opt-in `gzip`; analytics-swift sends plain JSON), and its 500 KB batch
/// limit is on the body as sent.
package struct SegmentDestination: DeliveryDestination {
  /// "Segment".
  package let name = SegmentConfiguration.consentDestination
  /// At most 2500 messages, and a body of at most 475,000 bytes with room for
  /// the envelope.
  package let limits: BatchLimits
  /// `writeKey`, the source's key in the JSON body (with `Authentication.bodyWriteKey`).
  package var secretParameters: Set<String> { ["writeKey"] }
  /// `<host>/v1/batch`.
  package let url: URL
  let headers: [String: String]
  let bodyWriteKey: String?

  /// The destination for `configuration`.
  package init(_ configuration: SegmentConfiguration) {
    var headers = ["Content-Type": "application/json"]
    switch configuration.authentication {
    case .basicHeader:
      headers["Authorization"] = "Basic " + Data("\(configuration.writeKey):".utf8).base64EncodedString()
      bodyWriteKey = nil
    case .bodyWriteKey:
      bodyWriteKey = configuration.writeKey
    }
    self.headers = headers
    limits = configuration.options.batchLimits(
      maxEvents: SegmentLimits.messagesPerRequest,
      maxBytes: SegmentLimits.requestBytes - WireFormat.body(writeKey: bodyWriteKey, messages: []).count
    )
    url = configuration.region.host.appendingPathComponent("v1/batch", isDirectory: false)
  }

  /// `POST` the batch's messages.
  package func makeRequest(for batch: Batch) throws -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: url, headers: headers,
      body: WireFormat.body(writeKey: bodyWriteKey, messages: batch.records.map(\.payload))
    )
  }

  /// Reads Segment's answer; see the type's documentation.
  package func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    switch response.statusCode {
    case 400 where batch.records.count > 1:
      return .tooLarge
    case 400:
      return .drop(reason: Redaction.redact(
        "Segment refused a message: HTTP 400 \(response.bodyText.prefix(300)). To fix this, check the message "
          + "against segmentIssues(for:) and Segment's size limits."))
    case 401, 403:
      return .drop(reason: Redaction.redact(
        "Segment refused the write key: HTTP \(response.statusCode) \(response.bodyText.prefix(300)). To fix this, "
          + "copy the write key of the source (Connections > Sources > Settings > API Keys) into "
          + "SegmentConfiguration, and check its region."))
    default:
      return .standard(for: response)
    }
  }
}
