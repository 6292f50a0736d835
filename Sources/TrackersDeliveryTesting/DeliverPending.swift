import Trackers
import TrackersDelivery

extension VendorEnvironment {
  /// Flushes until nothing is pending (delivered, or dropped and counted), for at most `timeout`, and
  /// returns the counters: a test then asserts exact counts, never how long delivery took.
  ///
  /// Returns at once when what is pending waits for the user's consent (the module's consent store
  /// says unknown): nothing would be sent before an answer, so the counters say why instead, in
  /// ``TrackersDelivery/TrackerCounters/waitingForConsent``.
  ///
  /// On a ``VirtualQueueClock`` (`configuration.queueClock`), each time the queue
  /// backs off it moves the clock to the queue's next wake-up instead of waiting: a retry takes no wall
  /// time, whatever its delay, and keeps the module's own backoff. On the device's clocks it waits for the
  /// retries themselves, so a test that retries gives its configuration a ``VirtualQueueClock``.
  ///
  /// The wait only bounds a test that would otherwise hang. `timeout` counts the time this wait ran, not the
  /// time it queued for a thread: on a shared machine running the whole suite in parallel, a retry's
  /// wake-up has waited minutes of wall time, and a test bounded by the wall clock failed for that alone.
  ///
  /// ```swift
  /// environment.send(event)
  /// let counters = await environment.deliverPending()
  /// #expect(counters.delivery.delivered == 1)
  /// ```
  @discardableResult
  public func deliverPending(timeout: Duration = .seconds(120)) async -> TrackerCounters {
    // Counts the time this loop ran, not the time it queued for a thread behind the rest of the suite.
    var budget = WaitBudget(timeout, tick: .milliseconds(1))
    var advances = 0
    while true {
      await flush()
      let counters = counters()
      if counters.delivery.pendingEvents == 0 || counters.waitingForConsent > 0 || !budget.isLeft {
        return counters
      }
      // Backing off: the queue sends again once the delay has passed; flush() does not wait through it. On
      // virtual time the delay passes now, once the sender sleeps until it.
      // A thousand sleeps without getting through is a stuck queue: then only the budget ends the wait.
      if advances < 1_000, advanceVirtualTime?() == true {
        advances += 1
        continue
      }
      _ = await budget.sleep()
    }
  }
}
