import AppLifecycle
import ShopGoogleAnalytics
import Testing
import Trackers
import TrackersTesting

/// The Google Analytics module maps app events to GA4 event names; each test swaps the module's `Current`.
@Suite(.isolatedEnvironments)
struct GoogleAnalyticsTrackerTests {
  /// A link and a notification are the vocabulary's standard events, which the vendor module names.
  @Test func linksAndNotificationsAreStandardEvents() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    let link = StandardEvent.DeepLink(url: "shop://tea?token=1")
    let push = StandardEvent.PushNotification(campaign: .init(name: "Spring sale"))
    googleAnalyticsTracker(.openedFromLink(link))
    googleAnalyticsTracker(.notificationReceived(push))
    googleAnalyticsTracker(.notificationOpened(push))
    recorder.expect(
      .standard(.deepLinkOpened(link)), .standard(.pushNotificationReceived(push)), .standard(.pushNotificationOpened(push)))
  }

  @Test func appLaunch() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    googleAnalyticsTracker(.appLaunched)
    recorder.expect("app_launch")
  }

  @Test(arguments: zip(
    [AppEvent.appLaunched, .appEnteredForeground, .appEnteredBackground],
    ["app_launch", "app_foreground", "app_background_entered"] as [AnalyticsData]
  ))
  func eachAppEventHasItsGA4Name(event: AppEvent, expected: AnalyticsData) {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    googleAnalyticsTracker(event)
    recorder.expect(expected)
  }

  @Test func aSessionArrivesInOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    Current.send = recorder.tracker
    googleAnalyticsTracker(.appLaunched)
    googleAnalyticsTracker(.appEnteredBackground)
    googleAnalyticsTracker(.appEnteredForeground)
    recorder.expect("app_launch", "app_background_entered", "app_foreground")
  }

  @Test func anUnimplementedEnvironmentFailsTheTestThatCallsIt() {
    Current = .unimplemented
    withKnownIssue {
      googleAnalyticsTracker(.appLaunched)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        ShopGoogleAnalytics.Current.send was called with event app_launch but not expected. To fix this, \
        assign the closure this test expects to be used (for example \
        `ShopGoogleAnalytics.Current.send = recorder.tracker`), or start from `.mock` if the calls do not \
        matter.
        """,
      ]
    }
  }
}
