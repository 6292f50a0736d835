/// Sends one request and returns the response; the queue's only contact with the network.
///
/// Implementations throw for network failures (no connection, timeout, reset); the queue backs off and
/// retries those. They must honour task cancellation, which a close (``VendorEnvironment/close``) uses to
/// stop an in-flight request when its time is up. They must not follow redirects: a 3xx is the answer
/// (following one would send the request's headers, the vendor's key among them, to a host nobody
/// checked), and should read at most a bounded prefix of a body (``HTTPResponse/isBodyTruncated``), as
/// ``URLSessionTransport`` does. They send the body encoded as ``HTTPRequest/bodyEncoding`` says, with its
/// `Content-Encoding` (``HTTPRequest/encodedForWire()``); one that sends ``HTTPRequest/body`` as it is still
/// works, uncompressed.
public protocol HTTPTransport: Sendable {
  /// Sends `request`; returns any HTTP answer (including 3xx, 4xx and 5xx), throws only when there is none.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse

  /// The most requests this transport takes at once, or `nil` (the default) for no limit of its own: a
  /// queue sends at most this many at a time, whatever ``DeliveryConfiguration/maxRequestsInFlight`` says.
  /// A scripted test transport answers `1`, so that its script's order is the requests' order.
  var maxConcurrentRequests: Int? { get }
}

extension HTTPTransport {
  /// No limit of the transport's own: ``DeliveryConfiguration/maxRequestsInFlight`` decides.
  public var maxConcurrentRequests: Int? { nil }
}
