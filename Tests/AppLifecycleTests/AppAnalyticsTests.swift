import AppLifecycle
import Testing
import Trackers

@Suite struct AppAnalyticsTests {
  @Test func everyLifecycleEventHasItsName() {
    #expect(appAnalytics(.appLaunched) == "Application Opened")
    #expect(appAnalytics(.appEnteredForeground) == "Application Foregrounded")
    #expect(appAnalytics(.appEnteredBackground) == "Application Backgrounded")
  }
}
