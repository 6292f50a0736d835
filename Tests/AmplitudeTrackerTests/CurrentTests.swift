import AmplitudeTracker
import Testing
import Trackers
import TrackersTesting
import VendorTestSupport

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSays() {
    let recorder = TrackerRecorder<AmplitudeEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let vocabulary: [AnalyticsData] = [
      "Logout", .screen(name: "Cart"), .userId("user-42"), .userId(nil),
      .userProperty(name: "tier", value: "gold"), .error(message: "boom"),
      .lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")),
    ]
    for data in vocabulary { amplitudeTracker(data) }
    recorder.expect(vocabulary.map(amplitudeEvent(for:)))
  }

  @Test func invalidEventsAreNeverSentAndNameTheRule() {
    let recorder = TrackerRecorder<AmplitudeEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let issues = knownIssues {
      amplitudeTracker(.userId("42"))
      amplitudeTracker(.event(name: "[Amplitude] Start Session"))
    }
    recorder.expectNoEvents()
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix("Amplitude: user id '42' has 2 characters") == true)
    #expect(issues.last?.contains("event type '[Amplitude] Start Session' is reserved") == true)
  }

  @Test func unimplementedFailsTheTestThatCallsIt() async {
    Current = .unimplemented
    let issues = await knownIssues {
      amplitudeTracker("Logout")
      _ = Current.counters()
      await Current.flush()
    }
    let closures = ["send", "counters", "flush"]
    #expect(issues.count == closures.count)
    for (issue, closure) in zip(issues, closures) {
      #expect(issue.hasPrefix("AmplitudeTracker.Current.\(closure) was called"))
    }
  }

  @Test func mockDoesNothing() {
    Current = .mock
    amplitudeTracker("Logout")  // any reported issue would fail this test
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    // The only test here that sends through the initial `Current`.
    expectNotConfigured(amplitudeTracker, module: "AmplitudeTracker") { Current.counters() }
  }
}

/// README's test pattern, as README writes it, on the module's initial (not configured) `Current` (issue 29
/// item 6): the super properties a test registers apply to the events the recorder receives, a user-model
/// event reaches it too, and nothing is dropped as "not configured" (that issue would fail the test).
@Test(.isolatedEnvironments) func readmePatternAppliesSuperPropertiesOnTheInitialCurrent() {
  let recorder = TrackerRecorder<AmplitudeEvent>()
  AmplitudeTracker.Current.send = recorder.tracker
  amplitudeTracker(.superProperties(.register(["plan": "pro"])))
  amplitudeTracker(.event(name: "product_added", properties: ["sku": "tea"]))
  amplitudeTracker(.userId("user-42"))
  amplitudeTracker(.superProperties(.unregister("plan")))
  amplitudeTracker(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  recorder.expect(
    amplitudeEvent(for: .event(name: "product_added", properties: ["sku": "tea", "plan": "pro"])),
    amplitudeEvent(for: .userId("user-42")),
    amplitudeEvent(for: .event(name: "order_completed", properties: ["order_id": "o-1"]))
  )
}
