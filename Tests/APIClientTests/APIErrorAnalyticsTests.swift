import APIClient
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// The plan (`TrackingPlan.json` beside this file) is what `everyFailureReachesTheVendors` tracks.
@Suite(.trackingPlan(module: "APIClient", receivers: shopPlanReceivers))
struct APIErrorAnalyticsTests {
  @Test func failuresAreErrorsCarryingTheEndpoint() {
    #expect(apiErrorAnalytics(.unexpectedResponse(endpoint: "/a"))
      == .error(message: "unexpected response", properties: ["endpoint": "/a"]))
    #expect(apiErrorAnalytics(.timeout(endpoint: "/cart"))
      == .error(message: "request timed out", properties: ["endpoint": "/cart"]))
  }

  /// Every API failure, sent as the shop's root sends it, so the tracking plan lists them.
  @Test func everyFailureReachesTheVendors() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<APIErrorEvent> = pullback(recorder.tracker, transform: apiErrorAnalytics)

    track(.unexpectedResponse(endpoint: "/a"))
    track(.timeout(endpoint: "/cart"))

    recorder.expect(
      .error(message: "unexpected response", properties: ["endpoint": "/a"]),
      .error(message: "request timed out", properties: ["endpoint": "/cart"])
    )
  }

  @Test func theTimeoutAccessorReachesOnlyTimeouts() {
    #expect(APIErrorEvent.timeout(endpoint: "/cart").timeoutEndpoint == "/cart")
    #expect(APIErrorEvent.unexpectedResponse(endpoint: "/cart").timeoutEndpoint == nil)
  }
}
