import Testing
import Trackers

extension IssueReporter {
  /// A reporter that fails the running test at the reported location.
  ///
  /// Inside a Swift Testing test it records an `Issue`; inside an XCTest test it records a failure. The
  /// `.isolatedEnvironments` trait and ``IsolatedEnvironmentsTestCase`` install it for every test, so an
  /// `Environment.unimplemented` closure called by the code under test fails that test:
  ///
  /// ```
  /// GoogleAnalyticsTracker.Current.send was called with event app_launch but not expected. To fix this, ...
  /// ```
  ///
  /// Install it yourself for a narrower scope:
  ///
  /// ```swift
  /// withIssueReporter(.testFailure) {
  ///   model.checkout()
  /// }
  /// ```
  public static let testFailure = IssueReporter { message, location in
    TestFailure.record(message, at: location)
  }

  /// ``testFailure`` for the Swift Testing test running now (`.isolatedEnvironments` installs it): an issue
  /// reported on a task that is not the test's (the queue's sender, a detached task: Swift Testing would
  /// record it against no test, "Test «unknown»") is kept in `scope` and recorded on the test's task, when
  /// it gets control back (a `flush()` or `close()` of a live environment, a `ScriptedTransport`'s
  /// `requests`) or when the test ends. So the test fails, and a `withKnownIssue` around the code sees it.
  /// Outside a Swift Testing test: ``testFailure``.
  static func testFailure(deferringTo scope: ExhaustivityScope) -> IssueReporter {
    guard Test.current != nil else { return .testFailure }
    return IssueReporter(
      { message, location in
        if Test.current != nil { return TestFailure.record(message, at: location) }
        scope.deferReport(message, at: location)
      },
      deliverDeferred: { scope.deliverDeferred() })
  }
}
