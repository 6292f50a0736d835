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
/// The kit's own lock (an `NSLock`: `Synchronization.Mutex` needs macOS 15 / iOS 18, and this package
/// supports macOS 13 / iOS 16). Keep what runs under the lock short: never send, log or call the app from it.
public final class ModuleState<Value: Sendable>: Sendable {
  // The package's own lock: `LockIsolated` is `package`, so this is the public face a module of another
  // package uses, and both share one implementation.
  private let state: LockIsolated<Value>

  /// State that starts as `value`.
  public init(_ value: Value) {
    state = LockIsolated(value)
  }

  /// Runs `body` on the state under the lock and returns what it returns.
  ///
  /// ```swift
  /// let count = counter.withLock { $0 += 1; return $0 }
  /// ```
  public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try state.withLock(body)
  }

  /// The state, read or replaced under the lock. A read-then-write of two calls is not one change: use
  /// ``withLock(_:)`` for that.
  public var current: Value {
    get { state.current }
    set { state.current = newValue }
  }
}
