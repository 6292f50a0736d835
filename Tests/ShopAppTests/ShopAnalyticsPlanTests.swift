import ShopApp
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// What the shop's root tracks itself, beside its features' events: the plan (`TrackingPlan.json` beside
/// this file) is what these tests track.
@Suite(.trackingPlan(module: "ShopApp", receivers: shopPlanReceivers))
struct ShopAnalyticsPlanTests {
  @Test func theThemeIsASuperPropertyEveryLaterEventCarries() {
    #expect(themeAnalytics("dark") == .superProperties(.register(["theme": "dark"])))
  }

  @Test func theLoadGeneratorsEventIsNumbered() {
    #expect(loadTestAnalytics(7) == .event(name: "Load Test", properties: ["seq": 7]))
  }

  /// Every value the root tracks itself, so the tracking plan lists them.
  @Test func everyRootValueReachesTheVendors() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<ShopEvent> = shopTracker(vendors: recorder.tracker)
    track(.theme("dark"))
    track(.loadTest(seq: 0))
    recorder.expect(.superProperties(.register(["theme": "dark"])), .event(name: "Load Test", properties: ["seq": 0]))
  }
}
