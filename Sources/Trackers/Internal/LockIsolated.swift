import Foundation

/// A value guarded by a lock, shared by this package's modules (`package`, so it is no public API).
///
/// `NSLock` rather than `Synchronization.Mutex`, because `Mutex` needs macOS 15 / iOS 18 and this package
/// supports macOS 13 / iOS 16. `@inlinable` so hot paths in other modules (`IdentityStore.current`, read
/// on every event) are specialized instead of running unspecialized generic code.
@usableFromInline
package final class LockIsolated<Value>: @unchecked Sendable {  // safe: `value` only under `lock` (below)
  // @unchecked is safe: `value` is only read or written inside `withLock`, which holds `lock` for the whole
  // access, so no two threads ever touch it at the same time.
  @usableFromInline var value: Value
  @usableFromInline let lock = NSLock()

  @inlinable
  package init(_ value: Value) {
    self.value = value
  }

  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension LockIsolated where Value: Sendable {
  /// The value, read or replaced under the lock.
  @inlinable
  package var current: Value {
    get { withLock { $0 } }
    set { withLock { $0 = newValue } }
  }
}
