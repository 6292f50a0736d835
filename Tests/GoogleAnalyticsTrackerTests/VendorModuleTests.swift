import Testing
import Trackers
import TrackersDelivery
import TrackersTesting
import VendorTestSupport

/// The vendor-neutral half every vendor module shares: its not-configured tracker and its invalid-event report.
@Suite(.isolatedEnvironments)
struct VendorModuleTests {
  @Test func notConfiguredWarnsExactlyOnceAndCountsEveryEvent() {
    let module = VendorModule(name: "ExampleTracker", vendor: "Example", configuration: "ExampleTracker.Current = .live()")
    let tracker: Tracker<String> = module.notConfigured()
    let issues = knownIssues {
      tracker("a")
      tracker("b")
      tracker("c")
    }
    #expect(module.counters.notConfigured == 3)
    #expect(issues == [
      "ExampleTracker.Current is not configured, so events are dropped and counted (first: a). To fix this, set it "
        + "once at launch, before the first event: `ExampleTracker.Current = .live()`; in tests, assign a recorder, "
        + "`ExampleTracker.Current.send = recorder.tracker`, or `ExampleTracker.Current = .mock`."
    ])
  }

  @Test func rejectInvalidCountsUnderTheFirstRule() {
    let module = VendorModule(name: "ExampleTracker", vendor: "Example", configuration: "")
    let issues = knownIssues {
      module.rejectInvalid(
        [ValidationIssue(vendor: "Example", rule: "name", message: "bad name"),
         ValidationIssue(vendor: "Example", rule: "value", message: "bad value")],
        event: "event x")
    }
    #expect(module.counters.invalidByRule == ["name": 1])
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("Example: bad name; Example: bad value. The event was not sent: event x.") == true)
  }

  @Test func aMessageThatEndsItsSentenceGetsOnePeriod() {
    // Issue 40: the kit appended ". The event was not sent" to a message that already ended with a period.
    let module = VendorModule(name: "ExampleTracker", vendor: "Example", configuration: "")
    let issues = knownIssues {
      module.rejectInvalid(
        [ValidationIssue(vendor: "Example", rule: "name", message: "bad name. To fix this, rename it.")],
        event: "event x")
    }
    #expect(issues.first?.hasPrefix("Example: bad name. To fix this, rename it. The event was not sent: event x.") == true)
  }
}
