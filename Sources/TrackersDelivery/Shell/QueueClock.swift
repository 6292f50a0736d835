import Foundation
import Trackers

/// A moment as the queue sees it: `instant` for waits (monotonic, from the clock's own origin), `date`
/// for a record's age (wall time, compared with ``Record/enqueuedAt``).
struct QueueNow: Sendable, Hashable {
  var instant: Duration
  var date: Date

  init(instant: Duration, date: Date) {
    self.instant = instant
    self.date = date
  }
}

/// Where the queue reads the time and how it waits: the one place time enters, so tests move it by
/// hand instead of sleeping.
protocol QueueClock: Sendable {
  var now: QueueNow { get }
  /// Returns after `wakeup` is signalled, after `timeout` of this clock's time (if any), or when the
  /// task is cancelled.
  func wait(on wakeup: Wakeup, timeout: Duration?) async
}

/// The device's clocks: `ContinuousClock` (which keeps counting while the device sleeps, as a backoff
/// the server asked for should) and `Date()`.
struct LiveQueueClock: QueueClock {
  private let origin = ContinuousClock.now

  init() {}

  var now: QueueNow { QueueNow(instant: ContinuousClock.now - origin, date: Date()) }

  func wait(on wakeup: Wakeup, timeout: Duration?) async {
    await wakeup.wait(timeout: timeout)
  }
}

/// A clock that moves only when told: a wait with a timeout returns once ``advance(by:)`` passes its
/// deadline (or on a signal), never because real time went by.
final class ManualQueueClock: QueueClock {
  private struct State {
    var now: QueueNow
    var nextSleeper = 0
    var sleepers: [Int: (wakeup: Wakeup, deadline: Duration)] = [:]
  }

  private let state: LockIsolated<State>

  /// A clock at `instant` on its monotonic line and `date` on the wall.
  init(instant: Duration = .zero, date: Date = Date(timeIntervalSince1970: 1_793_817_970)) {
    state = LockIsolated(State(now: QueueNow(instant: instant, date: date)))
  }

  var now: QueueNow { state.withLock { $0.now } }

  /// How many waits with a deadline are pending: a test moves the clock once the queue sleeps.
  var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// The earliest deadline of the pending waits, while a task sleeps on `wakeup` (and no signal has woken
  /// it yet): the moment before which that task does nothing, unless something signals it.
  func nextDeadline(whileAsleep wakeup: Wakeup) -> Duration? {
    state.withLock { s in wakeup.isWaiting ? s.sleepers.values.map(\.deadline).min() : nil }
  }

  /// Moves both lines forward and wakes every wait whose deadline is passed.
  func advance(by delta: Duration) {
    let due = state.withLock { s -> [Wakeup] in
      s.now.instant += delta
      s.now.date += Double(delta.components.seconds) + Double(delta.components.attoseconds) / 1e18
      let due = s.sleepers.filter { $0.value.deadline <= s.now.instant }
      for key in due.keys { s.sleepers[key] = nil }
      return due.values.map(\.wakeup)
    }
    for wakeup in due { wakeup.signal() }
  }

  func wait(on wakeup: Wakeup, timeout: Duration?) async {
    guard let timeout else { return await wakeup.wait(timeout: nil) }
    if timeout <= .zero { return }
    let key = state.withLock { s -> Int in
      defer { s.nextSleeper += 1 }
      s.sleepers[s.nextSleeper] = (wakeup, s.now.instant + timeout)
      return s.nextSleeper
    }
    // A signal from `advance` between registering and waiting is kept by the wakeup, never lost.
    await wakeup.wait(timeout: nil)
    state.withLock { _ = $0.sleepers.removeValue(forKey: key) }
  }
}

/// The random source of the backoff's jitter: the system's in use, a seeded one in tests.
protocol QueueRandom: Sendable {
  mutating func next() -> UInt64
}

extension QueueRandom {
  /// A number in `0 ... 1`, from the top 53 bits (a `Double`'s precision).
  mutating func unit() -> Double {
    Double(next() >> 11) / Double((1 as UInt64) << 53 - 1)
  }
}

/// The system's random number generator.
struct LiveQueueRandom: QueueRandom {
  init() {}

  mutating func next() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }
}

/// The same seed gives the same numbers on every platform (``SplitMix64``).
struct SeededQueueRandom: QueueRandom {
  private var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }
}
