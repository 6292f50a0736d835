import Trackers
import TrackersTesting
import XCTest
import XCTestFailureCapture

/// The line that declares `current`, where its unimplemented closure's failures point.
private let currentLine = #line + 2
/// A module-level environment, like a tracker module's `Current`.
private let current = CurrentEnvironment(Fixture(send: unimplemented("Fixture.Current.send")))

private struct Fixture: Sendable {
  var send: Tracker<String>
}

// This file imports XCTest and not Testing: `expect` and friends must work from here.
final class IsolatedEnvironmentsTestCaseTests: FailureCapturingTestCase {
  func testEachTestRunsInIsolatedEnvironments() {
    XCTAssertTrue(isInIsolatedEnvironments)
    let recorder = TrackerRecorder<String>()
    current.value.send = recorder.tracker
    current.value.send("app_launch")
    recorder.expect("app_launch")
  }

  func testAsyncTestsRunInIsolatedEnvironmentsToo() async {
    XCTAssertTrue(isInIsolatedEnvironments)
    let recorder = TrackerRecorder<String>()
    current.value.send = recorder.tracker
    async let child: Void = current.value.send("from a child task")
    await child
    recorder.expect("from a child task")
  }

  func testAFailedExpectationFailsTheTestAtTheCallersLineWithTheDiff() {
    let recorder = TrackerRecorder<String>()
    recorder.tracker("app_launch")
    recorder.tracker("logout")
    let line = #line + 1
    let failures = capturingFailures { recorder.expect("app_launch", "signup") }
    XCTAssertEqual(
      failures,
      [
        RecordedFailure(
          message: Self.xctFailPrefix + """
            Received events differ from the expected events: 1 missing, 1 extra.
            (− expected but not received, + received but not expected)
                  "app_launch"
                − "signup"
                + "logout"
            To fix this, make the code under test send exactly the expected events in this order, or \
            update the expectation if the new events are intended.
            """,
          filePath: #filePath,
          line: line
        ),
      ]
    )
  }

  func testAnUnimplementedEnvironmentFailsTheTestAtTheLineThatDeclaredIt() {
    let failures = capturingFailures { current.value.send("app_launch") }
    XCTAssertEqual(
      failures,
      [
        RecordedFailure(
          message: """
            Fixture.Current.send was called with app_launch but not expected. To fix this, assign the \
            closure this test expects to be used (for example `Fixture.Current.send = recorder.tracker`), \
            or start from `.mock` if the calls do not matter.
            """,
          filePath: #filePath,
          line: currentLine
        ),
      ]
    )
  }

  /// What `XCTFail` puts before the message.
  static let xctFailPrefix = "failed - "
}

/// Events left unconsumed fail the test after `tearDown`, at the line that created the recorder.
final class UnconsumedEventsTestCaseTests: FailureCapturingTestCase {
  private var recorderLine = 0

  override func invokeTest() {
    startCapturingFailures()
    super.invokeTest()
    stopCapturingFailures()
    // The test scope has ended here: its check has run.
    XCTAssertEqual(
      capturedFailures,
      [
        RecordedFailure(
          message: IsolatedEnvironmentsTestCaseTests.xctFailPrefix + """
            TrackerRecorder<String> received 1 event that no expectation consumed:
                + "app_launch"
            To fix this, expect them with `recorder.expect(...)`, skip them with \
            `recorder.skipUnconsumedEvents()`, or create the recorder with \
            `TrackerRecorder(exhaustivity: .nonExhaustive)` if this test checks only some of the events.
            """,
          filePath: #filePath,
          line: recorderLine
        ),
      ]
    )
  }

  func testUnconsumedEventsFailTheTestWhenItEnds() {
    recorderLine = #line + 1
    let recorder = TrackerRecorder<String>()
    recorder.tracker("app_launch")
  }
}

/// Without the base class, failures still reach XCTest, through `XCTFail`.
final class PlainXCTestCaseTests: XCTestCase {
  private var isCapturing = false
  private var captured: [RecordedFailure] = []

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard isCapturing else { return super.record(issue) }
    captured.append(
      RecordedFailure(
        message: issue.compactDescription,
        filePath: issue.sourceCodeContext.location?.fileURL.path ?? "",
        line: issue.sourceCodeContext.location?.lineNumber ?? 0
      )
    )
  }
  #else
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      return super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
    }
    captured.append(RecordedFailure(message: description, filePath: filePath, line: lineNumber))
  }
  #endif

  func testExpectNoEventsFailsThroughXCTFail() {
    XCTAssertFalse(isInIsolatedEnvironments)
    let recorder = TrackerRecorder<String>()
    recorder.tracker("app_launch")
    isCapturing = true
    let line = #line + 1
    recorder.expectNoEvents()
    isCapturing = false
    XCTAssertEqual(
      captured,
      [
        RecordedFailure(
          message: IsolatedEnvironmentsTestCaseTests.xctFailPrefix + """
            Expected no events, but received 1 event:
                + "app_launch"
            To fix this, expect these events with `recorder.expect(...)`, or stop the code under test from \
            sending them.
            """,
          filePath: #filePath,
          line: line
        ),
      ]
    )
  }
}
