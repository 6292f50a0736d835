// The Swift blocks of Sources/TrackersTesting/TrackerRecorder.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersTestingTrackerRecorder1 {
  // snippet: Sources/TrackersTesting/TrackerRecorder.swift#1
  @Suite(.isolatedEnvironments)
  struct GoogleAnalyticsTests {
    @Test func appLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")
    }
  }
  // end snippet
}

private func trackersTestingTrackerRecorder2(recorder: TrackerRecorder<AnalyticsData>) {
  compile {
    // snippet: Sources/TrackersTesting/TrackerRecorder.swift#2
    googleAnalyticsTracker(.appEnteredForeground)
    recorder.expect("app_foreground")
    recorder.expectNoEvents()
    // end snippet
  }
}

private func trackersTestingTrackerRecorder3(recorder: TrackerRecorder<AnalyticsData>) {
  compile {
    // snippet: Sources/TrackersTesting/TrackerRecorder.swift#3
    recorder.expect { $0.name == "purchase" }
    recorder.expect({ $0.name == "cart_viewed" }, { $0.name == "checkout_started" })
    // end snippet
  }
}
