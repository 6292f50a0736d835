import AppLifecycle
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// The plan (`TrackingPlan.json` beside this file) is what `everyEventReachesTheVendors` tracks.
@Suite(.trackingPlan(module: "AppLifecycle", receivers: shopPlanReceivers))
struct AppAnalyticsTests {
  @Test func everyLifecycleEventHasItsName() {
    #expect(appAnalytics(.appLaunched) == "Application Opened")
    #expect(appAnalytics(.appEnteredForeground) == "Application Foregrounded")
    #expect(appAnalytics(.appEnteredBackground) == "Application Backgrounded")
  }

  /// Every lifecycle event, sent as the shop's root sends it, so the tracking plan lists all of them.
  @Test func everyEventReachesTheVendors() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<AppEvent> = pullback(recorder.tracker, transform: appAnalytics)

    track(.appLaunched)
    track(.appEnteredForeground)
    track(.appEnteredBackground)

    recorder.expect("Application Opened", "Application Foregrounded", "Application Backgrounded")
  }
}
