// The Swift blocks of Sources/TrackersTesting/Documentation.docc/TestingTrackers.md that name the shop's
// modules, compiled and run: see DocSnippetTests.swift. The blocks that say `Current` are in
// TestingTrackers+*.swift, each importing the one module whose `Current` it means.
import AppLifecycle
import ShopAnalytics
import ShopGoogleAnalytics
import ShopMixpanel
import Testing
import Trackers
import TrackersTesting
import XCTest

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#2
@Suite(.isolatedEnvironments)
struct ShopTrackerTests {
  let google = TrackerRecorder<AnalyticsData>()
  let mixpanel = TrackerRecorder<AnalyticsData>()

  init() {
    // A suite's init runs inside each test's isolated environments.
    ShopGoogleAnalytics.Current.send = google.tracker
    ShopMixpanel.Current.send = mixpanel.tracker
  }

  @Test func anAppEventReachesGoogleButNotMixpanel() {
    shopTracker(.app(.appLaunched))
    google.expect("app_launch")
    mixpanel.expectNoEvents()
  }
}
// end snippet

/// A test case that already has a base class.
class TestingTrackersInvokeTest: XCTestCase {
  // snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#4
  override func invokeTest() {
    withIsolatedTestEnvironments { super.invokeTest() }
  }
  // end snippet
}

@Suite(.isolatedEnvironments) struct TestingTrackersUnimplemented {
  // snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#6
  @Test func appEventsNeverReachMixpanel() {
    ShopMixpanel.Current = .unimplemented
    shopTracker(.app(.appLaunched))
  }
  // end snippet
}
