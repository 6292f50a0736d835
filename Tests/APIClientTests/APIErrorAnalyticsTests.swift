import APIClient
import Testing
import Trackers

@Suite struct APIErrorAnalyticsTests {
  @Test func failuresAreErrorsCarryingTheEndpoint() {
    #expect(apiErrorAnalytics(.unexpectedResponse(endpoint: "/a"))
      == .error(message: "unexpected response", properties: ["endpoint": "/a"]))
    #expect(apiErrorAnalytics(.timeout(endpoint: "/cart"))
      == .error(message: "request timed out", properties: ["endpoint": "/cart"]))
  }

  @Test func theTimeoutAccessorReachesOnlyTimeouts() {
    #expect(APIErrorEvent.timeout(endpoint: "/cart").timeoutEndpoint == "/cart")
    #expect(APIErrorEvent.unexpectedResponse(endpoint: "/cart").timeoutEndpoint == nil)
  }
}
