import Foundation
import TrackersDelivery

/// Virtual time for a live environment's queue: its retries, backoffs, `Retry-After` delays, flush
/// interval and close deadline wait on this clock, which moves only when the test, `deliverPending()` or
/// the environment's `close` moves it. A retry then takes no wall time, however long its delay: the
/// module keeps its own backoff, and the test asserts the exact delay the queue waited.
///
/// Put it in the configuration before the live environment is made, one clock per environment.
/// `deliverPending()` and `close` move it to each deadline the queue sleeps until (nothing could happen
/// before it), never while a request is in flight: that wait is real I/O (a request held forever holds
/// `close` until the test moves the clock past its deadline with ``advance(by:)``). The backoff's jitter
/// comes from `seed`, so a run waits the same delays every time. The clock stamps no events: that is
/// ``TrackersDelivery/DeliveryOptions/now`` (a ``TestClock``, or this clock's ``date``). A module's heartbeats
/// (``TrackersDelivery/VendorDelivery/onHeartbeat(every:_:)``) come as the test moves it past them, and are no
/// wait `deliverPending()` or `close` moves it to.
///
/// ```swift
/// let clock = VirtualQueueClock()
/// configuration.queueClock = clock
/// let environment = try MixpanelEnvironment.live(configuration)
/// transport.script(.status(429, headers: ["Retry-After": "5"]))
/// environment.send(event)
/// #expect(await environment.deliverPending().delivery.delivered == 1)
/// #expect(clock.elapsed == .seconds(5))
/// ```
public final class VirtualQueueClock: Sendable {
  /// The queue's time, as the module kit reads it.
  package let time: VirtualQueueTime

  /// A clock at zero, with the backoff's jitter drawn from `seed`, on the wall at `date` (the wall time
  /// now by default): the records' ages count from it, and ``date`` moves on from it.
  public init(seed: UInt64 = 0, date: Date = Date()) { time = VirtualQueueTime(seed: seed, date: date) }

  /// A clock over `time`, the one a configuration already holds (`DeliveryOptions.queueClock`'s getter).
  package init(_ time: VirtualQueueTime) { self.time = time }

  /// The virtual time passed since the clock was made: the sum of every delay the queue waited (and of
  /// ``advance(by:)``).
  public var elapsed: Duration { time.elapsed }

  /// The queue's wall time: the `date` the clock was made at, plus ``elapsed``. For a module whose own
  /// timers run on the queue's clock (``TrackersDelivery/VendorDelivery/onHeartbeat(every:_:)``), give its
  /// configuration and lifecycle this clock (`configuration.now = { clock.date }`), so a heartbeat's date and
  /// an event's are on one line.
  public var date: Date { time.date }

  /// Moves the clock forward by `delta`, waking each wait it passes: to reach a flush interval or a
  /// request's timeout yourself (`deliverPending()` moves it through backoffs on its own).
  public func advance(by delta: Duration) { time.advance(by: delta) }
}

extension DeliveryOptions {
  /// The live environment's queue waits on this virtual clock instead of the device's (`nil`, the
  /// default): for tests, see ``VirtualQueueClock``.
  public var queueClock: VirtualQueueClock? {
    get { virtualTime.map { VirtualQueueClock($0) } }
    set { virtualTime = newValue?.time }
  }
}
