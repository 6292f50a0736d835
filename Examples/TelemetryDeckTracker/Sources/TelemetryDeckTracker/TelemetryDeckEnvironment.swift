import Foundation
import Trackers
import TrackersDelivery

/// Everything ``telemetryDeckTracker`` needs from the outside world: `send`, `flush`, `close` and
/// `counters`, with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through
/// ``Current``.
///
/// ```swift
/// // At launch:
/// TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-...", privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   TelemetryDeckTracker.Current.send = recorder.tracker
///   telemetryDeckTracker(.screen(name: "Cart"))
/// }
/// ```
public typealias TelemetryDeckEnvironment = VendorEnvironment<TelemetryDeckEvent>

extension TelemetryDeckEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { telemetryDeckModule }
}

extension TelemetryDeckEnvironment {
  /// Delivers to TelemetryDeck through a durable queue in the configuration's storage directory: each
  /// signal carries the hash of the user id, or of the persisted anonymous id when signed out, as
  /// `clientUser`, and the session's `sessionID`. `.userId` and `.userProperty` send nothing: they update
  /// the persisted identity that later signals carry, and are counted as
  /// ``TrackersDelivery/TrackerCounters/identityUpdates``. A sign-out, or another user signing in, starts a
  /// new anonymous id and forgets the user properties. With a privacy registry, nothing is sent before
  /// consent for "TelemetryDeck". With the app's lifecycle, a return to the foreground that begins a
  /// session sends `TelemetryDeck.Session.started`, as the SDK does
  /// (``TelemetryDeckConfiguration/sendsSessionStartedSignal``).
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: TelemetryDeckConfiguration) throws -> TelemetryDeckEnvironment {
    let now = configuration.now
    let (appID, salt, testMode) = (configuration.appID, configuration.salt, configuration.testMode)
    let sendsSessionStarted = configuration.sendsSessionStartedSignal
    let derive: @Sendable (IdentityStore<WireFormat.Identity>.Identity, TrackingContext) -> WireFormat.Identity = {
      // The time zone's offset is read when the context changes, at the configuration's clock.
      WireFormat.identity(for: $0, context: $1, appID: appID, salt: salt, testMode: testMode, at: now())
    }
    return try live(
      options: configuration.options, destination: TelemetryDeckDestination(configuration), session: configuration.session,
      derive: derive
    ) { delivery, session in
      if sendsSessionStarted {
        // The SDK's `TelemetryDeck.Session.started`, when a session begins with the return to the
        // foreground (its `sessionID` is renewed only there): the kit's session decides whether it is new.
        delivery.onLifecycle { change in
          guard case let .enteredForeground(date) = change else { return [] }
          let (identity, derived) = delivery.current
          let stamp = session.stamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)
          guard stamp.isNew else { return [] }
          let bytes = WireFormat.signal(
            type: TelemetryDeckLimits.sessionStartedSignal, payload: [:], floatValue: nil, identity: derived,
            sessionId: stamp.uuid ?? String(stamp.id), at: date)
          return [VendorRecord(payload: bytes, id: RecordID())]
        }
      }
      return { event in
        switch event {
        // Refused by telemetryDeckIssues(for:), so only an app calling `send` itself gets here.
        case let .unsupported(kind):
          return .unsupported(kind: kind)
        case let .signal(type, payload, floatValue):
          let date = now()
          let (identity, derived) = delivery.current
          let stamp = session.stamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)
          // Rules without UUIDs (`makesUUID: false`) send the numeric id: the server takes any string.
          let bytes = WireFormat.signal(
            type: type, payload: payload, floatValue: floatValue, identity: derived,
            sessionId: stamp.uuid ?? String(stamp.id), at: date)
          // TelemetryDeck has no dedup field: the id only identifies the record in the queue.
          return delivery.fate(queueing: VendorRecord(payload: bytes, id: RecordID()))
        case let .userProperty(name, value):
          return delivery.identityUpdate { identity in
            identity.userProperties[name] = value.map(PropertyValue.string)
            return []
          }
        case let .userProperties(properties):
          return delivery.identityUpdate { identity in
            for (name, value) in properties { identity.userProperties[name] = value.map(PropertyValue.string) }
            return []
          }
        case let .userId(userId):
          return delivery.identityUpdate { identity in
            signIn(userId, &identity)
            return []
          }
        case let .signIn(userId, properties):
          // One change: the sign-in, then the user's properties (one fate for the event).
          return delivery.identityUpdate { identity in
            signIn(userId, &identity)
            for (name, value) in properties { identity.userProperties[name] = value.map(PropertyValue.string) }
            return []
          }
        }
      }
    }
  }
}

/// `.userId(userId)` applied to `identity`: a sign-out or another person forgets the user's properties, as
/// what the previous user's properties said is not about them.
private func signIn<Derived>(_ userId: String?, _ identity: inout IdentityStore<Derived>.Identity) {
  let next = identity.signingIn(userId, newAnonymousId: { RecordID().uuidString })
  let leaves = identity.userId != nil && next.userId != identity.userId
  let properties = leaves ? [:] : identity.userProperties
  identity = next
  identity.userProperties = properties
}

/// Counts and reports what this module could not send.
let telemetryDeckModule = VendorModule(
  name: "TelemetryDeckTracker",
  vendor: "TelemetryDeck",
  configuration: #"TelemetryDeckTracker.Current = try .live(.init(appID: "<app id>"))"#
)

let current = CurrentEnvironment(TelemetryDeckEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`; tests assign it inside
/// `withIsolatedEnvironments`.
public var Current: TelemetryDeckEnvironment {
  get { current.value }
  set { current.value = newValue }
}
