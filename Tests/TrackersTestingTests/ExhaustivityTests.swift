import Testing
import Trackers
@testable import TrackersTesting

/// Events that no expectation consumed fail the test when it ends.
///
/// This suite has no `.isolatedEnvironments` trait: each test opens the test scope itself, with
/// `withIsolatedTestEnvironments`, so that it can watch the end-of-scope check fail inside `withKnownIssue`.
@Suite struct ExhaustivityTests {
  static let unconsumedMessage = """
    TrackerRecorder<String> received 2 events that no expectation consumed:
        + "app_launch"
        + "logout"
    To fix this, expect them with `recorder.expect(...)`, skip them with `recorder.skipUnconsumedEvents()`, \
    or create the recorder with `TrackerRecorder(exhaustivity: .nonExhaustive)` if this test checks only \
    some of the events.
    """

  @Test func unconsumedEventsFailTheTestAtTheRecordersLineWhenTheScopeEnds() {
    expectIssues([Self.unconsumedMessage], atLine: #line + 2) {
      withIsolatedTestEnvironments {
        let recorder = TrackerRecorder<String>()
        recorder.tracker("app_launch")
        recorder.tracker("logout")
      }
    }
  }

  @Test func eventsThatArriveAfterTheLastUseOfTheRecorderStillCount() {
    expectIssues([Self.unconsumedMessage]) {
      withIsolatedTestEnvironments {
        let track = TrackerRecorder<String>().tracker
        // The recorder itself may already be gone; the scope still checks what its tracker received.
        track("app_launch")
        track("logout")
      }
    }
  }

  @Test func withoutATestScopeTheRecordersDeinitChecks() {
    #expect(ExhaustivityScope.current == nil)
    expectIssues([Self.unconsumedMessage], atLine: #line + 2) {
      do {
        let recorder = TrackerRecorder<String>()
        recorder.tracker("app_launch")
        recorder.tracker("logout")
      }
    }
  }

  @Test func consumedOrSkippedEventsPass() {
    withIsolatedTestEnvironments {
      let recorder = TrackerRecorder<String>()
      recorder.tracker("app_launch")
      recorder.expect("app_launch")
      recorder.tracker("logout")
      recorder.skipUnconsumedEvents()
      #expect(recorder.events == ["app_launch", "logout"])
    }
  }

  @Test func aNonExhaustiveRecorderMayEndWithUnconsumedEvents() {
    let leftovers = withIsolatedTestEnvironments {
      let recorder = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
      recorder.tracker("timing")
      return recorder
    }
    // Any issue recorded by the end-of-scope check would fail this test.
    #expect(leftovers.unconsumedEvents == ["timing"])
  }

  @Test func asyncScopesCheckToo() async {
    await withKnownIssue {
      await withIsolatedTestEnvironments {
        let recorder = TrackerRecorder<String>()
        await withTaskGroup(of: Void.self) { group in
          group.addTask { recorder.tracker("app_launch") }
        }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        TrackerRecorder<String> received 1 event that no expectation consumed:
            + "app_launch"
        To fix this, expect them with `recorder.expect(...)`, skip them with \
        `recorder.skipUnconsumedEvents()`, or create the recorder with \
        `TrackerRecorder(exhaustivity: .nonExhaustive)` if this test checks only some of the events.
        """,
      ]
    }
  }
}
