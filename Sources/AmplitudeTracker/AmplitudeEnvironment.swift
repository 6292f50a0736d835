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
  /// carries the persisted device id (and user id once signed in, and the user's groups once in one) and an
  /// `insert_id`; `.userId` and `.alias` send nothing themselves: a sign-in or sign-out updates the identity
  /// (a new device id on sign-out), and both are counted as ``TrackersDelivery/TrackerCounters/identityUpdates``;
  /// `.group` keeps the group with the identity (persisted) for every later event, then sends its
  /// `$identify` and `$groupidentify`. With a privacy registry, nothing is sent before consent for
  /// "Amplitude".
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: AmplitudeConfiguration) throws -> AmplitudeEnvironment {
    let now = configuration.now
    let sendsSessionEvents = configuration.sendsSessionEvents
    // `"ip":"$remote"` lets Amplitude locate the user by the request's address; without it, it doesn't.
    let ip: [UInt8] = configuration.ipLocation == .vendorDefault ? Array(#","ip":"$remote""#.utf8) : []
    let derive: @Sendable (IdentityStore<WireFormat.Members>.Identity, TrackingContext) -> WireFormat.Members = {
      identity, context in
      WireFormat.members(for: identity, ip: ip, context: context)
    }
    return try live(
      options: configuration.options, destination: AmplitudeDestination(configuration), session: configuration.session,
      derive: derive
    ) { delivery, session in
      /// The session id and date of an event, and a new session's `session_end` and `session_start`, to
      /// queue before the event that started it, as records of that event.
      /// `aboutSubject`: the event subject the event was sent under was read already (`nil`: none).
      @Sendable func stamp(
        _ owner: IdentityStore<WireFormat.Members>.Identity, _ members: [UInt8], aboutSubject: Bool
      ) -> (Int, Date, [VendorRecord]) {
        let date = now()
        // Not reading the subject again where it was read: a task-local read costs about 150 instructions.
        let stamp =
          aboutSubject
          ? session.stamp(at: date, anonymousId: owner.anonymousId, userId: owner.userId)
          : session.stamp(at: date, of: owner)
        guard stamp.isNew, sendsSessionEvents else { return (stamp.id, date, []) }
        let records = WireFormat.sessionEvents(for: stamp, identity: members).map {
          VendorRecord(payload: $0.payload, id: $0.id)
        }
        return (stamp.id, date, records)
      }
      return { event in
        // An event about a subject (a server's user) carries the subject's ids, never the stored identity's,
        // and no session (`session_id` -1, Amplitude's "out of session").
        let subject = EventSubject.current
        let isAboutSubject = subject.map { _ in true } ?? false
        if let subject {
          switch event {
          case .event, .revenue:
            let issues = AmplitudeValidation.subjectIssues(subject)
            guard issues.isEmpty else { return .invalid(issues) }
            let members = WireFormat.members(about: subject, ip: ip, context: delivery.subjectContext)
            let id = RecordID()
            let payload = WireFormat.event(
              event, identity: members, sessionId: -1, at: subject.timestamp ?? now(), insertId: id)
            return payload.map { delivery.fate(queueing: VendorRecord(payload: $0, id: id)) }
              ?? .unsupported(kind: EventFate.nothingToSendAboutASubject)
          default:
            break
          }
        }
        switch event {
        case let .group(type, key, properties):
          return sendGroup(type: type, key: key, properties: properties, delivery: delivery) {
            stamp($0, $1, aboutSubject: isAboutSubject)
          }
        case let .notSent(kind):
          // Validation refuses it on the pipeline's path; only a direct call of `send` gets here.
          return .unsupported(kind: kind)
        default:
          break
        }
        let userId: String?? =
          switch event {
          case let .userId(id): .some(id)
          case let .signIn(id, _): .some(id)
          default: .none
          }
        return delivery.fate(of: event, signingIn: userId) { owner, members, id -> VendorDelivery<WireFormat.Members>.Encoded in
          guard case .some = WireFormat.eventType(of: event) else { return .nothingToSend }
          let (sessionId, date, sessionRecords) = stamp(owner, members.all, aboutSubject: isAboutSubject)
          guard
            let payload = WireFormat.event(event, identity: members.all, sessionId: sessionId, at: date, insertId: id)
          else { return sessionRecords.isEmpty ? .nothingToSend : .records(sessionRecords) }
          // Most events start no session: one record, no array built per event.
          guard !sessionRecords.isEmpty else { return .payload(payload) }
          // One event, however many records: a new session's events go with the event that started it.
          return .records(sessionRecords + [VendorRecord(payload: payload, id: id)])
        }
      }
    }
  }

  /// Keeps the group with the identity (one key per group type; Amplitude tracks at most
  /// `AmplitudeLimits.groupTypes` types per event, so a sixth type is refused with rule `group-types`),
  /// then queues its `$identify` and `$groupidentify`; returns the event's one fate.
  private static func sendGroup(
    type: String, key: String, properties: [String: PropertyValue],
    delivery: VendorDelivery<WireFormat.Members>,
    stamp: (IdentityStore<WireFormat.Members>.Identity, [UInt8]) -> (Int, Date, [VendorRecord])
  ) -> EventFate {
    var issues: [ValidationIssue] = []
    delivery.changeIdentity { identity in
      if identity.groups[type] == nil, identity.groups.count >= AmplitudeLimits.groupTypes {
        issues = [AmplitudeValidation.groupTypesIssue(adding: type, to: identity.groups)]
      } else {
        identity.groups[type] = key
      }
    }
    guard issues.isEmpty else { return .invalid(issues) }
    let (owner, members) = delivery.current
    let (sessionId, date, sessionRecords) = stamp(owner, members.all)
    let events = WireFormat.groupEvents(
      type: type, key: key, properties: properties, members: members, sessionId: sessionId, at: date)
    // One event: its `$identify`, its `$groupidentify` (with traits), and a new session's events.
    let records = sessionRecords + events.map { VendorRecord(payload: $0.1, id: $0.0) }
    return delivery.fate(queueing: records)
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
