import AppLifecycle
import ShopGoogleAnalytics
import Trackers
import TrackersTesting
import XCTest

/// The model for XCTest users: subclass `IsolatedEnvironmentsTestCase` and every test method gets its own
/// copy of every module's `Current`, `reportIssue` failing the test, and exhaustive recorders checked when
/// it ends. This file imports XCTest, not Testing.
final class GoogleAnalyticsTrackerXCTests: IsolatedEnvironmentsTestCase {
  private var recorder: TrackerRecorder<AnalyticsData>!

  override func setUp() {
    super.setUp()
    // setUp runs inside the test's isolated environments too.
    recorder = TrackerRecorder()
    Current.send = recorder.tracker
  }

  func testAppLaunch() {
    googleAnalyticsTracker(.appLaunched)
    recorder.expect("app_launch")
  }

  func testBackgroundThenForeground() {
    googleAnalyticsTracker(.appEnteredBackground)
    googleAnalyticsTracker(.appEnteredForeground)
    recorder.expect("app_background_entered", "app_foreground")
  }

  func testEventsSentFromChildTasksReachTheTestsRecorder() async {
    async let launch: Void = googleAnalyticsTracker(.appLaunched)
    await launch
    recorder.expect("app_launch")
    recorder.expectNoEvents()
  }
}
