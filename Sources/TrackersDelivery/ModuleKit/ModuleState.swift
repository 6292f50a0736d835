import Foundation
import Trackers

/// State of a tracker module's own (a vendor's session, a heartbeat's last tick), read and changed under
/// a lock, so the module's `send`, which runs on whichever thread the app tracks from, needs no lock of
/// its own and no `@unchecked Sendable`.
///
/// ```swift
/// struct Heartbeat: Sendable { var last: Date? }
///
/// let heartbeat = ModuleState(Heartbeat())
/// let isFirst = heartbeat.withLock { state in
///   defer { state.last = date }
///   return state.last == nil
/// }
/// ```
///
/// `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 / iOS 18 where this package supports
/// macOS 13 / iOS 16. Keep what runs under the lock short: never send, log or call the app from it.
public final class ModuleState<Value: Sendable>: @unchecked Sendable {
  // @unchecked is safe: `value` is only read or written inside `withLock`, which holds `lock` for the whole
  // access, and `Value` is Sendable, so nothing the body returns shares unguarded mutable state.
  private var value: Value
  private let lock = NSLock()

  /// State that starts as `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the state under the lock and returns what it returns.
  ///
  /// ```swift
  /// let count = counter.withLock { $0 += 1; return $0 }
  /// ```
  public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// The state, read or replaced under the lock. A read-then-write of two calls is not one change: use
  /// ``withLock(_:)`` for that.
  public var current: Value {
    get { withLock { $0 } }
    set { withLock { $0 = newValue } }
  }
}
