import Testing
import Trackers

@Suite struct IssueReportingTests {
  @Test func issuesGoToTheReporterInForceWithTheCallersLocation() {
    let reported = EventLog<String>()
    let record = reported.tracker
    let reporter = IssueReporter { message, location in record("\(message) @ \(location.fileID):\(location.line)") }
    let line = #line + 2
    withIssueReporter(reporter) {
      reportIssue("MixpanelTracker.Current is not configured")
    }
    #expect(reported.events == ["MixpanelTracker.Current is not configured @ TrackersTests/IssueReportingTests.swift:\(line)"])
  }

  @Test func theReporterFollowsChildTasks() async {
    let reported = EventLog<String>()
    let record = reported.tracker
    await withIssueReporter(IssueReporter { message, _ in record(message) }) {
      async let child: Void = reportIssue("from a child")
      await child
    }
    #expect(reported.events == ["from a child"])
  }
}
