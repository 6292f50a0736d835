import Foundation
import Trackers
import TrackersDelivery

/// One vendor during a run of `shop`: its link, and how many events its tracker took and how long that took.
final class VendorSession: Sendable {
  let link: VendorLink
  private let stats = LockIsolated<(count: Int, nanoseconds: Double)>((0, 0))

  init(link: VendorLink) {
    self.link = link
  }

  /// The vendor's tracker, counting each event and the time spent in it.
  var tracker: Tracker<AnalyticsData> {
    let tracker = link.tracker
    return { [self] data in
      let start = ContinuousClock.now
      tracker(data)
      let spent = (ContinuousClock.now - start).nanoseconds
      stats.withLock {
        $0.count += 1
        $0.nanoseconds += spent
      }
    }
  }

  /// Flushes until nothing is pending, or until `stall` passes without anything delivered; then closes.
  func finish(stall: Duration) async {
    var lastDelivered = -1
    var lastProgress = ContinuousClock.now
    while true {
      let counters = link.counters().delivery
      if counters.pendingEvents == 0 { break }
      if counters.delivered != lastDelivered {
        lastDelivered = counters.delivered
        lastProgress = .now
      } else if ContinuousClock.now - lastProgress > stall {
        break
      }
      await waitAtMost(.seconds(1), link.flush)
      if link.counters().delivery.delivered == lastDelivered {
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    await link.close(.seconds(1))
  }

  func summary(elapsedSeconds: Double) -> ShopSummary {
    let (count, nanoseconds) = stats.withLock { $0 }
    let counters = link.counters()
    let delivery = counters.delivery
    // Refusals at enqueue are counted by the module as not enqueued; count them once.
    let droppedByQueue = delivery.droppedTotal - delivery.dropped(.refused)
    return ShopSummary(
      vendor: link.vendor,
      tracked: count,
      delivered: delivery.delivered,
      dropped: counters.invalid + counters.notConfigured + counters.notEnqueued + droppedByQueue,
      retried: delivery.retried,
      pending: delivery.pendingEvents,
      trackNanosecondsPerEvent: count == 0 ? 0 : nanoseconds / Double(count),
      elapsedSeconds: elapsedSeconds
    )
  }
}

/// Runs `operation`, returning when it finishes or after `timeout`, whichever is first; an operation still
/// running then goes on in the background.
func waitAtMost(_ timeout: Duration, _ operation: @escaping @Sendable () async -> Void) async {
  final class Gate: Sendable {
    let continuation = LockIsolated<CheckedContinuation<Void, Never>?>(nil)
  }
  let gate = Gate()
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    gate.continuation.withLock { $0 = continuation }
    let resume: @Sendable () -> Void = { gate.continuation.withLock { $0.take() }?.resume() }
    Task {
      await operation()
      resume()
    }
    Task {
      try? await Task.sleep(for: timeout)
      resume()
    }
  }
}
