import Trackers

/// What an API failure means to analytics: an error carrying the endpoint.
///
/// ```swift
/// apiErrorAnalytics(.timeout(endpoint: "/cart"))   // error "request timed out" {"endpoint": "/cart"}
/// ```
public func apiErrorAnalytics(_ event: APIErrorEvent) -> AnalyticsData {
  switch event {
  case let .timeout(endpoint):
    .error(message: "request timed out", properties: ["endpoint": .string(endpoint)])
  case let .unexpectedResponse(endpoint):
    .error(message: "unexpected response", properties: ["endpoint": .string(endpoint)])
  }
}
