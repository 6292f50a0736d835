import Foundation
import Trackers
import TrackersDelivery

/// The PostHog capture API as a ``TrackersDelivery/DeliveryDestination``: `POST /batch/` with
/// `{"api_key": ..., "batch": [...]}`, under 20,000,000 bytes ("20 MB") per request.
///
/// PostHog answers 200 even to events it drops (no name, empty `distinct_id`), which is why events are
/// validated before they are queued. How answers are read (posthog.com/docs/api/capture):
/// - 2xx with PostHog's success body, `{"status": 1}`: delivered. A 2xx with any other body (a captive
///   portal's or a proxy's page) says nothing about the events: it is an unexpected answer, sent again
///   after a backoff and dropped after `maxAttempts`
///   (``TrackersDelivery/DeliveryOutcome/unexpectedAnswer(reason:)``).
/// - 400 (invalid payload or project) and 401 (invalid api key): configuration errors; the batch is
///   dropped and reported loudly.
/// - 413: split. 408, 429, 5xx: retried with backoff, honouring `Retry-After` (every event carries a
///   `uuid`, which PostHog deduplicates).
package struct PostHogDestination: DeliveryDestination {
  /// "PostHog".
  package let name = PostHogConfiguration.consentDestination
  /// The configured events per request, and a body under 20,000,000 bytes with room for the envelope.
  package let limits: BatchLimits
  /// `api_key`, the project's key in the JSON body.
  package var secretParameters: Set<String> { ["api_key"] }
  /// `<host>/batch/`.
  package let url: URL
  let apiKey: String

  /// The destination for `configuration`.
  package init(_ configuration: PostHogConfiguration) {
    apiKey = configuration.apiKey
    limits = configuration.options.batchLimits(
      maxEvents: nil,
      maxBytes: PostHogLimits.requestBytes - WireFormat.body(apiKey: configuration.apiKey, events: []).count
    )
    url = configuration.host.url.appendingPathComponent("batch/", isDirectory: true)
  }

  /// `POST` the batch's events with the api key.
  package func makeRequest(for batch: Batch) throws -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: url, headers: ["Content-Type": "application/json"],
      body: WireFormat.body(apiKey: apiKey, events: batch.records.map(\.payload))
    )
  }

  /// gzip: PostHog's capture API accepts `Content-Encoding: gzip` on `/batch/`, and posthog-ios sends every
  /// batch that way. The 20 MB limit is checked on the uncompressed body.
  package func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding { .gzip }

  /// Reads PostHog's answer; see the type's documentation.
  package func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    switch response.statusCode {
    case 200..<300:
      return Self.isSuccessBody(response)
        ? .delivered : .unexpectedSuccessBody(response, vendor: "PostHog", expected: #"{"status": 1}"#)
    case 400:
      return .drop(reason: Redaction.redact(
        "PostHog refused the batch: HTTP 400 \(response.bodyText.prefix(300)). To fix this, check the project api "
          + "key and host in PostHogConfiguration (a key of another region or instance is refused)."))
    case 401:
      return .drop(reason: Redaction.redact(
        "PostHog refused the api key: HTTP 401 \(response.bodyText.prefix(300)). To fix this, copy the project "
          + "api key (phc_...) from Project settings into PostHogConfiguration."))
    default:
      return .standard(for: response)
    }
  }

  /// PostHog's documented success: 200 `{"status": 1}`.
  package func successResponse(for batch: Batch) -> HTTPResponse {
    HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"status": 1}"#.utf8))
  }

  /// PostHog's documented success: `{"status": 1}`.
  static func isSuccessBody(_ response: HTTPResponse) -> Bool {
    guard !response.isBodyTruncated,
      let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    else { return false }
    return object["status"] as? Int == 1
  }
}
