import Foundation
import Trackers
import TrackersDelivery

/// Everything ``segmentTracker`` needs from the outside world; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// SegmentTracker.Current = try .live(Configuration(writeKey: secrets.segment))
///
/// // In a test:
/// withIsolatedEnvironments {
///   SegmentTracker.Current.send = recorder.tracker
///   segmentTracker(.screen(name: "Cart"))
/// }
/// ```
public struct Environment: Sendable {
  /// Receives each valid, mapped message. Live: encodes it with the persisted identity and puts it in the
  /// durable queue; `.userId` also updates the identity (a new anonymous id on sign-out).
  public var send: Tracker<SegmentMessage>
  /// Sends what is queued now, without waiting for a batch to fill.
  public var flush: @Sendable () async -> Void
  /// Sends what it can within the timeout (`nil`: the queue's default), then stops; later events are refused
  /// and counted.
  public var close: @Sendable (_ timeout: Duration?) async -> Void
  /// What happened to the events so far.
  public var counters: @Sendable () -> TrackerCounters

  /// Creates an environment; the closures you leave out do nothing.
  public init(
    send: @escaping Tracker<SegmentMessage>,
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
  /// Delivers to Segment through a durable queue in ``Configuration/storageDirectory``.
  ///
  /// Call it once per process (a second live environment on the same directory throws): at launch, before
  /// the first event. Throws when the storage directory can't be created or read, so a misconfigured app
  /// finds out at launch rather than by missing data.
  public static func live(_ configuration: Configuration) throws -> Environment {
    let delivery = try VendorDelivery(
      module: vendorModule,
      destination: Destination(configuration),
      storage: configuration.storageDirectory,
      transport: configuration.transport,
      tuning: configuration.delivery,
      onReport: configuration.onReport,
      derive: WireFormat.identityMembers(for:)
    )
    let now = configuration.now
    @Sendable func enqueue(_ message: SegmentMessage, identity: [UInt8]) {
      let id = RecordID()
      guard let payload = WireFormat.message(message, identity: identity, at: now(), messageId: id) else { return }
      // validate(_:) measured the message with a sample identity; this is the size Segment will see.
      guard payload.count <= SegmentLimits.messageBytes else {
        return vendorModule.rejectInvalid([SegmentValidation.sizeIssue(payload.count)], event: message.description)
      }
      delivery.enqueue(payload, id: id, partition: "", event: message.description)
    }
    return Environment(
      send: { message in
        guard case let .userId(userId) = message else {
          return enqueue(message, identity: delivery.identity.current.derived)
        }
        guard let identity = delivery.signIn(userId, event: message.description) else { return }
        enqueue(message, identity: identity)
      },
      flush: { await delivery.queue.flush() },
      close: { timeout in
        if let timeout { await delivery.queue.close(timeout: timeout) } else { await delivery.queue.close() }
      },
      counters: { delivery.counters }
    )
  }

  /// Does nothing: for previews and for tests where Segment does not matter.
  public static let mock = Environment(send: { _ in })

  /// Reports an issue from every closure (failing the running test): start a test from it to prove which
  /// closures the code under test uses.
  public static let unimplemented: Environment = {
    let flush = Trackers.unimplemented("SegmentTracker.Current.flush", placeholder: ())
    let close = Trackers.unimplemented("SegmentTracker.Current.close", placeholder: ())
    return Environment(
      send: Trackers.unimplemented("SegmentTracker.Current.send"),
      flush: { flush() },
      close: { _ in close() },
      counters: Trackers.unimplemented("SegmentTracker.Current.counters", placeholder: TrackerCounters())
    )
  }()

  /// The value ``Current`` starts with: drops and counts events, warning once how to configure.
  public static var notConfigured: Environment {
    Environment(send: vendorModule.notConfigured(), counters: { vendorModule.counters })
  }
}

/// Counts and reports what this module could not send.
let vendorModule = VendorModule(
  name: "SegmentTracker",
  vendor: "Segment",
  configuration: #"SegmentTracker.Current = try .live(.init(writeKey: "<write key>"))"#
)

let current = CurrentEnvironment(Environment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with ``Environment/live(_:)``; tests assign it inside
/// `withIsolatedEnvironments`.
public var Current: Environment {
  get { current.value }
  set { current.value = newValue }
}
