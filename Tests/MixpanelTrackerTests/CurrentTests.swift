import MixpanelTracker
import Testing
import Trackers
import TrackersTesting
import VendorTestSupport

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = TrackerRecorder<MixpanelEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    mixpanelTracker(.userId("u-1"))
    mixpanelTracker(.screen(name: "Cart"))
    mixpanelTracker(.userProperty(name: "plan", value: "pro"))
    let issues = knownIssues { mixpanelTracker("$bad") }
    recorder.expect(
      .identify("u-1"), .event(name: "Screen Viewed", properties: ["Screen Name": "Cart"]),
      .setProfileProperty(name: "plan", value: "pro")
    )
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Mixpanel: event name '$bad' starts with '$', which Mixpanel reserves") == true)
  }

  @Test func unimplementedFailsTheTestThatCallsIt() {
    Current = .unimplemented
    let issues = knownIssues { mixpanelTracker("Signed Up") }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("MixpanelTracker.Current.send was called") == true)
  }

  @Test func unimplementedSyncFailsTheTestThatCallsIt() {
    Current = .unimplemented
    let issues = knownIssues { try? Current.sync() }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("MixpanelTracker.Current.sync was called") == true)
  }

  @Test func mockDoesNothing() {
    Current = .mock
    mixpanelTracker("Signed Up")  // any reported issue would fail this test
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    // The only test here that sends through the initial `Current`.
    expectNotConfigured(mixpanelTracker, module: "MixpanelTracker") { Current.counters() }
  }
}

/// README's test pattern, as README writes it, on the module's initial (not configured) `Current` (issue 29
/// item 6): the super properties a test registers apply to the events the recorder receives, a user-model
/// event reaches it too, and nothing is dropped as "not configured" (that issue would fail the test).
@Test(.isolatedEnvironments) func readmePatternAppliesSuperPropertiesOnTheInitialCurrent() {
  let recorder = TrackerRecorder<MixpanelEvent>()
  MixpanelTracker.Current.send = recorder.tracker
  mixpanelTracker(.superProperties(.register(["plan": "pro"])))
  mixpanelTracker(.event(name: "product_added", properties: ["sku": "tea"]))
  mixpanelTracker(.userId("user-42"))
  mixpanelTracker(.superProperties(.unregister("plan")))
  mixpanelTracker(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  recorder.expect(
    mixpanelEvent(for: .event(name: "product_added", properties: ["sku": "tea", "plan": "pro"])),
    mixpanelEvent(for: .userId("user-42")),
    mixpanelEvent(for: .event(name: "order_completed", properties: ["order_id": "o-1"]))
  )
}
