import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

/// Issue 29, items 1 and 2, for every vendor module: what waits for consent is visible (counted, reported
/// once, and `deliverPending()` says so rather than waiting out its timeout), a released consent store
/// leaves its answer in the registry, and a module can drop what comes before an answer instead of holding it.
@Suite struct UnknownConsentTests {
  /// The reports of one module, by kind.
  private final class Reports: Sendable {
    private let all = LockIsolated<[TrackerReport]>([])
    func record(_ report: TrackerReport) { all.withLock { $0.append(report) } }
    var held: Int { all.withLock { $0.filter { if case .heldForConsent = $0.kind { true } else { false } }.count } }
    var dropped: Int { all.withLock { $0.filter { if case .unknownConsent = $0.kind { true } else { false } }.count } }
    var heldMessage: String? {
      all.withLock { $0.first { if case .heldForConsent = $0.kind { true } else { false } }?.message }
    }
  }

  @Test(arguments: ConsentVendor.all)
  func aReleasedStoreLeavesItsAnswerInTheRegistry(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    // The app keeps only the registry, as its configuration does; the store goes at once.
    let registry = ConsentStore(ConsentState(status: .granted)).registry
    try await withIsolatedEnvironments {
      try vendor.goLive(storage.url, transport, registry)
      vendor.track(.event(name: "signed_up"))
      let counters = await vendor.deliverPending()
      #expect(counters.delivery.enqueued == 1 && counters.delivery.delivered == 1, "\(counters)")
      #expect(counters.heldForConsent == 0 && counters.waitingForConsent == 0, "\(counters)")
      #expect(!transport.requests.isEmpty)
      await vendor.close()
    }
  }

  @Test(arguments: ConsentVendor.all)
  func heldEventsAreCountedReportedOnceAndDeliverPendingSaysWhy(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    let consent = ConsentStore()
    let reports = Reports()
    try await withIsolatedEnvironments {
      try vendor.goLiveWith(storage.url, transport, consent.registry) { $0.onReport = { reports.record($0) } }
      for name in ["signed_up", "checked_out", "opened"] { vendor.track(.event(name: name)) }
      // Returns at once: nothing leaves before an answer, and the counters say so.
      var counters = await vendor.deliverPending()
      #expect(counters.heldForConsent == 3 && counters.queued == 3, "\(counters)")
      #expect(counters.waitingForConsent == 3 && counters.delivery.pendingEvents == 3, "\(counters)")
      #expect("\(counters)".contains("waitingForConsent=3"))
      #expect(reports.held == 1)
      #expect(reports.heldMessage?.contains("whileConsentUnknown") == true)
      #expect(transport.requests.isEmpty)
      consent.grant()
      counters = await vendor.deliverPending()
      #expect(counters.delivery.delivered == 3 && counters.waitingForConsent == 0, "\(counters)")
      #expect(counters.heldForConsent == 3)
      // Unknown again (the app asks each user): holding is reported again, once.
      consent.update { $0 = ConsentState() }
      vendor.track(.event(name: "next_user"))
      vendor.track(.event(name: "next_user_again"))
      #expect(reports.held == 2)
      #expect(vendor.counters().heldForConsent == 5)
      await vendor.close()
    }
  }

  @Test(arguments: ConsentVendor.all)
  func droppingWhileUnknownCountsAndReportsAndNeverSendsLater(_ vendor: ConsentVendor) async throws {
    let storage = try TemporaryStorage(vendor.destination)
    let transport = ScriptedTransport(answering: vendor.success)
    let consent = ConsentStore()
    let reports = Reports()
    try await withIsolatedEnvironments {
      try vendor.goLiveWith(storage.url, transport, consent.registry) { options in
        options.whileConsentUnknown = .drop
        options.onReport = { reports.record($0) }
      }
      vendor.track(.event(name: "before_answer"))
      vendor.track(.event(name: "before_answer_again"))
      var counters = await vendor.deliverPending()
      #expect(counters.unknownConsent == 2 && counters.delivery.enqueued == 0, "\(counters)")
      #expect(counters.heldForConsent == 0 && counters.events == 2, "\(counters)")
      #expect(reports.dropped == 2 && reports.held == 0)
      consent.grant()
      vendor.track(.event(name: "after_grant"))
      counters = await vendor.deliverPending()
      #expect(counters.delivery.enqueued == 1 && counters.delivery.delivered == 1, "\(counters)")
      #expect(counters.unknownConsent == 2)
      let bodies = transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
      #expect(bodies.allSatisfy { !$0.contains("before_answer") })
      #expect(bodies.contains { $0.contains("after_grant") })
      await vendor.close()
    }
  }
}
