import Trackers

/// Something that fails the test if events it received were never consumed by an expectation.
protocol UnconsumedEventsCheck: Sendable {
  func failIfEventsAreUnconsumed()
}

/// The recorders created during one test, checked for unconsumed events when the test ends.
///
/// The `.isolatedEnvironments` trait and ``IsolatedEnvironmentsTestCase`` open one per test. Checking at the
/// end of the test rather than in the recorder's `deinit` matters: the optimizer may release a recorder
/// right after its last use, before the code under test sent its last event.
final class ExhaustivityScope: Sendable {
  @TaskLocal static var current: ExhaustivityScope?

  private let checks = LockIsolated<[any UnconsumedEventsCheck]>([])
  /// Issues reported off the test's task, kept until the test's task delivers them.
  private let deferred = LockIsolated<[(message: String, location: IssueLocation)]>([])

  /// Keeps an issue reported on another task (a queue's sender) for ``deliverDeferred()``.
  func deferReport(_ message: String, at location: IssueLocation) {
    deferred.withLock { $0.append((message, location)) }
  }

  /// Records the kept issues, on the calling task: the test's, so they fail that test.
  func deliverDeferred() {
    let kept = deferred.withLock { kept in
      defer { kept = [] }
      return kept
    }
    for issue in kept {
      TestFailure.record(issue.message, at: issue.location)
    }
  }

  func register(_ check: any UnconsumedEventsCheck) {
    checks.withLock { $0.append(check) }
  }

  /// Runs every registered check once, in the order the recorders were created.
  func finish() {
    deliverDeferred()
    let registered = checks.withLock { checks in
      defer { checks = [] }
      return checks
    }
    for check in registered {
      check.failIfEventsAreUnconsumed()
    }
  }
}
