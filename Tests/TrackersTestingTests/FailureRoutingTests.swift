import Testing
@testable import TrackersTesting

/// Where a failure goes when the code that fails has no test context of its own.
///
/// An issue recorded from a `Task.detached` can't be caught with `withKnownIssue` (it belongs to no test,
/// and fails the whole run), so the routing rule is checked on its own here.
@Suite struct FailureRoutingTests {
  @Test func insideASwiftTestingTestFailuresAreIssues() {
    #expect(TestFailure.destinations(isInSwiftTestingTest: true, hasBoundXCTestCase: false, isSwiftTestingRunning: true)
      == [.swiftTestingIssue])
    #expect(TestFailure.destinations(hasBoundXCTestCase: false) == [.swiftTestingIssue])
  }

  @Test func insideAnIsolatedEnvironmentsTestCaseReportedIssuesGoToItsTestCase() {
    #expect(TestFailure.destinations(isInSwiftTestingTest: false, hasBoundXCTestCase: true, isSwiftTestingRunning: true)
      == [.boundXCTestCase])
  }

  @Test func withoutATestContextFailuresReachBothFrameworksWhileSwiftTestingRuns() {
    #expect(TestFailure.destinations(isInSwiftTestingTest: false, hasBoundXCTestCase: false, isSwiftTestingRunning: true)
      == [.swiftTestingIssue, .xctFail])
    #expect(TestFailure.destinations(isInSwiftTestingTest: false, hasBoundXCTestCase: false, isSwiftTestingRunning: false)
      == [.xctFail])
  }

  @Test(.isolatedEnvironments) func aDetachedTaskSeesTheRunningSwiftTestingScope() async {
    let destinations = await Task.detached { TestFailure.destinations(hasBoundXCTestCase: false) }.value
    #expect(destinations == [.swiftTestingIssue, .xctFail])
  }
}
