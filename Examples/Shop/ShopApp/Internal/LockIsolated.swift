import Foundation

/// A value guarded by an `NSLock` (`Synchronization.Mutex` would need macOS 15; the package supports 13).
final class LockIsolated<Value>: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `value` is only touched inside `withLock`, which holds `lock` for the
  // whole access.
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
