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
  /// module's ``VendorSession`` heard it, and queues the records it returns: for a vendor whose SDK sends
  /// something of its own then (a session end, a last heartbeat). On the way to the background they go
  /// with that trip's flush.
  ///
  /// The records follow the user's consent as events do: refused (denied, or unknown while the module
  /// drops events) they are not queued; unknown, they are held on disk with the rest. They are the
  /// module's own, not the app's events, so ``TrackerCounters/events`` does not count them; the queue
  /// counts them as records, and a record the queue refuses is reported. The handler runs on the thread the
  /// app reports the change on, never under a ``Trackers/EventSubject`` (the change is the device's, so
  /// ``current`` is the device's identity there); keep it short. Never called without a lifecycle, or on a
  /// server (``DeliveryOptions/Deployment/server``). For a periodic call while in the foreground, see
  /// ``onHeartbeat(every:_:)``.
  ///
  /// ```swift
  /// delivery.onLifecycle { change in
  ///   guard case .enteredBackground(let date) = change else { return [] }
  ///   return [VendorRecord(payload: endSession(at: date), id: RecordID())]  // the module's encoding
  /// }
  /// ```
  public func onLifecycle(_ handler: @escaping @Sendable (LifecycleChange) -> [VendorRecord]) {
    lifecycleHandlers.withLock { $0.append(handler) }
  }

  /// Tells the session, then the module's handlers (outside any subject: the change is the device's), of a
  /// transition, and queues what they return; starts the heartbeats after the foreground's handlers, and
  /// stops them before the background's.
  func hear(_ transition: ApplicationLifecycle.Transition, at date: Date) {
    session?.transition(transition, at: date)
    let change: LifecycleChange =
      switch transition {
      case .foreground: .enteredForeground(at: date)
      case .background: .enteredBackground(at: date)
      }
    if transition == .background { heartbeats.enteredBackground() }
    // Called outside the lock: a handler may read the identity, or take a lock of its own.
    for handler in lifecycleHandlers.withLock({ $0 }) {
      let records = withoutEventSubject { handler(change) }
      queueOwnRecords(records, madeWhen: "the app \(change.description)")
    }
    if transition == .foreground { heartbeats.enteredForeground() }
  }
}

extension LifecycleChange: CustomStringConvertible {
  /// "entered the background", for reports.
  public var description: String {
    switch self {
    case .enteredForeground: "entered the foreground"
    case .enteredBackground: "entered the background"
    }
  }
}
