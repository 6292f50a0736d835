/// A vendor endpoint: how to cut batches, how to turn one into a request, how to read the answer.
///
/// Vendor modules implement this; the queue does everything else (storage, batching, retries, backoff,
/// limits, counters). Requirements:
/// - ``makeRequest(for:)`` must be a pure function of the batch (it is called again on every retry and
///   for each half of a split batch) and must put each record's ``Record/id`` into the vendor's dedup
///   field, since delivery is at-least-once.
/// - ``classify(_:for:)`` must not throw or block; ``DeliveryOutcome/standard(for:now:)`` covers vendors
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
}
