import Foundation
import Trackers
import TrackersDelivery

/// Everything ``mixpanelTracker`` needs from the outside world; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// MixpanelTracker.Current = try .live(Configuration(projectToken: token))
///
/// // In a test:
/// withIsolatedEnvironments {
///   MixpanelTracker.Current.send = recorder.tracker
///   mixpanelTracker("Signed Up")
/// }
/// ```
public struct Environment: Sendable {
  /// Receives each valid, mapped event. Live: encodes it and puts it in the durable queue (or updates the
  /// persisted identity for `.identify`).
  public var send: Tracker<MixpanelEvent>
  /// Sends what is queued now, without waiting for a batch to fill.
  public var flush: @Sendable () async -> Void
  /// Sends what it can within the timeout (`nil`: the queue's default), then stops.
  public var close: @Sendable (_ timeout: Duration?) async -> Void
  /// What happened to the events so far.
  public var counters: @Sendable () -> TrackerCounters

  /// Creates an environment; the closures you leave out do nothing.
  public init(
    send: @escaping Tracker<MixpanelEvent>,
    flush: @escaping @Sendable () async -> Void = {},
    close: @escaping @Sendable (_ timeout: Duration?) async -> Void = { _ in },
    counters: @escaping @Sendable () -> TrackerCounters = { TrackerCounters() }
  ) {
    self.send = send
    self.flush = flush
    self.close = close
    self.counters = counters
  }
}

extension Environment {
  /// Delivers to Mixpanel through a durable queue in ``Configuration/storageDirectory``.
  ///
  /// Call it once per process, at launch. Throws when the storage directory can't be created or read.
  public static func live(_ configuration: Configuration) throws -> Environment {
    let userTuning = configuration.delivery
    let delivery = try VendorDelivery(
      module: vendorModule,
      destination: Destination(configuration),
      storage: configuration.storageDirectory,
      transport: configuration.transport,
      tuning: { delivery in
        // Mixpanel: "back off from 2 s, doubling to 60 s" for 429, 502 and 503.
        delivery.backoff.base = .seconds(2)
        delivery.backoff.cap = .seconds(60)
        userTuning(&delivery)
      },
      onReport: configuration.onReport,
      derive: WireFormat.identityFields(for:)
    )
    let now = configuration.now
    let token = configuration.projectToken
    return Environment(
      send: { event in
        switch event {
        case let .event(name, properties):
          let id = RecordID()  // also the `$insert_id`, so a resent event is deduplicated
          delivery.enqueue(
            WireFormat.event(
              name: name, properties: properties, at: now(), id: id, identity: delivery.identity.current.derived),
            id: id,
            partition: WireFormat.importPartition,
            event: event.description
          )
        case let .setProfileProperty(name, value):
          delivery.enqueue(
            WireFormat.profileSet(name: name, value: value, token: token, identity: delivery.identity.current.derived),
            id: RecordID(),
            partition: WireFormat.engagePartition,
            event: event.description
          )
        case let .identify(id):
          delivery.updateIdentity(event: event.description) { identity in
            if id == nil, identity.userId != nil {
              // Sign-out: like the SDKs' reset(), the next anonymous events get a new device id.
              identity.anonymousId = RecordID().uuidString
            }
            identity.userId = id
            return []
          }
        }
      },
      flush: { await delivery.queue.flush() },
      close: { timeout in
        if let timeout { await delivery.queue.close(timeout: timeout) } else { await delivery.queue.close() }
      },
      counters: { delivery.counters }
    )
  }

  /// Does nothing: for previews and for tests where Mixpanel does not matter.
  public static let mock = Environment(send: { _ in })

  /// Reports an issue from every closure (failing the running test).
  public static let unimplemented: Environment = {
    let flush = Trackers.unimplemented("MixpanelTracker.Current.flush", placeholder: ())
    let close = Trackers.unimplemented("MixpanelTracker.Current.close", placeholder: ())
    return Environment(
      send: Trackers.unimplemented("MixpanelTracker.Current.send"),
      flush: { flush() },
      close: { _ in close() },
      counters: Trackers.unimplemented("MixpanelTracker.Current.counters", placeholder: TrackerCounters())
    )
  }()

  /// The value ``Current`` starts with: drops and counts events, warning once how to configure.
  public static var notConfigured: Environment {
    Environment(send: vendorModule.notConfigured(), counters: { vendorModule.counters })
  }
}

/// Counts and reports what this module could not send.
let vendorModule = VendorModule(
  name: "MixpanelTracker",
  vendor: "Mixpanel",
  configuration: #"MixpanelTracker.Current = try .live(.init(projectToken: "<project token>"))"#
)

let current = CurrentEnvironment(Environment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with ``Environment/live(_:)``.
public var Current: Environment {
  get { current.value }
  set { current.value = newValue }
}
