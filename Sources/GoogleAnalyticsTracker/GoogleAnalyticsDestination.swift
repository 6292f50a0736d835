import Foundation
import Trackers
import TrackersDelivery

/// The GA4 Measurement Protocol as a ``TrackersDelivery/DeliveryDestination``: batches of at most 25 events
/// of one client and user, `POST /mp/collect?measurement_id=...&api_secret=...`, JSON body.
///
/// GA4 answers 2xx to everything it received, valid or not (which is why events are validated before they are
/// queued); 5xx and network errors are retried with backoff, 413 splits the batch, other 4xx drop it. With
/// ``GoogleAnalyticsConfiguration/useValidationServer`` the answer's `validationMessages` are read, and a batch with any is
/// dropped with those messages as the reason.
///
/// There is no dedup id in the Measurement Protocol: a request resent after a lost answer can count its
/// events twice.
///
/// Bodies go uncompressed: the Measurement Protocol's documentation names no `Content-Encoding`.
package struct GoogleAnalyticsDestination: DeliveryDestination {
  /// "GA4".
  package let name = GoogleAnalyticsConfiguration.consentDestination
  /// At most 25 events, and a body under 130,000 bytes ("130 kB") with room for the envelope.
  package let limits: BatchLimits
  /// `api_secret`, the stream's secret in the collect URL's query.
  package var secretParameters: Set<String> { ["api_secret"] }
  /// The collect URL with the stream id and secret in its query.
  let url: URL
  let isValidationServer: Bool

  /// Bytes kept for the envelope (`client_id`, `user_id`, 25 user properties, JSON-escaped) out of the body
  /// limit.
  static let envelopeReserve = 12_000

  /// The destination for `configuration`.
  package init(_ configuration: GoogleAnalyticsConfiguration) {
    limits = configuration.options.batchLimits(
      maxEvents: GoogleAnalyticsLimits.eventsPerRequest,
      maxBytes: GoogleAnalyticsLimits.requestBytes - Self.envelopeReserve
    )
    isValidationServer = configuration.useValidationServer
    var components = URLComponents(url: configuration.host, resolvingAgainstBaseURL: false)!
    components.path = configuration.useValidationServer ? "/debug/mp/collect" : "/mp/collect"
    switch configuration.stream {
    case let .web(measurementId):
      components.queryItems = [
        URLQueryItem(name: "measurement_id", value: measurementId),
        URLQueryItem(name: "api_secret", value: configuration.apiSecret),
      ]
    case let .app(firebaseAppId, _):
      components.queryItems = [
        URLQueryItem(name: "firebase_app_id", value: firebaseAppId),
        URLQueryItem(name: "api_secret", value: configuration.apiSecret),
      ]
    }
    // `+` is legal in a query but read as a space by many servers; secrets may contain it.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    url = components.url!
  }

  /// `POST` the envelope of the batch's partition with its events.
  package func makeRequest(for batch: Batch) throws -> HTTPRequest {
    HTTPRequest(
      method: "POST", url: url, headers: ["Content-Type": "application/json"], body: WireFormat.body(for: batch))
  }

  /// `false`: a partition is one user's envelope (ids and user properties), the same on each of its
  /// requests, and every event carries its own `timestamp_micros`, so two requests of one user may be on
  /// their way at once (see ``TrackersDelivery/DeliveryConfiguration/maxRequestsInFlight``). GA4 has no
  /// dedup id: an event sent again after a crash is counted twice, as after any retry.
  package func keepsOrder(of partition: String) -> Bool { false }

  /// GA4's answer to a request it received: 204 with no body; the validation server's to a valid one:
  /// 200 `{"validationMessages": []}`.
  package func successResponse(for batch: Batch) -> HTTPResponse {
    guard isValidationServer else { return HTTPResponse(statusCode: 204) }
    return HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"validationMessages": []}"#.utf8))
  }

  /// 2xx delivered (the validation server: unless it lists validation messages); otherwise the standard
  /// reading (413 split, 408/429/5xx retry honouring `Retry-After`, other statuses dropped).
  package func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    if response.statusCode == 401 || response.statusCode == 403 {
      // GA4 itself answers 2xx even to a wrong secret; a refusal comes from a proxy or a revoked stream.
      return .drop(reason: "GA4 refused the request: HTTP \(response.statusCode). To fix this, check the "
        + "measurement id (or Firebase app id) and the api_secret in GoogleAnalyticsConfiguration "
        + "(Admin > Data streams > Measurement Protocol API secrets).")
    }
    guard (200..<300).contains(response.statusCode) else { return .standard(for: response) }
    guard isValidationServer, !response.body.isEmpty,
      let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
      let messages = object["validationMessages"] as? [[String: Any]], !messages.isEmpty
    else { return .delivered }
    let reasons = messages.map { message in
      "\(message["validationCode"] ?? "?") \(message["fieldPath"] ?? ""): \(message["description"] ?? "")"
    }
    return .drop(reason: "GA4 validation server: " + reasons.joined(separator: "; "))
  }
}
