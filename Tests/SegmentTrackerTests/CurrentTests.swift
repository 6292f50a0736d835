import SegmentTracker
import Testing
import Trackers
import TrackersTesting
import VendorTestSupport

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSaysAndNeverSendsInvalidEvents() {
    let recorder = TrackerRecorder<SegmentMessage>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let vocabulary: [AnalyticsData] = [
      "Logout", .screen(name: "Cart"), .userId("user-42"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .error(message: "boom"),
    ]
    for data in vocabulary { segmentTracker(data) }
    let issues = knownIssues { segmentTracker(.event(name: "")) }
    recorder.expect(vocabulary.map(segmentMessage(for:)))
    #expect(issues.count == 1 && issues[0].hasPrefix("Segment: track event name is empty"))
  }

  @Test func unimplementedFailsTheTestThatCallsIt() {
    Current = .unimplemented
    let issues = knownIssues { segmentTracker("Logout") }
    #expect(issues.count == 1 && issues[0].hasPrefix("SegmentTracker.Current.send was called"))
  }

  @Test func mockDoesNothing() {
    Current = .mock
    segmentTracker("Logout")  // any reported issue would fail this test
  }

  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    // The only test here that sends through the initial `Current`.
    expectNotConfigured(segmentTracker, module: "SegmentTracker") { Current.counters() }
  }
}

/// README's test pattern, as README writes it, on the module's initial (not configured) `Current` (issue 29
/// item 6): the super properties a test registers apply to the events the recorder receives, a user-model
/// event reaches it too, and nothing is dropped as "not configured" (that issue would fail the test).
@Test(.isolatedEnvironments) func readmePatternAppliesSuperPropertiesOnTheInitialCurrent() {
  let recorder = TrackerRecorder<SegmentMessage>()
  SegmentTracker.Current.send = recorder.tracker
  segmentTracker(.superProperties(.register(["plan": "pro"])))
  segmentTracker(.event(name: "product_added", properties: ["sku": "tea"]))
  segmentTracker(.userId("user-42"))
  segmentTracker(.superProperties(.unregister("plan")))
  segmentTracker(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  recorder.expect(
    segmentMessage(for: .event(name: "product_added", properties: ["sku": "tea", "plan": "pro"])),
    segmentMessage(for: .userId("user-42")),
    segmentMessage(for: .event(name: "order_completed", properties: ["order_id": "o-1"]))
  )
}
