import Foundation

/// A value guarded by a lock, shared by this package's modules (`package`, so it is no public API).
///
/// A pthread mutex rather than `Synchronization.Mutex`, because `Mutex` needs macOS 15 / iOS 18 and this package
/// supports macOS 13 / iOS 16. `@inlinable` so hot paths in other modules (`IdentityStore.current`, read
/// on every event) are specialized instead of running unspecialized generic code.
@usableFromInline
package final class LockIsolated<Value>: @unchecked Sendable {  // safe: `storage` only under `mutex` (below)
  // @unchecked is safe: `storage` is only dereferenced inside `withLock`, which holds `mutex` for the whole
  // access, so no two threads ever touch the value at the same time.
  //
  // Both behind pointers, allocated once: the lock already makes every access exclusive, and an inout access
  // to a class's stored property paid the runtime's dynamic exclusivity check (about 80 instructions); a
  // pthread mutex, which must not move once initialized, costs about half of `NSLock`'s call through
  // Foundation. `track` takes five or six of these locks per event (issue 41). The same calls as
  // swift-nio's `Lock` on every platform this package supports.
  @usableFromInline let storage: UnsafeMutablePointer<Value>
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  @inlinable
  package init(_ value: Value) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: value)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let error = pthread_mutex_init(mutex, nil)
    // Fails only without memory for the mutex (ENOMEM/EAGAIN): nothing to run on, as swift-nio's Lock says.
    precondition(error == 0, "pthread_mutex_init failed with error \(error)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&storage.pointee)
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
