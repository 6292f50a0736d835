import Foundation
import Trackers
import TrackersDelivery

/// Everything ``googleAnalyticsTracker`` needs from the outside world; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// GoogleAnalyticsTracker.Current = try .live(Configuration(measurementId: "G-XXXX", apiSecret: secret))
///
/// // In a test:
/// withIsolatedEnvironments {
///   GoogleAnalyticsTracker.Current.send = recorder.tracker
///   googleAnalyticsTracker(.screen(name: "Cart"))
/// }
/// ```
public struct Environment: Sendable {
  /// Receives each valid, mapped event. Live: encodes it and puts it in the durable queue (or updates the
  /// persisted identity for `.userId` and `.userProperty`).
  public var send: Tracker<GoogleAnalyticsEvent>
  /// Sends what is queued now, without waiting for a batch to fill.
  public var flush: @Sendable () async -> Void
  /// Sends what it can within the timeout (`nil`: the queue's default), then stops; later events are refused
  /// and counted.
  public var close: @Sendable (_ timeout: Duration?) async -> Void
  /// What happened to the events so far.
  public var counters: @Sendable () -> TrackerCounters

  /// Creates an environment; the closures you leave out do nothing.
  public init(
    send: @escaping Tracker<GoogleAnalyticsEvent>,
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
  /// Delivers to GA4 through a durable queue in ``Configuration/storageDirectory``.
  ///
  /// Call it once per process (a second live environment on the same directory throws): at launch, before
  /// the first event. Throws when the storage directory can't be created or read, so a misconfigured app
  /// finds out at launch rather than by missing data.
  public static func live(_ configuration: Configuration) throws -> Environment {
    let stream = configuration.stream
    let delivery = try VendorDelivery(
      module: vendorModule,
      destination: Destination(configuration),
      storage: configuration.storageDirectory,
      transport: configuration.transport,
      tuning: configuration.delivery,
      onReport: configuration.onReport,
      derive: { identity in WireFormat.envelope(for: identity, stream: stream) }
    )
    let now = configuration.now
    return Environment(
      send: { event in
        switch event {
        case let .event(name, params):
          // GA4 has no dedup field; the id only identifies the record in the queue.
          delivery.enqueue(
            WireFormat.event(name: name, params: params, at: now()),
            id: RecordID(),
            partition: delivery.identity.current.derived,
            event: event.description
          )
        case let .userProperty(name, value):
          delivery.updateIdentity(event: event.description) { identity in
            guard identity.userProperties[name] == nil,
              identity.userProperties.count >= GoogleAnalyticsLimits.userProperties
            else {
              identity.userProperties[name] = value
              return []
            }
            return [userPropertyCountIssue(name: name, existing: identity.userProperties.keys)]
          }
        case let .userId(id):
          delivery.updateIdentity(event: event.description) { identity in
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

  /// Does nothing: for previews and for tests where GA4 does not matter.
  public static let mock = Environment(send: { _ in })

  /// Reports an issue from every closure (failing the running test): start a test from it to prove which
  /// closures the code under test uses.
  public static let unimplemented: Environment = {
    let flush = Trackers.unimplemented("GoogleAnalyticsTracker.Current.flush", placeholder: ())
    let close = Trackers.unimplemented("GoogleAnalyticsTracker.Current.close", placeholder: ())
    return Environment(
      send: Trackers.unimplemented("GoogleAnalyticsTracker.Current.send"),
      flush: { flush() },
      close: { _ in close() },
      counters: Trackers.unimplemented("GoogleAnalyticsTracker.Current.counters", placeholder: TrackerCounters())
    )
  }()

  /// The value ``Current`` starts with: drops and counts events, warning once how to configure.
  public static var notConfigured: Environment {
    Environment(send: vendorModule.notConfigured(), counters: { vendorModule.counters })
  }
}

/// The GA4 rule that needs the identity: at most 25 user properties per request.
func userPropertyCountIssue(name: String, existing: Dictionary<String, PropertyValue>.Keys) -> ValidationIssue {
  ValidationIssue(
    vendor: "GA4", rule: "user-property-count",
    message: "user property '\(name)' would be the \(existing.count + 1)th; GA4 keeps at most "
      + "\(GoogleAnalyticsLimits.userProperties) per request (set: \(existing.sorted().joined(separator: ", ")))"
  )
}

/// Counts and reports what this module could not send.
let vendorModule = VendorModule(
  name: "GoogleAnalyticsTracker",
  vendor: "GA4",
  configuration: #"GoogleAnalyticsTracker.Current = try .live(.init(measurementId: "G-XXXXXXX", apiSecret: "<secret>"))"#
)

let current = CurrentEnvironment(Environment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with ``Environment/live(_:)``; tests assign it inside
/// `withIsolatedEnvironments`.
public var Current: Environment {
  get { current.value }
  set { current.value = newValue }
}
