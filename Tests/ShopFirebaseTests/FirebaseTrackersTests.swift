import APIClient
import AppLifecycle
import ShopFirebase
import Testing
import Trackers
import TrackersTesting

/// The Firebase module tracks app events and API failures; each test swaps the module's `Current`.
@Suite(.isolatedEnvironments)
struct FirebaseTrackersTests {
  @Test(arguments: zip(
    [AppEvent.appLaunched, .appEnteredForeground, .appEnteredBackground],
    [
      "app_open",
      .event(name: "app_state", properties: ["state": "foreground"]),
      .event(name: "app_state", properties: ["state": "background"]),
    ] as [AnalyticsData]
  ))
  func appEvents(event: AppEvent, expected: AnalyticsData) {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    firebaseAppEventTracker(event)
    recorder.expect(expected)
  }

  /// A link and a notification are the vocabulary's standard events, which the vendor module names.
  @Test func linksAndNotificationsAreStandardEvents() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    let link = StandardEvent.DeepLink(url: "shop://tea?token=1")
    let push = StandardEvent.PushNotification(campaign: .init(name: "Spring sale"))
    firebaseAppEventTracker(.openedFromLink(link))
    firebaseAppEventTracker(.notificationReceived(push))
    firebaseAppEventTracker(.notificationOpened(push))
    recorder.expect(
      .standard(.deepLinkOpened(link)), .standard(.pushNotificationReceived(push)), .standard(.pushNotificationOpened(push)))
  }

  @Test func apiFailuresAreErrorsCarryingTheEndpoint() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    firebaseAPIErrorTracker(.timeout(endpoint: "/cart"))
    firebaseAPIErrorTracker(.unexpectedResponse(endpoint: "/checkout"))
    recorder.expect(
      .error(message: "timeout", properties: ["endpoint": "/cart"]),
      .error(message: "unexpected response", properties: ["endpoint": "/checkout"])
    )
  }

  @Test func bothTrackersShareTheModulesCurrentInCallOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    firebaseAppEventTracker(.appLaunched)
    firebaseAPIErrorTracker(.timeout(endpoint: "/cart"))
    recorder.expect("app_open", .error(message: "timeout", properties: ["endpoint": "/cart"]))
  }

  @Test func errorsCanBeCheckedByPredicate() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    firebaseAPIErrorTracker(.timeout(endpoint: "/cart"))
    recorder.expect { $0.properties["endpoint"] == "/cart" }
  }

  @Test func anUnimplementedEnvironmentFailsTheTestThatCallsIt() {
    Current = .unimplemented
    withKnownIssue {
      firebaseAPIErrorTracker(.timeout(endpoint: "/cart"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        ShopFirebase.Current.send was called with error "timeout" {"endpoint": "/cart"} but not expected. \
        To fix this, assign the closure this test expects to be used (for example \
        `ShopFirebase.Current.send = recorder.tracker`), or start from `.mock` if the calls do not matter.
        """,
      ]
    }
  }
}
