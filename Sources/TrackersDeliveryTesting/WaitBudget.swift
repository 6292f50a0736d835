/// A bound on a test's wait that counts the time the waiting task ran, not the time it queued for a thread.
///
/// Swift Testing starts a whole suite at once, so on a loaded machine every task, the queue's sender and
/// the test's wait alike, queues for one of a few threads: a 2 ms retry then takes minutes of wall time
/// (CI once saw a whole run pass 300 s). A wall-clock bound expires there although nothing is stuck; this
/// one counts each tick as at most twice its length, so it stretches with the load that delays the work
/// it waits for, and still ends a run that is truly stuck.
package struct WaitBudget: Sendable {
  private let total: Duration
  private let tick: Duration
  private var spent: Duration = .zero

  /// A budget of `total`, spent in sleeps of `tick`.
  package init(_ total: Duration, tick: Duration = .milliseconds(10)) {
    self.total = total
    self.tick = tick
  }

  /// Whether some budget is left; `sleep()` spends it.
  package var isLeft: Bool { spent < total }

  /// Sleeps one tick and counts it (at most two ticks however long the thread took to come back); returns
  /// whether budget is left. Returns `false` at once when the task is cancelled.
  package mutating func sleep() async -> Bool {
    let start = ContinuousClock.now
    do {
      try await Task.sleep(for: tick)
    } catch {
      return false
    }
    spent += min(ContinuousClock.now - start, tick * 2)
    return isLeft
  }
}
