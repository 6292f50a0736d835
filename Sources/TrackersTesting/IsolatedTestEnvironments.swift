import Trackers

/// Runs `operation` the way the `.isolatedEnvironments` trait runs a test: with its own copy of every
/// module's `Current`, with `reportIssue` failing the test, and with every exhaustive ``TrackerRecorder``
/// created inside checked for unconsumed events when `operation` returns.
///
/// Use it where neither the trait nor ``IsolatedEnvironmentsTestCase`` fits, for example in an
/// `invokeTest()` override of a test case that already has a base class:
///
/// ```swift
/// override func invokeTest() {
///   withIsolatedTestEnvironments { super.invokeTest() }
/// }
/// ```
public func withIsolatedTestEnvironments<R>(_ operation: () throws -> R) rethrows -> R {
  let scope = ExhaustivityScope()
  defer { scope.finish() }
  return try ExhaustivityScope.$current.withValue(scope) {
    try withIssueReporter(.testFailure(deferringTo: scope)) {
      try withIsolatedEnvironments(operation)
    }
  }
}

/// Runs an asynchronous `operation` the way the `.isolatedEnvironments` trait runs a test; see
/// ``withIsolatedTestEnvironments(_:)``.
///
/// ```swift
/// await withIsolatedTestEnvironments {
///   Current.send = recorder.tracker
///   await model.checkout()
/// }
/// ```
public func withIsolatedTestEnvironments<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> R
) async rethrows -> R {
  let scope = ExhaustivityScope()
  defer { scope.finish() }
  return try await ExhaustivityScope.$current.withValue(scope) {
    try await withIssueReporter(.testFailure(deferringTo: scope)) {
      try await withIsolatedEnvironments(operation)
    }
  }
}
