import PostHogTracker
import Testing
import Trackers
import TrackersTesting
import VendorTestSupport

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSaysAndNeverSendsInvalidEvents() {
    let recorder = TrackerRecorder<PostHogEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let vocabulary: [AnalyticsData] = [
      "logout", .screen(name: "Cart"), .userId("user-42"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .error(message: "boom"), .lifecycle(.backgrounded),
    ]
    for data in vocabulary { postHogTracker(data) }
    let issues = knownIssues { postHogTracker(.event(name: "$pageview")) }
    recorder.expect(vocabulary.map(postHogEvent(for:)))
    #expect(issues.count == 1 && issues[0].hasPrefix("PostHog: event name '$pageview' starts with '$'"))
  }

  @Test func unimplementedFailsTheTestThatCallsIt() {
    Current = .unimplemented
    let issues = knownIssues { postHogTracker("logout") }
    #expect(issues.count == 1 && issues[0].hasPrefix("PostHogTracker.Current.send was called"))
  }

  @Test func mockDoesNothing() {
    Current = .mock
    postHogTracker("logout")  // any reported issue would fail this test
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    // The only test here that sends through the initial `Current`.
    expectNotConfigured(postHogTracker, module: "PostHogTracker") { Current.counters() }
  }
}

/// README's test pattern, as README writes it, on the module's initial (not configured) `Current` (issue 29
/// item 6): the super properties a test registers apply to the events the recorder receives, a user-model
/// event reaches it too, and nothing is dropped as "not configured" (that issue would fail the test).
@Test(.isolatedEnvironments) func readmePatternAppliesSuperPropertiesOnTheInitialCurrent() {
  let recorder = TrackerRecorder<PostHogEvent>()
  PostHogTracker.Current.send = recorder.tracker
  postHogTracker(.superProperties(.register(["plan": "pro"])))
  postHogTracker(.event(name: "product_added", properties: ["sku": "tea"]))
  postHogTracker(.userId("user-42"))
  postHogTracker(.superProperties(.unregister("plan")))
  postHogTracker(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  recorder.expect(
    postHogEvent(for: .event(name: "product_added", properties: ["sku": "tea", "plan": "pro"])),
    postHogEvent(for: .userId("user-42")),
    postHogEvent(for: .event(name: "order_completed", properties: ["order_id": "o-1"]))
  )
}
