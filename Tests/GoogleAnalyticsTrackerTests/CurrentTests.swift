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

/// README's test pattern, as README writes it, on the module's initial (not configured) `Current` (issue 29
/// item 6): the super properties a test registers apply to the events the recorder receives, a user-model
/// event reaches it too, and nothing is dropped as "not configured" (that issue would fail the test).
@Test(.isolatedEnvironments) func readmePatternAppliesSuperPropertiesOnTheInitialCurrent() {
  let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
  GoogleAnalyticsTracker.Current.send = recorder.tracker
  googleAnalyticsTracker(.superProperties(.register(["plan": "pro"])))
  googleAnalyticsTracker(.event(name: "product_added", properties: ["sku": "tea"]))
  googleAnalyticsTracker(.userId("user-42"))
  googleAnalyticsTracker(.superProperties(.unregister("plan")))
  googleAnalyticsTracker(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  recorder.expect(
    googleAnalyticsEvent(for: .event(name: "product_added", properties: ["sku": "tea", "plan": "pro"])),
    googleAnalyticsEvent(for: .userId("user-42")),
    googleAnalyticsEvent(for: .event(name: "order_completed", properties: ["order_id": "o-1"]))
  )
}
