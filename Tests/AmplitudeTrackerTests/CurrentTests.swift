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
