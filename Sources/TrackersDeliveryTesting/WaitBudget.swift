/// A bound on a test's wait that counts the time the waiting task ran, not the time it queued for a thread.
///
/// Swift Testing starts a whole suite at once, so on a loaded machine every task, the queue's sender and
/// the test's wait alike, queues for one of a few threads: a 2 ms retry then takes minutes of wall time
/// (CI once saw a whole run pass 300 s). A wall-clock bound expires there although nothing is stuck; this
/// one counts a tick that came back late as twice its length (or a quarter of the time it took, if more),
/// so it stretches with the load that delays the work it waits for, at most fourfold, and still ends a
/// run that is truly stuck.
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

  /// Sleeps one tick and counts it (two ticks, or a quarter of the time taken if more, when it came back
  /// late); returns whether budget is left. Returns `false` at once when the task is cancelled.
  package mutating func sleep() async -> Bool {
    let start = ContinuousClock.now
    do {
      try await Task.sleep(for: tick)
    } catch {
      return false
    }
    let elapsed = ContinuousClock.now - start
    // A quarter of a long tick still counts: the budget stretches at most fourfold, so a wait that is
    // meant to run out (or a loop slowed by instrumentation) ends within four times `total`.
    spent += max(elapsed / 4, min(elapsed, tick * 2))
    return isLeft
  }

  /// Sleeps until the whole budget is spent, or the task is cancelled: a timeout's timer.
  package mutating func sleepUntilSpent() async {
    while await sleep() {}
  }
}
