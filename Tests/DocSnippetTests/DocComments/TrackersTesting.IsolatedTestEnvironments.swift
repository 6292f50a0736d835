// The Swift blocks of Sources/TrackersTesting/IsolatedTestEnvironments.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersTestingIsolatedTestEnvironments1 {
  // snippet: Sources/TrackersTesting/IsolatedTestEnvironments.swift#1
  override func invokeTest() {
    withIsolatedTestEnvironments { super.invokeTest() }
  }
  // end snippet
}

private func trackersTestingIsolatedTestEnvironments2(recorder: TrackerRecorder<AnalyticsData>) {
  compile {
    // snippet: Sources/TrackersTesting/IsolatedTestEnvironments.swift#2
    await withIsolatedTestEnvironments {
      Current.send = recorder.tracker
      await model.checkout()
    }
    // end snippet
  }
}
