/// A transport that is told which destination and batch each request is for: the test kit's
/// `ScriptedTransport`, which answers a destination's documented success
/// (``DeliveryDestination/successResponse(for:)``) and checks its other 2xx answers with the destination's
/// ``DeliveryDestination/classify(_:for:)``. The queue sends through ``HTTPTransport/deliver(_:for:to:)``.
package protocol DestinationAwareTransport: HTTPTransport {
  /// Sends `request`, made by `destination` for `batch`.
  func send(_ request: HTTPRequest, for batch: Batch, to destination: any DeliveryDestination) async throws
    -> HTTPResponse
}

extension HTTPTransport {
  /// Sends `request`, telling a ``DestinationAwareTransport`` which destination and batch it is for.
  package func deliver(_ request: HTTPRequest, for batch: Batch, to destination: any DeliveryDestination) async throws
    -> HTTPResponse
  {
    if let aware = self as? any DestinationAwareTransport {
      return try await aware.send(request, for: batch, to: destination)
    }
    return try await send(request)
  }
}
