import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersTesting
import VendorTestSupport

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    googleAnalyticsTracker(.userId("u-1"))
    googleAnalyticsTracker(.screen(name: "Cart"))
    googleAnalyticsTracker(.userProperty(name: "tier", value: "gold"))
    googleAnalyticsTracker(.error(message: "timeout"))
    googleAnalyticsTracker("login")
    recorder.expect(
      .userId("u-1"),
      .event(name: "screen_view", params: ["screen_name": "Cart"]),
      .userProperty(name: "tier", value: "gold"),
      .event(name: "app_error", params: ["error_message": "timeout"]),
      .event(name: "login", params: [:])
    )
  }

  @Test func invalidEventIsReportedWithItsRuleAndNeverSent() {
    let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let issues = knownIssues { googleAnalyticsTracker("add-to-cart") }
    recorder.expectNoEvents()
    #expect(issues.count == 1)
    #expect(issues.first?.contains(
      "GA4: event name 'add-to-cart' has '-'; names are letters, digits and underscores, starting with a letter"
    ) == true)
    #expect(issues.first?.contains("To fix this") == true)
  }

  @Test func unimplementedFailsTheTestThatCallsIt() async {
    Current = .unimplemented
    let issues = await knownIssues {
      googleAnalyticsTracker("login")
      await Current.flush()
    }
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix("GoogleAnalyticsTracker.Current.send was called") == true)
    #expect(issues.last?.hasPrefix("GoogleAnalyticsTracker.Current.flush was called") == true)
  }

  @Test func mockDoesNothing() {
    Current = .mock
    googleAnalyticsTracker("login")  // any reported issue would fail this test
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    // The only test here that sends through the initial `Current`.
    expectNotConfigured(googleAnalyticsTracker, module: "GoogleAnalyticsTracker") { Current.counters() }
  }
}
