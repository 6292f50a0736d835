import ShopAnalytics
import ShopFirebase
import ShopGoogleAnalytics
import ShopMixpanel
import Testing
import Trackers
import TrackersTesting

/// The app's composition: which vendor hears which feature. Each test swaps every vendor module's `Current`.
@Suite(.isolatedEnvironments)
struct ShopTrackerTests {
  let google = TrackerRecorder<AnalyticsData>()
  let firebase = TrackerRecorder<AnalyticsData>()
  let mixpanel = TrackerRecorder<AnalyticsData>()

  init() {
    // A suite's `init` runs inside each test's isolated environments.
    ShopGoogleAnalytics.Current.send = google.tracker
    ShopFirebase.Current.send = firebase.tracker
    ShopMixpanel.Current.send = mixpanel.tracker
  }

  @Test func anAppEventReachesGoogleAndFirebaseButNotMixpanel() {
    shopTracker(.app(.appLaunched))
    google.expect("app_launch")
    firebase.expect("app_open")
    mixpanel.expectNoEvents()
  }

  @Test func mixpanelLeftUnimplementedProvesItIsNeverCalledForAppEvents() {
    // Any call fails this test, with "ShopMixpanel.Current.send was called ... but not expected".
    ShopMixpanel.Current = .unimplemented
    shopTracker(.app(.appEnteredBackground))
    google.expect("app_background_entered")
    firebase.expect(.event(name: "app_state", properties: ["state": "background"]))
  }

  @Test func anAPIFailureReachesOnlyFirebase() {
    shopTracker(.api(.unexpectedResponse(endpoint: "/checkout")))
    firebase.expect(.error(message: "unexpected response", properties: ["endpoint": "/checkout"]))
    google.expectNoEvents()
    mixpanel.expectNoEvents()
  }

  @Test func aUserEventReachesOnlyMixpanel() {
    shopTracker(.user(.loggedIn(userId: "user-42")))
    mixpanel.expect(.userId("user-42"), "Logged In")
    google.expectNoEvents()
    firebase.expectNoEvents()
  }

  @Test func theWholeJourney() {
    let journey: [AnalyticsEvent] = [
      .app(.appLaunched),
      .user(.loggedIn(userId: "user-42")),
      .api(.timeout(endpoint: "/cart")),
      .app(.appEnteredBackground),
      .user(.loggedOut),
    ]
    for event in journey { shopTracker(event) }
    google.expect("app_launch", "app_background_entered")
    firebase.expect(
      "app_open",
      .error(message: "timeout", properties: ["endpoint": "/cart"]),
      .event(name: "app_state", properties: ["state": "background"])
    )
    mixpanel.expect(.userId("user-42"), "Logged In", "Logged Out", .userId(nil))
  }
}
