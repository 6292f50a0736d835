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
  /// Issues reported off the test's task, kept until the test's task delivers them; `nil` once the scope
  /// finished, when nothing would deliver them.
  private let deferred = LockIsolated<[(message: String, location: IssueLocation)]?>([])

  /// Keeps an issue reported on another task (a queue's sender) for ``deliverDeferred()``; after the scope
  /// finished, records it at once (against no test, as Swift Testing does off a test's task), never drops it.
  func deferReport(_ message: String, at location: IssueLocation) {
    let kept = deferred.withLock { kept -> Bool in
      guard kept != nil else { return false }
      kept?.append((message, location))
      return true
    }
    if !kept { TestFailure.record(message, at: location) }
  }

  /// Records the kept issues, on the calling task: the test's, so they fail that test.
  func deliverDeferred() {
    let kept = deferred.withLock { kept in
      defer { if kept != nil { kept = [] } }
      return kept ?? []
    }
    for issue in kept {
      TestFailure.record(issue.message, at: issue.location)
    }
  }

  func register(_ check: any UnconsumedEventsCheck) {
    checks.withLock { $0.append(check) }
  }

  /// Records the issues kept from other tasks (on the test's task, so they fail the test), then runs every
  /// registered check once, in the order the recorders were created. Issues reported after it are recorded
  /// at once.
  func finish() {
    let kept = deferred.withLock { kept in
      defer { kept = nil }
      return kept ?? []
    }
    for issue in kept {
      TestFailure.record(issue.message, at: issue.location)
    }
    let registered = checks.withLock { checks in
      defer { checks = [] }
      return checks
    }
    for check in registered {
      check.failIfEventsAreUnconsumed()
    }
  }
}
