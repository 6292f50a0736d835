import Trackers
import TrackersTesting
import TrackersTrackingPlan
import XCTest
import XCTestFailureCapture

// This file imports XCTest and not Testing: withTrackingPlan must work from here.
final class TrackingPlanXCTests: FailureCapturingTestCase {
  func testWithTrackingPlanPassesAgainstAMatchingPlan() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    XCTAssertEqual(
      recordPlan(catalogEvents, at: path), [])

    let recorder = TrackerRecorder<AnalyticsData>()
    startCapturingFailures()
    await withTrackingPlan(path, module: "Catalog", receivers: catalogReceivers) {
      for event in catalogEvents { recorder.tracker(event) }
    }
    stopCapturingFailures()
    XCTAssertEqual(capturedFailures, [])
    recorder.expect(catalogEvents)
  }

  func testWithTrackingPlanFailsTheTestWithTheDifference() async throws {
    let directory = try TrackingPlanDirectory()
    let path = directory.path("Catalog.json")
    XCTAssertEqual(
      recordPlan(catalogEvents, at: path), [])

    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    startCapturingFailures()
    let line = #line + 1
    await withTrackingPlan(path, module: "Catalog", receivers: catalogReceivers) {
      for event in catalogEvents.dropLast() { recorder.tracker(event) }
    }
    stopCapturingFailures()
    // The failure points at the caller's line, not into TrackersTesting.
    XCTAssertEqual(
      capturedFailures,
      [
        RecordedFailure(
          message: differenceMessage(
            [#"- event "Added To Cart" is planned but no test tracked it any more"#], path: path),
          filePath: #filePath, line: line)
      ])
  }
}

