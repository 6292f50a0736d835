import Dispatch
import Foundation

// The way to the background where the system gives no background task: a watchOS app, and an app
// extension whose host app goes to the background. Apple documents `ProcessInfo`'s expiring activity for
// both. Plain code: the notification observers (`ApplicationLifecycle+Notifications.swift`) pass
// `ProcessInfo.performExpiringActivity(withReason:using:)`, the tests a stand-in.

extension ApplicationLifecycle {
  /// Begins an activity that keeps the process running, as `ProcessInfo`'s
  /// `performExpiringActivity(withReason:using:)` does: it calls `block(false)` asynchronously, on a
  /// thread of its own, and the activity lasts until that call returns. When the process is about to be
  /// suspended it calls `block(true)`, concurrently, which must return at once and have the first call
  /// return; when it can't grant the activity at all, it calls only `block(true)`.
  package typealias ExpiringActivity = @Sendable (
    _ reason: String, _ block: @escaping @Sendable (_ expired: Bool) -> Void
  ) -> Void

  /// A change the system tells the process of, where the lifecycle follows it with an expiring activity:
  /// a watchOS app's (`WKApplication`'s notifications) and an app extension's host app's
  /// (`NSExtensionHostWillEnterForeground`, `NSExtensionHostDidEnterBackground`).
  package enum SystemTransition: Sendable, Hashable, CaseIterable {
    /// The app, or the extension's host, is about to enter the foreground.
    case willEnterForeground
    /// The app, or the extension's host, entered the background.
    case didEnterBackground
  }

  /// Follows `transition` as the notification observers of watchOS and app extensions do: the return to
  /// the foreground is ``enteredForeground()``; the way to the background is ``enteredBackground(timeout:)``
  /// inside an activity begun with `activity`, which ends when the flush (and the letting go of the
  /// storage) ends or when the system says its time is up (then ``backgroundTimeExpired()``), whichever
  /// comes first. Returns at once; call it on the thread the notifications arrive on (the main thread), so
  /// that a return to the foreground is seen after the way to the background.
  package func follow(
    _ transition: SystemTransition, activity: ExpiringActivity, timeout: Duration = .seconds(5)
  ) {
    switch transition {
    case .willEnterForeground:
      enteredForeground()
    case .didEnterBackground:
      guard let trip = leaveForeground() else { return }
      let end = ActivityEnd()
      activity("swift-trackers flush") { [self] expired in
        if expired {
          // The system is about to suspend the process: let go of the storage now, and have the
          // activity's first call return.
          backgroundTimeExpired()
          end.signal()
        } else {
          end.wait()
        }
      }
      Task {
        await finishLeaving(trip, timeout: timeout)
        end.signal()
      }
    }
  }
}

/// The end of an expiring activity: the flush ending or the time running out, whichever comes first. The
/// activity's block waits for it on the activity's own thread (never the main thread, nor one of the
/// tasks' threads, which the flush needs).
final class ActivityEnd: Sendable {
  private let signaled = LockIsolated(false)
  private let semaphore = DispatchSemaphore(value: 0)

  /// Ends the activity; only the first call counts.
  func signal() {
    let isFirst = signaled.withLock { signaled in
      defer { signaled = true }
      return !signaled
    }
    if isFirst { semaphore.signal() }
  }

  /// Returns once ``signal()`` was called, before or after.
  func wait() {
    semaphore.wait()
  }
}
