// The block of Sources/TrackersTesting/Documentation.docc/TestingTrackers.md whose `Current` is
// ShopGoogleAnalytics', compiled and run: see DocSnippetTests.swift.
import AppLifecycle
import ShopGoogleAnalytics
import Testing
import Trackers
import TrackersTesting

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#3
// Swift Testing
@Suite(.isolatedEnvironments)
struct GoogleAnalyticsTrackerTests {
  @Test func appLaunch() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    googleAnalyticsTracker(.appLaunched)
    recorder.expect("app_launch")
  }
}

// XCTest
final class GoogleAnalyticsTrackerXCTests: IsolatedEnvironmentsTestCase {
  func testAppLaunch() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    googleAnalyticsTracker(.appLaunched)
    recorder.expect("app_launch")
  }
}
// end snippet
