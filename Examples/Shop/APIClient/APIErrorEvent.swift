/// Failures the API client observes, as events.
public enum APIErrorEvent: Sendable, Hashable {
  case unexpectedResponse(endpoint: String)
  case timeout(endpoint: String)
}

extension APIErrorEvent {
  /// The endpoint of a timeout, for an ``EventPath`` into the nested case.
  public var timeoutEndpoint: String? {
    guard case let .timeout(endpoint) = self else { return nil }
    return endpoint
  }
}
