import Testing
import Trackers
@testable import TrackersTesting

/// A module-level environment, like a tracker module's `Current`.
private let current = CurrentEnvironment(Fixture(send: unimplemented("Fixture.Current.send")))

private struct Fixture: Sendable {
  var send: Tracker<String>
}

@Suite(.isolatedEnvironments)
struct IsolatedEnvironmentsTraitTests {
  @Test func eachTestRunsInATestScope() {
    #expect(isInIsolatedEnvironments)
    #expect(ExhaustivityScope.current != nil)
  }

  @Test func reportedIssuesFailTheTestAtTheReportedLine() {
    expectIssues(
      [
        """
        Fixture.Current.send was called with app_launch but not expected. To fix this, assign the \
        closure this test expects to be used (for example `Fixture.Current.send = recorder.tracker`), or \
        start from `.mock` if the calls do not matter.
        """,
      ],
      // `unimplemented` reports at the line that built the closure: the top of this file.
      atLine: 6
    ) {
      current.value.send("app_launch")
    }
  }

  @Test func reportIssueFailsTheTestWithItsMessage() {
    expectIssues(["ShopMixpanel.Current is not configured. To fix this, ..."], atLine: #line + 1) {
      reportIssue("ShopMixpanel.Current is not configured. To fix this, ...")
    }
  }

  @Test(arguments: 0..<50)
  func parallelTestCasesEachSeeOnlyTheirOwnEnvironment(index: Int) async {
    let recorder = TrackerRecorder<String>()
    current.value.send = recorder.tracker
    for _ in 0..<10 {
      await Task.yield()
      current.value.send("case \(index)")
    }
    recorder.expect(Array(repeating: "case \(index)", count: 10))
  }
}

@Suite struct IsolatedEnvironmentsOnOneTest {
  @Test(.isolatedEnvironments) func theTraitAlsoAppliesToASingleTest() {
    #expect(isInIsolatedEnvironments)
  }

  @Test func withoutTheTraitThereIsNoScope() {
    #expect(!isInIsolatedEnvironments)
    #expect(ExhaustivityScope.current == nil)
  }
}
