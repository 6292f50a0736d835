// The Swift blocks of Sources/TrackersTesting/IsolatedEnvironmentsTestCase.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import XCTest

struct TrackersTestingIsolatedEnvironmentsTestCase1 {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTestCase.swift#1
  @testable import ShopGoogleAnalytics

  final class GoogleAnalyticsTrackerTests: IsolatedEnvironmentsTestCase {
    func testAppLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")
    }
  }
  // end snippet
}

struct TrackersTestingIsolatedEnvironmentsTestCase2 {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTestCase.swift#2
  override func invokeTest() {
    withIsolatedTestEnvironments { super.invokeTest() }
  }
  // end snippet
}
