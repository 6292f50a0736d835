import Dispatch

/// Delivers events to `tracker` on a serial dispatch queue, so a slow tracker never blocks the caller.
///
/// Events reach `tracker` in the order they were sent. The caller returns as soon as the event is
/// queued. Pass your own queue to share it between trackers or to wait for it in a test
/// (`queue.sync {}` returns once every earlier event was delivered).
///
/// ```swift
/// let send = onSerialQueue(slowVendorTracker)
/// send(.event(name: "Signup"))   // returns at once
/// ```
///
/// - Important: The queue hop leaves the current task, so a test's isolated `Current` values (see
///   ``withIsolatedEnvironments(_:)-(()->R)``) are not visible on the queue. Read `Current` before the
///   hop, or test the wrapped tracker directly.
public func onSerialQueue<Event: Sendable>(
  _ tracker: @escaping Tracker<Event>,
  _ queue: DispatchQueue = DispatchQueue(label: "swift-trackers.serial", qos: .utility)
) -> Tracker<Event> {
  return { event in
    queue.async { tracker(event) }
  }
}
