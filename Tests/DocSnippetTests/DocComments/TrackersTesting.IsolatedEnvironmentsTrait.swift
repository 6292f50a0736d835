// The Swift blocks of Sources/TrackersTesting/IsolatedEnvironmentsTrait.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersTestingIsolatedEnvironmentsTrait1 {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTrait.swift#1
  @Suite(.isolatedEnvironments)
  struct GoogleAnalyticsTrackerTests {
    @Test func appLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")
    }
  }
  // end snippet
}

struct TrackersTestingIsolatedEnvironmentsTrait2 {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTrait.swift#2
  @Suite(.isolatedEnvironments) struct MixpanelTests { ... }
  @Test(.isolatedEnvironments) func logout() { ... }
  // end snippet
}
