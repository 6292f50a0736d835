import Foundation

/// A value guarded by an `NSLock`.
///
/// `Synchronization.Mutex` would need macOS 15 / iOS 18; the package supports macOS 13 / iOS 16, so the
/// lock is a plain `NSLock`.
///
/// `@usableFromInline` so that `IdentityStore.current`, read on every event, can be inlined and specialized
/// in the vendor modules instead of running unspecialized generic code.
@usableFromInline
final class LockIsolated<Value>: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `value` is only read or written inside `withLock`, which holds
  // `lock` for the whole access, so no two threads ever touch it at the same time.
  @usableFromInline var value: Value
  @usableFromInline let lock = NSLock()

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }

  @inlinable
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
