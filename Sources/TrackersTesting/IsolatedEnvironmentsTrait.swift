import Testing
import Trackers

/// A Swift Testing trait that runs each test in its own isolated environments; spell it
/// `.isolatedEnvironments`.
///
/// On a suite it applies to every test in it, and to every argument of a parameterized test:
///
/// ```swift
/// @Suite(.isolatedEnvironments)
/// struct GoogleAnalyticsTrackerTests {
///   @Test func appLaunch() {
///     let recorder = TrackerRecorder<AnalyticsData>()
///     Current.send = recorder.tracker
///     googleAnalyticsTracker(.appLaunched)
///     recorder.expect("app_launch")
///   }
/// }
/// ```
///
/// Inside each test:
/// - every module's `Current` starts from its declared initial value, and assignments stay inside the
///   test and the child tasks it starts (see `withIsolatedEnvironments` in `Trackers`), so tests run in
///   parallel without seeing one another;
/// - `reportIssue` fails the test (see ``Trackers/IssueReporter/testFailure``), so an
///   `Environment.unimplemented` closure that the code under test calls fails it;
/// - every exhaustive ``TrackerRecorder`` created in the test fails it if it holds events that no
///   expectation consumed when the test ends.
public struct IsolatedEnvironmentsTrait: TestTrait, SuiteTrait, TestScoping {
  /// The trait; spelled `.isolatedEnvironments`.
  package init() {}

  /// `true`: on a suite, the trait applies to each test in it and in its nested suites.
  public var isRecursive: Bool { true }

  /// The trait provides a scope for each test case (each argument of a parameterized test), never for a
  /// whole suite: tests must not share environments.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case inside ``withIsolatedTestEnvironments(isolation:_:)``.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    TestFailure.runningSwiftTestingScopes.withLock { $0 += 1 }
    defer { TestFailure.runningSwiftTestingScopes.withLock { $0 -= 1 } }
    try await withIsolatedTestEnvironments {
      try await function()
    }
  }
}

extension Trait where Self == IsolatedEnvironmentsTrait {
  /// Runs each test in its own isolated environments, with issues failing the test and recorders checked
  /// for unconsumed events at its end; see ``IsolatedEnvironmentsTrait``.
  ///
  /// ```swift
  /// @Suite(.isolatedEnvironments) struct MixpanelTests { /* ... */ }
  /// @Test(.isolatedEnvironments) func logout() { /* ... */ }
  /// ```
  public static var isolatedEnvironments: Self { Self() }
}
