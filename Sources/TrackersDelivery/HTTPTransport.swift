/// Sends one request and returns the response; the queue's only contact with the network.
///
/// Implementations throw for network failures (no connection, timeout, reset); the queue backs off and
/// retries those. They must honour task cancellation, which ``DeliveryQueue/close(timeout:)`` uses to
/// stop an in-flight request when its time is up.
public protocol HTTPTransport: Sendable {
  /// Sends `request`; returns any HTTP answer (including 4xx and 5xx), throws only when there is none.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
