// The Swift blocks of Sources/TrackersTesting/Documentation.docc/TrackersTesting.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import ShopGoogleAnalytics
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersTestingTrackersTesting1 {
  // snippet: Sources/TrackersTesting/Documentation.docc/TrackersTesting.md#1
  @Suite(.isolatedEnvironments)          // every test gets its own copy of every module's Current
  struct GoogleAnalyticsTrackerTests {
    @Test func appLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")      // exhaustive: consumes exactly these, in this order
    }
  }
  // end snippet
}
