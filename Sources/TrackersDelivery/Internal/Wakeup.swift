import Trackers

/// A one-slot signal the sender sleeps on: enqueue (at a threshold), `flush`, `close` and timers wake it.
///
/// A signal sent while nobody waits is remembered, so a wake-up between deciding to sleep and sleeping
/// is never lost; extra wake-ups only cost one more look at the state.
final class Wakeup: Sendable {
  private struct State {
    var signalled = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = LockIsolated(State())

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.signalled = true
      return nil
    }
    waiter?.resume()
  }

  /// Whether a task waits on this wakeup now, and no signal has woken it yet.
  var isWaiting: Bool { state.withLock { $0.waiter != nil } }

  /// Returns after a signal, after `timeout` (if any), or when the task is cancelled.
  func wait(timeout: Duration?) async {
    let timer = timeout.map { timeout in
      Task { [weak self] in
        do {
          try await Task.sleep(for: timeout)
          self?.signal()
        } catch {}
      }
    }
    defer { timer?.cancel() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.signalled {
            state.signalled = false
            return true
          }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      signal()
    }
    // A timer that fired after another signal woke us leaves a stale flag; clearing it here keeps the
    // next wait from returning early for nothing.
    state.withLock { $0.signalled = false }
  }
}
