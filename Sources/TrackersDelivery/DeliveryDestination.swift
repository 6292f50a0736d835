/// A vendor endpoint: how to cut batches, how to turn one into a request, how to read the answer.
///
/// Vendor modules implement this; the queue does everything else (storage, batching, retries, backoff,
/// limits, counters). Requirements:
/// - ``makeRequest(for:)`` must be a pure function of the batch (it is called again on every retry and
///   for each half of a split batch). Delivery is at least once: a vendor with a dedup field gets each
///   record's ``Record/id`` in it, so a resent record is counted once; a vendor without one (GA4,
///   TelemetryDeck) counts a resent record twice, and its module says so.
/// - A key that travels in a header other than the usual ones (`Authorization`, `X-API-Key`, ...) is named
///   in ``secretHeaders``, and one that travels in a URL query, a form body or a JSON field is named in
///   ``secretParameters``, so no description or report shows it.
/// - ``classify(_:for:)`` must not throw or block; ``DeliveryOutcome/standard(for:)`` covers vendors
///   whose answers carry nothing more than a status.
public protocol DeliveryDestination: Sendable {
  /// A short name ("GA4", "Mixpanel") used in reports and errors.
  var name: String { get }
  /// How to cut batches.
  var limits: BatchLimits { get }
  /// Wraps the batch's payloads into one request. Throwing drops the batch as a permanent failure.
  func makeRequest(for batch: Batch) throws -> HTTPRequest
  /// Reads the server's answer to the request made for `batch`.
  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome
  /// Header names whose values are secret (`"App-Key"`), in any case, added to the fixed list
  /// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `API-Key`,
  /// `X-Auth-Token`, `X-Write-Key`): every request and response description, and every report, shows
  /// them as `<redacted>`. Empty unless a destination declares some.
  var secretHeaders: Set<String> { get }
  /// Query, form and JSON parameter names whose values are secret, matched exactly in any case (Countly's
  /// `["app_key"]`), added to the fixed list (`api_key`, `api_secret`, `token`, `writeKey`, ...): every
  /// request and response description, and every report, shows `app_key=<redacted>` and
  /// `"app_key": "<redacted>"`. A parameter whose name merely contains one (`my_app_key_hint`) is shown.
  /// Empty unless a destination declares some.
  ///
  /// ```swift
  /// var secretParameters: Set<String> { ["app_key"] }
  /// ```
  var secretParameters: Set<String> { get }
  /// The answer the vendor documents for a request that delivered every record of `batch`, as
  /// ``classify(_:for:)`` reads it: what a test's server answers for success (PostHog `{"status": 1}`,
  /// Mixpanel's `/import` `{"code": 200, "num_records_imported": N, "status": "OK"}`). The default, for
  /// a vendor that documents no body, is a 200 with an empty body.
  func successResponse(for batch: Batch) -> HTTPResponse
  /// How the body of the request for `batch` may travel: ``RequestBodyEncoding/gzip`` only where the
  /// vendor documents that the endpoint accepts `Content-Encoding: gzip`. The queue puts it on the request
  /// unless ``DeliveryConfiguration/compressesRequestBodies`` is off; ``limits`` count the uncompressed
  /// bytes either way. ``RequestBodyEncoding/identity`` by default.
  func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding

  /// Whether the records of `partition` must reach the vendor in the order they were enqueued (profile
  /// updates, identify calls): then no two requests with records of it are on their way at once (see
  /// ``DeliveryConfiguration/maxRequestsInFlight``). `true` unless a destination says a partition's records
  /// carry their own time and a dedup id, so their order between requests does not matter.
  func keepsOrder(of partition: String) -> Bool
}

extension DeliveryDestination {
  /// None beyond the fixed list.
  public var secretHeaders: Set<String> { [] }

  /// None beyond the fixed list.
  public var secretParameters: Set<String> { [] }

  /// A 200 with an empty body: the success of a vendor that documents no success body.
  public func successResponse(for batch: Batch) -> HTTPResponse {
    HTTPResponse(statusCode: 200)
  }

  /// Uncompressed: the vendor documents no other encoding.
  public func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding { .identity }

  /// Every partition keeps its order: one request at a time for each.
  public func keepsOrder(of partition: String) -> Bool { true }
}

extension DeliveryDestination {
  /// The request for `batch` as the queue sends it: `https` (or `http` to loopback) checked before any
  /// transport sees it, the body encoded as ``requestBodyEncoding(for:)`` says unless `compressing` is off
  /// (``DeliveryConfiguration/compressesRequestBodies``).
  package func queuedRequest(for batch: Batch, compressing: Bool) throws -> HTTPRequest {
    var request = try makeRequest(for: batch)
    try request.validateTransportSecurity()
    request.bodyEncoding = compressing ? requestBodyEncoding(for: batch) : .identity
    return request
  }
}
