import Foundation
import Trackers
import TrackersDelivery

/// The Amplitude HTTP V2 API as a ``TrackersDelivery/DeliveryDestination``: `POST /2/httpapi` with
/// `{"api_key": ..., "events": [...]}`, at most 1999 events and under 1,000,000 bytes ("1 MB") per request.
///
/// How answers are read (amplitude.com/docs/apis/analytics/http-api-batching-retries):
/// - 2xx with Amplitude's success body, `{"code": 200, "events_ingested": ...}`: delivered. A 2xx with any
///   other body (a captive portal's or a proxy's page) says nothing about the events: it is an
///   unexpected answer, sent again after a backoff and dropped after `maxAttempts`
///   (``TrackersDelivery/DeliveryOutcome/unexpectedAnswer(reason:)``).
/// - 400 listing events in `events_with_invalid_fields` / `events_with_missing_fields` (field -> indices):
///   those events are dropped and reported with the field, the rest are sent again at once (Amplitude took
///   none of them). A 400 without indices (bad api key, malformed body) drops the batch loudly.
/// - 413: the batch is split in halves.
/// - 429: Amplitude throttles the device or user; the queue pauses for `Retry-After`, else 30 seconds.
/// - 5xx and other statuses: the queue's standard reading (5xx retried with backoff; every event carries an
///   `insert_id`, so a retry that Amplitude had already taken is deduplicated).
///
/// Bodies go gzip-compressed to Amplitude's own hosts (`.standard`, `.eu`) and plain to a `.custom` one, as
/// Amplitude-Kotlin does by default (`shouldCompressUploadBody`: a custom server URL may not decode
/// `Content-Encoding`); the Browser SDK compresses too. Amplitude's HTTP V2 document itself names no
/// `Content-Encoding`.
package struct AmplitudeDestination: DeliveryDestination {
  /// "Amplitude".
  package let name = AmplitudeConfiguration.consentDestination
  /// At most 1999 events, and a body under 1,000,000 bytes with room for the envelope.
  package let limits: BatchLimits
  /// `api_key`, the project's key in the JSON body.
  package var secretParameters: Set<String> { ["api_key"] }
  /// `<host>/2/httpapi`.
  package let url: URL
  let apiKey: String
  /// Whether the host is Amplitude's own, which decodes gzip bodies.
  let compresses: Bool

  /// The destination for `configuration`.
  package init(_ configuration: AmplitudeConfiguration) {
    apiKey = configuration.apiKey
    limits = configuration.options.batchLimits(
      maxEvents: AmplitudeLimits.eventsPerRequest,
      maxBytes: AmplitudeLimits.requestBytes - WireFormat.envelopeSize(apiKey: configuration.apiKey)
    )
    url = configuration.region.host.appendingPathComponent("2/httpapi", isDirectory: false)
    if case .custom = configuration.region { compresses = false } else { compresses = true }
  }

  /// gzip to Amplitude's own hosts, plain to a custom one (see the type's documentation). The 1,000,000-byte
  /// limit is checked on the uncompressed body.
  package func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding { compresses ? .gzip : .identity }

  /// `POST` the batch's events with the api key.
  package func makeRequest(for batch: Batch) throws -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: url,
      headers: ["Content-Type": "application/json", "Accept": "*/*"],
      body: WireFormat.body(apiKey: apiKey, events: batch.records.map(\.payload))
    )
  }

  /// Reads Amplitude's answer; see the type's documentation.
  package func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    switch response.statusCode {
    case 200..<300:
      return Self.isSuccessBody(response)
        ? .delivered
        : .unexpectedSuccessBody(response, vendor: "Amplitude", expected: #"{"code": 200, "events_ingested": ...}"#)
    case 400:
      return classifyBadRequest(response, count: batch.records.count)
    case 429:
      return .retry(after: DeliveryOutcome.retryAfter(response) ?? AmplitudeLimits.throttlePause)
    default:
      return .standard(for: response)
    }
  }

  /// Amplitude's documented success: 200 `{"code": 200, "events_ingested": N, "payload_size_bytes": B,
  /// "server_upload_time": T}`, with the batch's count and body size (and the time of Amplitude's own
  /// example, fixed).
  package func successResponse(for batch: Batch) -> HTTPResponse {
    let bytes = (try? makeRequest(for: batch))?.body.count ?? 0
    let body = #"{"code": 200, "events_ingested": \#(batch.records.count), "payload_size_bytes": \#(bytes), "#
      + #""server_upload_time": 1396381378123}"#
    return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
  }

  /// Amplitude's documented success: `{"code": 200, "events_ingested": N, "payload_size_bytes": ...,
  /// "server_upload_time": ...}`.
  static func isSuccessBody(_ response: HTTPResponse) -> Bool {
    guard !response.isBodyTruncated,
      let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    else { return false }
    return object["code"] as? Int == 200 || object["events_ingested"] is NSNumber
  }

  private func classifyBadRequest(_ response: HTTPResponse, count: Int) -> DeliveryOutcome {
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    var rejected: [Int: String] = [:]
    for (key, problem) in [("events_with_invalid_fields", "invalid"), ("events_with_missing_fields", "missing")] {
      for (field, indices) in object[key] as? [String: Any] ?? [:] {
        for index in (indices as? [Any] ?? []).compactMap({ $0 as? Int }) where (0..<count).contains(index) {
          rejected[index] = rejected[index].map { "\($0), \(problem) \(field)" } ?? "Amplitude: \(problem) field '\(field)'"
        }
      }
    }
    if !rejected.isEmpty { return .rejectedResendRest(rejected: rejected) }
    // Amplitude quotes the refused key back ("Invalid API key: ..."): it must not reach a log.
    let error = (object["error"] as? String ?? response.bodyText)
      .replacingOccurrences(of: apiKey, with: Redaction.placeholder)
    let missing = (object["missing_field"] as? String).map { " (missing field '\($0)')" } ?? ""
    return .drop(reason: Redaction.redact(
      "Amplitude refused the request: HTTP 400 \(error.prefix(300))\(missing). To fix this, check the api key "
        + "in AmplitudeConfiguration and that the project exists in the configured region."
    ))
  }
}
