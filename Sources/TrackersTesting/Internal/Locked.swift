import Foundation

/// A value guarded by a lock.
///
/// `NSLock` rather than `Synchronization.Mutex`, because `Mutex` needs macOS 15 / iOS 18 and this package
/// supports macOS 13 / iOS 16.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked is safe: `value` is only read or written while `lock` is held (see `withLock`).
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
