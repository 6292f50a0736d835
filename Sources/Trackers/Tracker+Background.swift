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
///   hop, or test the wrapped tracker directly. An event's ``EventSubject`` does go with it: the wrapped
///   tracker sees the subject bound where the event was sent.
public func onSerialQueue<Event: Sendable>(
  _ tracker: @escaping Tracker<Event>,
  _ queue: DispatchQueue = DispatchQueue(label: "swift-trackers.serial", qos: .utility)
) -> Tracker<Event> {
  return { event in
    // The block hands the event over, rather than capturing it: a captured event is released on the
    // queue's thread (512 KiB of stack on Apple platforms) when the block goes, and releasing a deeply
    // nested `AnalyticsData` the usual way recurses once per level.
    let parcel = LockIsolated<Event?>(event)
    // The event's subject (a server's user) goes with it across the hop; without one, nothing is bound.
    guard let subject = EventSubject.current else {
      return queue.async {
        guard let event = parcel.withLock({ $0.take() }) else { return }
        tracker(event)
        releaseWithoutRecursion(consume event)
      }
    }
    queue.async {
      guard let event = parcel.withLock({ $0.take() }) else { return }
      withEventSubject(subject) { tracker(event) }
      releaseWithoutRecursion(consume event)
    }
  }
}

/// Releases `event`, taking an `AnalyticsData` nested deeper than ``PropertyValue/maximumDepth`` apart
/// without recursion (see ``AnalyticsData/dismantleIfDeep(_:)``); any other event goes the usual way.
func releaseWithoutRecursion<Event>(_ event: consuming Event) {
  // Moved, not copied: `data` must hold the last reference for the dismantling to free anything.
  guard var data = (consume event) as? AnalyticsData else { return }
  AnalyticsData.dismantleIfDeep(&data)
}
