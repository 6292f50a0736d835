import Foundation
import Trackers

/// A change of the app's lifecycle, as a tracker module hears it (``VendorDelivery/onLifecycle(_:)``).
public enum LifecycleChange: Sendable, Hashable {
  /// The app came to the foreground (or launched), at this date on ``DeliveryOptions/lifecycle``'s clock.
  case enteredForeground(at: Date)
  /// The app went to the background, at this date. Every module hears it before the queues are flushed
  /// on the way to the background, so what a module sends now (Countly's `end_session`) goes with that
  /// flush.
  case enteredBackground(at: Date)
}

extension VendorDelivery {
  /// Calls `handler` on each change of the app's lifecycle (``DeliveryOptions/lifecycle``), after the
  /// module's ``VendorSession`` heard it: for a vendor whose SDK sends something of its own then (a
  /// session end, a last heartbeat). The handler runs on the thread the app reports the change on; keep
  /// it short and never block in it.
  ///
  /// Never called without a lifecycle, or on a server (``DeliveryOptions/Deployment/server``).
  ///
  /// ```swift
  /// delivery.onLifecycle { change in
  ///   guard case .enteredBackground(let date) = change else { return }
  ///   _ = delivery.fate(queueing: endSession(at: date))
  /// }
  /// ```
  public func onLifecycle(_ handler: @escaping @Sendable (LifecycleChange) -> Void) {
    lifecycleHandlers.withLock { $0.append(handler) }
  }

  /// Tells the session, then the module's handlers, of a transition.
  static func hear(
    _ transition: ApplicationLifecycle.Transition, at date: Date, session: VendorSession?,
    handlers: LockIsolated<[@Sendable (LifecycleChange) -> Void]>
  ) {
    session?.transition(transition, at: date)
    let change: LifecycleChange =
      switch transition {
      case .foreground: .enteredForeground(at: date)
      case .background: .enteredBackground(at: date)
      }
    // Called outside the lock: a handler may queue a record, which may report.
    for handler in handlers.withLock({ $0 }) { handler(change) }
  }
}
