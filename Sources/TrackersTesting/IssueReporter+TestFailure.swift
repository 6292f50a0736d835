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
}
