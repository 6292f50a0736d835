import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDeliveryTesting
import TrackersTesting

/// The tracker validates and maps each event, then sends it through `Current`, read at call time.
@Suite(.isolatedEnvironments)
struct CurrentTests {
  @Test func trackerSendsWhatTheMappingSaysAndNeverSendsInvalidEvents() {
    let recorder = TrackerRecorder<TelemetryDeckEvent>()
    Current = .unimplemented
    Current.send = recorder.tracker
    let vocabulary: [AnalyticsData] = [
      "Logout", .screen(name: "Cart"), .userId("user-42"), .userId(nil), .userProperty(name: "tier", value: "gold"),
      .error(message: "boom"), .lifecycle(.backgrounded), .event(name: "Cart.total", properties: ["floatValue": 42.5]),
    ]
    for data in vocabulary { telemetryDeckTracker(data) }
    let issues = collectingIssues { telemetryDeckTracker(.event(name: "e", properties: ["count": 1])) }
    recorder.expect(vocabulary.map(telemetryDeckSignal(for:)))
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("TelemetryDeck: property 'count' is a reserved key") == true)
    #expect(issues.first?.contains("The event was not sent") == true)
  }

  /// Registered super properties reach lifecycle signals too (the pipeline's `addToLifecycle`), under the
  /// signal's own keys.
  @Test func lifecycleSignalsCarryTheSuperProperties() {
    let recorder = TrackerRecorder<TelemetryDeckEvent>()
    Current.send = recorder.tracker
    telemetryDeckTracker(.superProperties(.register(["theme": "dark", "build": 42])))
    telemetryDeckTracker(.lifecycle(.backgrounded))
    recorder.expect([
      .signal(type: LifecycleEvent.backgrounded.name, payload: ["theme": "dark", "build": "42"], floatValue: nil)
    ])
  }

  /// The count is the module's own, process-wide: the not-configured environment reports it.
  @Test func invalidEventsAreCountedByRule() {
    Current = .notConfigured
    let before = Current.counters().invalidByRule["signal-type-reserved"] ?? 0
    _ = collectingIssues { telemetryDeckTracker("TelemetryDeck.Session.started") }
    #expect((Current.counters().invalidByRule["signal-type-reserved"] ?? 0) - before == 1)
  }

  @Test func unimplementedFailsTheTestThatCallsIt() {
    Current = .unimplemented
    let issues = collectingIssues { telemetryDeckTracker("Logout") }
    #expect(issues.count == 1 && issues[0].hasPrefix("TelemetryDeckTracker.Current.send was called"))
  }

  @Test func mockDoesNothing() {
    Current = .mock
    telemetryDeckTracker("Logout")  // any reported issue would fail this test
  }

  /// The only test here that sends through the initial `Current`: its count and its warning are
  /// process-wide, so the warning is spent if this test already ran in the process.
  @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
    let before = Current.counters().notConfigured
    let issues = collectingIssues {
      telemetryDeckTracker("Login")
      telemetryDeckTracker("Logout")
    }
    #expect(Current.counters().notConfigured - before == 2)
    #expect(issues.count == (before == 0 ? 1 : 0))
    if let issue = issues.first {
      #expect(issue.hasPrefix("TelemetryDeckTracker.Current is not configured, so events are dropped and counted"))
      #expect(issue.contains("To fix this, set it once at launch"))
      #expect(issue.contains(#"`TelemetryDeckTracker.Current = try .live(.init(appID: "<app id>"))`"#))
    }
  }
}
