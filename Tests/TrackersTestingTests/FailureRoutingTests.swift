import Testing
@testable import TrackersTesting

/// Where a failure goes when the code that fails has no test context of its own.
///
/// An issue recorded from a `Task.detached` can't be caught with `withKnownIssue` (it belongs to no test,
/// and fails the whole run), so the routing rule is checked on its own here.
@Suite struct FailureRoutingTests {
  func route(inTest: Bool, bound: Bool, running: Bool) -> [TestFailure.Destination] {
    TestFailure.destinations(isInSwiftTestingTest: inTest, hasBoundXCTestCase: bound, isSwiftTestingRunning: running)
  }

  @Test func insideASwiftTestingTestFailuresAreIssues() {
    #expect(route(inTest: true, bound: false, running: true) == [.swiftTestingIssue])
    #expect(TestFailure.destinations(hasBoundXCTestCase: false) == [.swiftTestingIssue])
  }

  @Test func insideAnIsolatedEnvironmentsTestCaseReportedIssuesGoToItsTestCase() {
    #expect(route(inTest: false, bound: true, running: true) == [.boundXCTestCase])
  }

  @Test func withoutATestContextFailuresReachBothFrameworksWhileSwiftTestingRuns() {
    #expect(route(inTest: false, bound: false, running: true) == [.swiftTestingIssue, .xctFail])
    #expect(route(inTest: false, bound: false, running: false) == [.xctFail])
  }

  @Test(.isolatedEnvironments) func aDetachedTaskSeesTheRunningSwiftTestingScope() async {
    let destinations = await Task.detached { TestFailure.destinations(hasBoundXCTestCase: false) }.value
    #expect(destinations == [.swiftTestingIssue, .xctFail])
  }
}
