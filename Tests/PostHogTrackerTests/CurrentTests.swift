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
