// The blocks of Sources/TrackersTesting/Documentation.docc/TestingTrackers.md whose `Current` and
// `Environment` are ShopMixpanel's, compiled: see DocSnippetTests.swift.
import ShopMixpanel
import Testing
import Trackers
import TrackersTesting
import UserSession

@Suite(.isolatedEnvironments) struct TestingTrackersRecorder {
  @Test func theRecorder() {
    // snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#1
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    mixpanelTracker(.loggedIn(userId: "user-42"))
    recorder.expect(.userId("user-42"), "Logged In")
    // end snippet
  }
}

/// What ShopMixpanel declares, declared again: this one shadows it in this target, with the same value.

// snippet: Sources/TrackersTesting/Documentation.docc/TestingTrackers.md#5
extension Environment {
  public static let unimplemented = Environment(
    send: Trackers.unimplemented("ShopMixpanel.Current.send")
  )
}
// end snippet
