import Foundation
import Trackers
import TrackersDelivery

/// A module's live environment for one conformance check: its own storage, a scripted transport, a fixed
/// context, the module's own backoff on a virtual clock (its retries take no wall time), and every report
/// kept.
struct Harness<Event: VendorEvent>: Sendable {
  let module: TrackerModuleDescription<Event>
  let storage: TemporaryStorage
  let transport: ScriptedTransport
  /// The queue's clock: the delays the queue waited, exactly.
  let clock = VirtualQueueClock()
  /// Every report of the module's, queue reports as ``TrackersDelivery/TrackerReport/Kind/delivery(_:)``.
  let reports = LockIsolated<[TrackerReport]>([])
  let environment: VendorEnvironment<Event>

  init(
    _ module: TrackerModuleDescription<Event>, privacy: PrivacyRegistry? = nil,
    lifecycle: ApplicationLifecycle? = nil, sendsWhen shouldSend: (@Sendable () -> Bool)? = nil
  ) throws {
    self.module = module
    transport = ScriptedTransport(answering: module.success)
    let storage = try TemporaryStorage(module.name)
    self.storage = storage
    let (transport, reports, clock) = (transport, reports, clock)
    environment = try module.live { options in
      options.storageDirectory = storage.url
      options.transport = transport
      options.flushInterval = .seconds(3_600)  // only flush() sends
      options.queueClock = clock
      options.privacy = privacy
      options.lifecycle = lifecycle
      options.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
      options.onReport = { report in
        reports.withLock { $0.append(report) }
        // A handler replaces the defaults: an invalid event or a storage failure still fails the check.
        if case .delivery = report.kind {} else { report.reportByDefault() }
      }
      if let shouldSend {
        options.delivery = { $0.shouldSend = shouldSend }
      }
    }
  }

  /// An app lifecycle for ``init(_:privacy:lifecycle:sendsWhen:)``, which keeps no file and whose queues keep
  /// their storage in the background.
  static func makeLifecycle() -> ApplicationLifecycle {
    ApplicationLifecycle(
      storageDirectory: nil, appVersion: nil, appBuild: nil, relinquishesStorageInBackground: false)
  }

  /// Every event the transport received, in order.
  func events() throws -> [PropertyValue] {
    try transport.requests.flatMap(module.events)
  }

  /// Every dedup id the transport received, in order; `nil` for a vendor without dedup ids.
  func dedupIds() throws -> [String]? {
    guard let dedupId = module.dedupId else { return nil }
    return try events().compactMap(dedupId)
  }

  /// The dedup ids of one request, in order.
  func dedupIds(in request: RecordedRequest) throws -> [String] {
    guard let dedupId = module.dedupId else { return [] }
    return try module.events(request).compactMap(dedupId)
  }

  /// Runs `work` on a thread of its own: parsing megabytes of JSON on the cooperative pool would starve
  /// the senders of checks running beside this one.
  func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Swift.Result { try work() }) }
    }
  }

  /// What tells a request's events apart across attempts: their dedup ids, or for a vendor without them,
  /// the events themselves (stable descriptions with sorted keys).
  func identities(in request: RecordedRequest) throws -> [String] {
    guard let dedupId = module.dedupId else { return try module.events(request).map(\.description) }
    return try module.events(request).compactMap(dedupId)
  }

  /// "dedup ids", or "events" for a vendor without them.
  var identitiesName: String { module.dedupId == nil ? "events" : "dedup ids" }

  /// Nothing vanished: each event sent was enqueued, and is delivered, dropped with a reason, or pending.
  func expectAccounted(_ counters: TrackerCounters, sent: Int, into failures: inout Failures) {
    let delivery = counters.delivery
    failures.expect(delivery.enqueued == sent, "\(delivery.enqueued) of \(sent) events were enqueued")
    failures.expect(
      delivery.delivered + delivery.droppedTotal + delivery.pendingEvents == sent,
      "\(sent) sent, but \(delivery.delivered) delivered + \(delivery.droppedTotal) dropped + \(delivery.pendingEvents) pending")
  }
}
