import Foundation

/// A value guarded by an `NSLock`.
///
/// `Synchronization.Mutex` would need macOS 15 / iOS 18; the package supports macOS 13 / iOS 16, so the
/// lock is a plain `NSLock`.
final class LockIsolated<Value>: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `value` is only read or written inside `withLock`, which holds
  // `lock` for the whole access, so no two threads ever touch it at the same time.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
