import Foundation

/// Virtual time for a live environment's queue, for tests (TrackersDeliveryTesting's `VirtualQueueClock`
/// wraps it): its waits, backoffs, `Retry-After` and close deadline follow a clock that moves only when
/// told, and its jitter comes from a seed, so each run waits the same virtual delays.
///
/// A test puts one in ``DeliveryOptions/virtualTime``; `deliverPending()` and the environment's `close`
/// move it to each deadline the queue sleeps until, and so take no wall time for them.
package final class VirtualQueueTime: Sendable {
  /// The queue's clock.
  let clock: ManualQueueClock
  /// The backoff jitter's seed.
  let seed: UInt64

  /// Virtual time at zero, on the wall at `date` (the records' ages count from it), with jitter from `seed`.
  package init(seed: UInt64 = 0, date: Date = Date()) {
    clock = ManualQueueClock(instant: .zero, date: date)
    self.seed = seed
  }

  /// The virtual time passed since ``init(seed:date:)``.
  package var elapsed: Duration { clock.now.instant }

  /// The queue's wall time: ``init(seed:date:)``'s date plus ``elapsed``.
  package var date: Date { clock.now.date }

  /// Moves virtual time forward by `delta` and wakes each wait whose deadline it passes.
  package func advance(by delta: Duration) {
    clock.advance(by: max(delta, .zero))
  }
}
