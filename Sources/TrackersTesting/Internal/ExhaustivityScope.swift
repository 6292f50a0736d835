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

  func register(_ check: any UnconsumedEventsCheck) {
    checks.withLock { $0.append(check) }
  }

  /// Runs every registered check once, in the order the recorders were created.
  func finish() {
    let registered = checks.withLock { checks in
      defer { checks = [] }
      return checks
    }
    for check in registered {
      check.failIfEventsAreUnconsumed()
    }
  }
}
