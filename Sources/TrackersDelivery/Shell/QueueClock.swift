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
    var nextObserver = 0
    /// Timers on this clock that are no wait of the queue's (a module's heartbeats): ``advance(by:)`` stops
    /// at each of their deadlines, and ``nextDeadline(whileAsleep:)`` never moves the clock to one.
    var observers: [Int: Observer] = [:]
  }

  /// A timer on this clock that is not a wait of the queue's.
  struct Observer: Sendable {
    /// Its next deadline, or `nil` while it is stopped. Called outside the clock's lock.
    var nextDeadline: @Sendable () -> Duration?
    /// Fires what is due at this instant (the clock reads it); called outside the clock's lock.
    var fire: @Sendable (Duration) -> Void
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

  /// Moves both lines forward by `delta`, through each observer's deadline on the way, in order, firing it
  /// with the clock at that instant (a heartbeat due at 60 seconds reads 60, however far the test moves
  /// the clock), and wakes every wait whose deadline the clock passes.
  func advance(by delta: Duration) {
    let target = state.withLock { $0.now.instant + max(delta, .zero) }
    while let (observer, deadline) = earliestObserver(notAfter: target) {
      move(to: deadline)
      observer.fire(deadline)
    }
    move(to: target)
  }

  /// The observer due first, at or before `target`, with its deadline.
  private func earliestObserver(notAfter target: Duration) -> (Observer, Duration)? {
    let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
    var earliest: (Observer, Duration)?
    for observer in observers {
      // Outside the lock: an observer reads its own state, which may read this clock.
      guard let deadline = observer.nextDeadline(), deadline <= target else { continue }
      if earliest.map({ deadline < $0.1 }) ?? true { earliest = (observer, deadline) }
    }
    return earliest
  }

  /// Moves both lines to `instant` (never back) and wakes every wait whose deadline it passes.
  private func move(to instant: Duration) {
    let due = state.withLock { s -> [Wakeup] in
      let delta = instant - s.now.instant
      guard delta > .zero else { return [] }
      s.now.instant = instant
      s.now.date += Double(delta.components.seconds) + Double(delta.components.attoseconds) / 1e18
      let due = s.sleepers.filter { $0.value.deadline <= s.now.instant }
      for key in due.keys { s.sleepers[key] = nil }
      return due.values.map(\.wakeup)
    }
    for wakeup in due { wakeup.signal() }
  }

  /// Has ``advance(by:)`` stop at `observer`'s deadlines until ``removeObserver(_:)`` with the returned key:
  /// a timer on this clock that is no wait of the queue's, and so never a deadline
  /// ``nextDeadline(whileAsleep:)`` moves the clock to.
  func addObserver(_ observer: Observer) -> Int {
    state.withLock { s in
      defer { s.nextObserver += 1 }
      s.observers[s.nextObserver] = observer
      return s.nextObserver
    }
  }

  /// Removes the observer ``addObserver(_:)`` returned `key` for.
  func removeObserver(_ key: Int) {
    state.withLock { _ = $0.observers.removeValue(forKey: key) }
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
