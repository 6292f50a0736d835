import ShopMixpanel
import Testing
import Trackers
import TrackersTesting
import UserSession

/// The Mixpanel module tracks the user session: identity first on login, last on logout.
@Suite(.isolatedEnvironments)
struct MixpanelUserTrackerTests {
  @Test func logInIdentifiesTheUserThenTracksTheEvent() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    mixpanelTracker(.loggedIn(userId: "user-42"))
    recorder.expect(.userId("user-42"), "Logged In")
  }

  @Test func logOutTracksTheEventThenForgetsTheUser() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    mixpanelTracker(.loggedOut)
    recorder.expect("Logged Out", .userId(nil))
  }

  @Test func aSessionInOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    mixpanelTracker(.loggedIn(userId: "user-42"))
    recorder.expect(.userId("user-42"), "Logged In")
    mixpanelTracker(.loggedOut)
    recorder.expect("Logged Out", .userId(nil))
    recorder.expectNoEvents()
  }

  @Test func anUnimplementedEnvironmentFailsOncePerCall() {
    Current = .unimplemented
    let issues = TrackerRecorder<String>()
    let record = issues.tracker
    withKnownIssue {
      mixpanelTracker(.loggedOut)
    } matching: { issue in
      record(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return true
    }
    let fix = """
      To fix this, assign the closure this test expects to be used (for example \
      `ShopMixpanel.Current.send = recorder.tracker`), or start from `.mock` if the calls do not matter.
      """
    issues.expect(
      "ShopMixpanel.Current.send was called with event Logged Out but not expected. \(fix)",
      "ShopMixpanel.Current.send was called with userId nil but not expected. \(fix)"
    )
  }
}
