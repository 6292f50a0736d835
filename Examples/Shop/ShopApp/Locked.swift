import Foundation

/// A value behind a lock, for the shop's and its server's own shared state (a run's counts, the server's
/// connections). The example keeps its own, as an app would: the kit's lock is no public API, and
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, later than the shop's platforms.
package final class Locked<Value>: @unchecked Sendable {  // safe: `value` is touched only under `lock` (below)
  // @unchecked is safe: `value` is only read or written inside `withLock`, which holds `lock` for the whole
  // access, so no two threads touch it at once.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` on the value with the lock held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
