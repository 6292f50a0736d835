import Foundation
import Trackers
import TrackersDelivery

/// One vendor during a run of `shop` (or of `shop-server`): its link, and how many events its tracker took and how long that took.
///
/// Privacy is the vendor module's own, as in any app: the live configuration gets `privacy:` (consent,
/// purge, reset) and `redactor:` (see `VendorLink.LiveSettings`), and offline the module's `Current` redacts.
package final class VendorRun: Sendable {
  package let link: VendorLink
  let consent: ConsentStore
  private let stats = Locked<(count: Int, nanoseconds: Double)>((0, 0))

  package init(link: VendorLink, consent: ConsentStore) {
    self.link = link
    self.consent = consent
  }

  /// Whether the vendor's queue may send now: consent for it is granted.
  var maySend: Bool {
    consent.registry.allowsSending(to: link.vendor.consentDestination)
  }

  /// The vendor's tracker, counting each event accepted by `track` (whatever consent then does with it) and
  /// the time spent in it.
  package var tracker: Tracker<AnalyticsData> {
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
  /// Without consent nothing can be delivered, so it closes at once: what is pending stays on disk.
  func finish(stall: Duration) async {
    var lastDelivered = -1
    var lastProgress = ContinuousClock.now
    while maySend {
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

  package func summary(elapsedSeconds: Double) -> ShopSummary {
    let (count, nanoseconds) = stats.withLock { $0 }
    let counters = link.counters()
    let delivery = counters.delivery
    // Refusals at enqueue are counted by the module as not enqueued; count them once.
    let droppedByQueue = delivery.droppedTotal - delivery.dropped(.refused)
    // Operations the vendor does not have are refused by design: counted apart, never drops.
    let unsupported = Refusals.count(in: counters)
    let violations = counters.invalid - (unsupported - counters.unsupported)
    // Events refused for consent and records purged for it (in droppedByQueue) are drops too: they will
    // never be delivered. The privacy line says which they were.
    return ShopSummary(
      vendor: link.vendor,
      tracked: count,
      delivered: delivery.delivered,
      unsupported: unsupported,
      repaired: counters.repaired,
      dropped: counters.deniedConsent + violations + counters.notConfigured + counters.notEnqueued + droppedByQueue,
      retried: delivery.retried,
      pending: delivery.pendingEvents,
      trackNanosecondsPerEvent: count == 0 ? 0 : nanoseconds / Double(count),
      elapsedSeconds: elapsedSeconds
    )
  }
}

extension VendorRun {
  /// The privacy line for this vendor, or `nil` when consent is granted and nothing was refused or purged:
  /// `privacy vendor=ga4 consent=denied opted_out=no refused=20 purged=0 waiting=0`.
  ///
  /// `refused` counts events the module refused for consent (`deniedConsent`), `purged` pending records deleted because consent was
  /// refused (from this run or an earlier one), `waiting` events pending in the queue that its send gate
  /// holds until consent is granted (they are in `pending=` too).
  func privacyLine() -> String? {
    let status = consent.status(for: .analytics, destination: link.vendor.consentDestination)
    let refused = link.counters().deniedConsent
    let delivery = link.counters().delivery
    let purged = delivery.dropped(.purged)
    let waiting = maySend ? 0 : delivery.pendingEvents
    guard status != .granted || refused > 0 || purged > 0 || waiting > 0 else { return nil }
    return "privacy vendor=\(link.vendor) consent=\(status) opted_out=\(consent.isOptedOut ? "yes" : "no") "
      + "refused=\(refused) purged=\(purged) waiting=\(waiting)"
  }
}

/// Runs `operation`, returning when it finishes or after `timeout`, whichever is first; an operation still
/// running then goes on in the background.
package func waitAtMost(_ timeout: Duration, _ operation: @escaping @Sendable () async -> Void) async {
  final class Gate: Sendable {
    let continuation = Locked<CheckedContinuation<Void, Never>?>(nil)
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
