import Foundation
import Trackers
import TrackersDelivery

/// Everything ``amplitudeTracker`` needs from the outside world: `send`, `flush`, `close` and `counters`,
/// with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude, privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   AmplitudeTracker.Current.send = recorder.tracker
///   amplitudeTracker(.screen(name: "Cart"))
/// }
/// ```
public typealias AmplitudeEnvironment = VendorEnvironment<AmplitudeEvent>

extension AmplitudeEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { amplitudeModule }
}

extension AmplitudeEnvironment {
  /// Delivers to Amplitude through a durable queue in the configuration's storage directory: each event
  /// carries the persisted device id (and user id once signed in) and an `insert_id`; `.userId` sends
  /// nothing itself: it updates the identity (a new device id on sign-out) and is counted as
  /// ``TrackersDelivery/TrackerCounters/identityUpdates``. With a privacy registry, nothing is sent before
  /// consent for "Amplitude".
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: AmplitudeConfiguration) throws -> AmplitudeEnvironment {
    let now = configuration.now
    let sendsSessionEvents = configuration.sendsSessionEvents
    // `"ip":"$remote"` lets Amplitude locate the user by the request's address; without it, it doesn't.
    let ip: [UInt8] = configuration.ipLocation == .vendorDefault ? Array(#","ip":"$remote""#.utf8) : []
    let derive: @Sendable (IdentityStore<[UInt8]>.Identity, TrackingContext) -> [UInt8] = { identity, context in
      WireFormat.identityMembers(for: identity) + ip + WireFormat.contextMembers(for: context)
    }
    return try live(
      options: configuration.options, destination: AmplitudeDestination(configuration), session: configuration.session,
      derive: derive
    ) { delivery, session in
      return { event in
        let userId: String?? = if case let .userId(id) = event { .some(id) } else { .none }
        delivery.enqueue(event, signingIn: userId) { owner, identity, id in
          guard case .some = WireFormat.eventType(of: event) else { return nil }
          let date = now()
          let stamp = session.stamp(at: date, anonymousId: owner.anonymousId, userId: owner.userId)
          if stamp.isNew, sendsSessionEvents {
            for sessionEvent in WireFormat.sessionEvents(for: stamp, identity: identity) {
              delivery.enqueue(sessionEvent.payload, id: sessionEvent.id, partition: "", event: sessionEvent.name)
            }
          }
          return WireFormat.event(event, identity: identity, sessionId: stamp.id, at: date, insertId: id)
        }
      }
    }
  }
}

/// Counts and reports what this module could not send.
let amplitudeModule = VendorModule(
  name: "AmplitudeTracker",
  vendor: "Amplitude",
  configuration: #"AmplitudeTracker.Current = try .live(.init(apiKey: "<api key>"))"#
)

let current = CurrentEnvironment(AmplitudeEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`; tests
/// assign it inside `withIsolatedEnvironments`.
public var Current: AmplitudeEnvironment {
  get { current.value }
  set { current.value = newValue }
}
