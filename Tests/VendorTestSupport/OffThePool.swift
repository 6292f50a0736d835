import Foundation

/// Runs blocking work (reading a child process's pipe, waiting for it, `concurrentPerform`) on a thread of
/// its own and awaits the result.
///
/// Swift concurrency has only as many cooperative threads as cores: two on CI. A test that blocks one of
/// them while tests run in parallel starves the delivery queues under test, whose senders and timers need
/// those threads, and a queue that works then looks stuck. Blocking work never runs on them.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Swift.Result { try work() })
    }
  }
}
