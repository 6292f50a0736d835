import Foundation
import Trackers

/// The live half of a vendor module: a durable ``DeliveryQueue`` for the vendor's destination, the
/// ``IdentityStore`` the events are attributed to, and the module's ``VendorModule`` for what can't be queued.
///
/// A live `Environment` encodes each vendor event on the caller's thread and hands the bytes to
/// ``enqueue(_:id:partition:event:)``, which never throws: a refusal is counted and reported through the
/// module. The storage directory holds `identity.json` and the queue's files under `queue/`.
///
/// ```swift
/// let delivery = try VendorDelivery(
///   module: module, destination: destination, storage: configuration.storageDirectory,
///   transport: configuration.transport, tuning: configuration.delivery, derive: partition(for:)
/// )
/// delivery.enqueue(payload, id: RecordID(), partition: delivery.identity.current.derived, event: name)
/// ```
public final class VendorDelivery<Derived: Sendable>: Sendable {
  /// The module that counts and reports what could not be queued.
  public let module: VendorModule
  /// The durable queue.
  public let queue: DeliveryQueue
  /// Who the events belong to.
  public let identity: IdentityStore<Derived>
  private let local = LockIsolated((notEnqueued: 0, identityUpdates: 0))

  /// Opens the identity and the queue in `storage`.
  ///
  /// - Parameters:
  ///   - tuning: changes to the queue's defaults (limits, backoff), applied to a configuration whose
  ///     directory is `storage/queue`.
  ///   - onReport: receives every ``DeliveryReport``; by default failures are logged (redacted) to the
  ///     module's log.
  /// - Throws: when the storage directory can't be created or is already used by another queue.
  public init(
    module: VendorModule,
    destination: some DeliveryDestination,
    storage: URL,
    transport: any HTTPTransport,
    tuning: @Sendable (inout DeliveryConfiguration) -> Void = { _ in },
    onReport: (@Sendable (DeliveryReport) -> Void)? = nil,
    derive: @escaping @Sendable (IdentityStore<Derived>.Identity) -> Derived
  ) throws {
    self.module = module
    self.identity = try IdentityStore(directory: storage, derive: derive)
    var configuration = DeliveryConfiguration(
      directory: storage.appendingPathComponent("queue", isDirectory: true))
    tuning(&configuration)
    let log = module.log
    let name = module.name
    self.queue = try DeliveryQueue(
      destination: destination,
      configuration: configuration,
      transport: transport,
      onReport: onReport ?? { report in
        if report.isFailure { log.write("[swift-trackers] \(name): \(report)") }
      }
    )
  }

  /// Puts one encoded event in the queue; a refusal (too large, queue full, closed, disk error) is counted
  /// as ``TrackerCounters/notEnqueued`` and reported.
  public func enqueue(_ payload: [UInt8], id: RecordID, partition: String, event: @autoclosure () -> String) {
    do {
      _ = try queue.enqueue(payload, id: id, partition: partition)
    } catch {
      local.withLock { $0.notEnqueued += 1 }
      module.reportNotEnqueued(error, event: event())
    }
  }

  /// Changes the identity, unless `body` returns issues (a rule that depends on the identity, such as
  /// GA4's 25 user properties): then the identity stays as it was and the event is rejected as invalid.
  ///
  /// A file that can't be written is reported; the change still holds in memory.
  public func updateIdentity(
    event: @autoclosure () -> String,
    _ body: (inout IdentityStore<Derived>.Identity) -> [ValidationIssue]
  ) {
    var issues: [ValidationIssue] = []
    let error = identity.update { identity in
      var changed = identity
      issues = body(&changed)
      if issues.isEmpty { identity = changed }
    }
    guard issues.isEmpty else {
      module.rejectInvalid(issues, event: event())
      return
    }
    local.withLock { $0.identityUpdates += 1 }
    if let error {
      module.reportFailure(
        "could not save the identity to \(identity.file?.path ?? "memory"): \(error). Events keep the new "
          + "identity until the app quits. To fix this, give the module a writable storage directory.")
    }
  }

  /// The module's counters with this environment's and the queue's.
  public var counters: TrackerCounters {
    var counters = module.counters
    (counters.notEnqueued, counters.identityUpdates) = local.withLock { ($0.notEnqueued, $0.identityUpdates) }
    counters.delivery = queue.counters
    return counters
  }
}
