import Foundation
import Trackers

/// A clock a test moves by hand, readable from any thread: a live configuration's `now` and an
/// ``Trackers/ApplicationLifecycle``'s share one, so sessions roll over exactly when the test says.
///
/// ```swift
/// let clock = TestClock(1_793_817_970_123)
/// configuration.now = { clock.now }
/// clock.advance(milliseconds: 30 * 60_000 + 1)
/// ```
public final class TestClock: Sendable {
  private let milliseconds: LockIsolated<Int>

  /// A clock at `milliseconds` since 1970.
  public init(_ milliseconds: Int) { self.milliseconds = LockIsolated(milliseconds) }

  /// The time now: half a millisecond past the whole millisecond, so that rounding down or to nearest
  /// both give the whole millisecond.
  public var now: Date { Date(timeIntervalSince1970: (Double(milliseconds.current) + 0.5) / 1_000) }

  /// Moves the clock forward (or back, with a negative delta).
  public func advance(milliseconds delta: Int) {
    milliseconds.withLock { $0 += delta }
  }
}
