import Testing
import Trackers

@Suite struct UnimplementedTests {
  @Test func reportsTheNameTheArgumentAndHowToFixIt() {
    let reported = EventLog<String>()
    let record = reported.tracker
    let send: Tracker<AnalyticsData> = unimplemented("GoogleAnalyticsTracker.Current.send")
    withIssueReporter(IssueReporter { message, _ in record(message) }) {
      send("app_launch")
    }
    #expect(reported.events == [
      "GoogleAnalyticsTracker.Current.send was called with event app_launch but not expected. "
        + "To fix this, assign the closure this test expects to be used (for example "
        + "`GoogleAnalyticsTracker.Current.send = recorder.tracker`), or start from `.mock` if the calls do "
        + "not matter.",
    ])
  }

  @Test func closuresReturnTheirPlaceholderAfterReporting() {
    let reported = EventLog<String>()
    let record = reported.tracker
    let now = unimplemented("Current.now", placeholder: 7)
    let value = withIssueReporter(IssueReporter { message, _ in record(message) }) { now() }
    #expect(value == 7)
    #expect(reported.events.count == 1)
    #expect(reported.events.first?.hasPrefix("Current.now was called but not expected.") == true)
  }

  @Test func validationIssuesDescribeThemselvesWithTheVendor() {
    let issue = ValidationIssue(vendor: "GA4", rule: "event-name-characters", message: "event name 'a-b' has '-'")
    #expect(issue.description == "GA4: event name 'a-b' has '-'")
  }
}
