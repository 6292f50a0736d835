import Foundation
import Trackers
import TrackersDelivery

/// The TelemetryDeck ingest API v2 as a ``TrackersDelivery/DeliveryDestination``: `POST /v2/` (or
/// `/v2/namespace/<namespace>/`) with a JSON array of signals, at most 100 per request (the SDK's batch)
/// and 1,000,000 bytes (our limit: TelemetryDeck documents none).
///
/// Signals carry no dedup id (the SDK's `SignalPostBody` has none): delivery is at least once, so a request
/// whose answer is lost in transit is counted twice when it is sent again.
///
/// How answers are read. The SDK itself puts every failed batch back in its cache and tries again later;
/// retrying forever what can never succeed would hold the queue, so this module drops what a retry can't
/// fix and says how to fix it:
/// - 2xx: delivered.
/// - 400, 404, 422: the request or the app ID was refused; 401, 403: the app ID or namespace is not
///   allowed; 501, 505: the server can't take this kind of request. Dropped, reported loudly.
/// - 413: split. 408, 429 and other 5xx (and network errors): retried with backoff, honouring
///   `Retry-After`.
public struct TelemetryDeckDestination: DeliveryDestination {
  /// "TelemetryDeck".
  public let name = "TelemetryDeck"
  /// The configured signals per request (at most 100), and a body under 1,000,000 bytes.
  public let limits: BatchLimits
  /// `<baseURL>/v2/`, or `<baseURL>/v2/namespace/<namespace>/`.
  public let url: URL
  /// The configuration's ``TelemetryDeckConfiguration/proxyKey``, sent as `App-Key`.
  let proxyKey: String?
  /// `App-Key`: the proxy key's header, which no description or report may show.
  public var secretHeaders: Set<String> { [Self.proxyKeyHeader] }
  /// The header that carries ``TelemetryDeckConfiguration/proxyKey``.
  public static let proxyKeyHeader = "App-Key"

  /// The destination for `configuration`.
  public init(_ configuration: TelemetryDeckConfiguration) {
    // The array's brackets; the queue counts one separator byte per signal.
    limits = configuration.options.batchLimits(
      maxEvents: TelemetryDeckLimits.signalsPerRequest, maxBytes: TelemetryDeckLimits.requestBytes - 2)
    url = Self.url(base: configuration.baseURL, namespace: configuration.namespace)
    proxyKey = configuration.proxyKey
  }

  /// The service URL as the SDK's `SignalManager` builds it: `/v2/namespace/<namespace>/` with a namespace
  /// that is not empty, else `/v2/`. The namespace is percent-encoded, so it stays one path segment.
  static func url(base: URL, namespace: String?) -> URL {
    var path = base.absoluteString
    while path.hasSuffix("/") { path.removeLast() }
    if let namespace, !namespace.isEmpty {
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
      path += "/v2/namespace/\(namespace.addingPercentEncoding(withAllowedCharacters: allowed) ?? namespace)/"
    } else {
      path += "/v2/"
    }
    return URL(string: path) ?? base
  }

  /// `POST` the batch's signals as one JSON array.
  public func makeRequest(for batch: Batch) throws -> HTTPRequest {
    var headers = ["Content-Type": "application/json"]
    if let proxyKey { headers[Self.proxyKeyHeader] = proxyKey }
    return HTTPRequest(
      method: "POST", url: url, headers: headers, body: WireFormat.body(signals: batch.records.map(\.payload)))
  }

  /// Reads TelemetryDeck's answer; see the type's documentation.
  public func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    let status = response.statusCode
    let fix: String
    switch status {
    case 400, 422:
      fix = "check the app ID in TelemetryDeckConfiguration (copy it from the TelemetryDeck Dashboard's app settings)"
    case 401, 403:
      fix = "check that the app ID belongs to your organization, and the namespace, if you set one, is the organization's"
    case 404:
      fix = "check TelemetryDeckConfiguration's namespace and baseURL (leave baseURL at https://nom.telemetrydeck.com)"
    case 501, 505:
      fix = "check TelemetryDeckConfiguration's baseURL: the server there doesn't take TelemetryDeck's ingest API"
    default:
      return .standard(for: response)
    }
    return .drop(reason: Redaction.redact(
      "TelemetryDeck refused the signals: HTTP \(status) \(response.bodyText.prefix(300)). To fix this, \(fix)."))
  }
}
