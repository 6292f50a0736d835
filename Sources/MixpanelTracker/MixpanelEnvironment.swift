import Foundation
import Trackers
import TrackersDelivery

/// Everything ``mixpanelTracker`` needs from the outside world: `send`, `flush`, `close` and `counters`,
/// with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   MixpanelTracker.Current.send = recorder.tracker
///   mixpanelTracker("Signed Up")
/// }
/// ```
public typealias MixpanelEnvironment = VendorEnvironment<MixpanelEvent>

extension MixpanelEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { mixpanelModule }
}

extension MixpanelEnvironment {
  /// Delivers to Mixpanel through a durable queue in the configuration's storage directory: events to
  /// `/import`, profile updates to `/engage`, group profile updates to `/groups`; `.identify` and
  /// `.setGroup` update the persisted identity, `.alias` only counts. With a privacy registry, nothing is
  /// sent before consent for "Mixpanel".
  ///
  /// Call it once per process, at launch. Throws when the storage directory can't be created or read.
  public static func live(_ configuration: MixpanelConfiguration) throws -> MixpanelEnvironment {
    let now = configuration.now
    let token = configuration.projectToken
    return try live(
      options: configuration.options,
      destination: MixpanelDestination(configuration),
      tuning: { delivery in
        // Mixpanel: "back off from 2 s, doubling to 60 s" for 429, 502 and 503.
        delivery.backoff.base = .seconds(2)
        delivery.backoff.cap = .seconds(60)
      },
      derive: WireFormat.identityFields(for:context:)
    ) { delivery in
      return { event in
        guard case let .event(name, properties) = event else {
          return fate(of: event, delivery: delivery, token: token, now: now)
        }
        switch delivery.attribution {
        case let .appUser(_, fields):
          return queueEvent(name: name, properties: properties, identity: fields, delivery: delivery, now: now)
        case let .subject(subject):
          // An event about a subject (a server's user) carries the subject's ids, never the stored identity's.
          let date = now()
          let issues = mixpanelSubjectIssues(subject, now: date)
          guard issues.isEmpty else { return .invalid(issues) }
          let id = RecordID()
          let fields = WireFormat.identityFields(about: subject, context: delivery.subjectContext)
          let payload = WireFormat.event(
            name: name, properties: properties, at: subject.timestamp ?? date, id: id, identity: fields)
          let record = VendorRecord(payload: payload, id: id, partition: WireFormat.importPartition)
          return delivery.fate(queueing: record)
        }
      }
    }
  }

  /// Queues an event of the app's own user, under `identity`.
  private static func queueEvent(
    name: String, properties: [String: PropertyValue], identity: WireFormat.IdentityFields,
    delivery: VendorDelivery<WireFormat.IdentityFields>, now: @Sendable () -> Date
  ) -> EventFate {
    let id = RecordID()  // also the `$insert_id`, so a resent event is deduplicated
    return delivery.fate(
      queueing: VendorRecord(
        payload: WireFormat.event(name: name, properties: properties, at: now(), id: id, identity: identity),
        id: id, partition: WireFormat.importPartition))
  }

  /// Encodes and queues one event, or changes the identity, and returns the event's one fate: a `.setGroup`
  /// with traits is two records and one queued event.
  private static func fate(
    of event: MixpanelEvent, delivery: VendorDelivery<WireFormat.IdentityFields>, token: String,
    now: @Sendable () -> Date
  ) -> EventFate {
    switch event {
    case let .event(name, properties):
      return queueEvent(name: name, properties: properties, identity: delivery.current.derived, delivery: delivery, now: now)
    case let .setProfileProperty(name, value):
      return delivery.fate(
        queueing: VendorRecord(
          payload: WireFormat.profileSet(name: name, value: value, token: token, identity: delivery.current.derived),
          id: RecordID(), partition: WireFormat.engagePartition)
      )
    case let .setProfileProperties(properties):
      return delivery.fate(
        queueing: VendorRecord(
          payload: WireFormat.profileSet(properties, token: token, identity: delivery.current.derived),
          id: RecordID(), partition: WireFormat.engagePartition)
      )
    case let .updateProfile(operation):
      return delivery.fate(
        queueing: VendorRecord(
          payload: WireFormat.profileUpdate(operation, token: token, identity: delivery.current.derived),
          id: RecordID(), partition: WireFormat.engagePartition)
      )
    case let .setGroup(key, groupId, traits):
      // Later events carry the group key (cached in `derive`); the user's profile gets it as a list, as
      // the group analytics guide asks ("Add Group Key to User's Profile") and mixpanel-swift's
      // `setGroup` does; the group's profile gets the traits. One event, queued as one or two records.
      delivery.changeIdentity { $0.groups[key] = groupId }
      var records = [
        VendorRecord(
          payload: WireFormat.profileSet(
            name: key, value: .array([.string(groupId)]), token: token, identity: delivery.current.derived),
          id: RecordID(), partition: WireFormat.engagePartition)
      ]
      if !traits.isEmpty {
        records.append(
          VendorRecord(
            payload: WireFormat.groupSet(key: key, id: groupId, traits: traits, token: token),
            id: RecordID(), partition: WireFormat.groupsPartition))
      }
      return delivery.fate(queueing: records)
    case .alias:
      // Simplified ID Merge: the first event with both `$device_id` and `$user_id` merges them, and
      // `$create_alias` does nothing there (developer.mixpanel.com/reference/identity-create-alias).
      return .identityUpdate
    case let .identify(id):
      // A sign-out keeps the `$device_id` (the device stays) and forgets the groups; another user gets a
      // new one, so two people are never merged. `.reset` (mixpanel-swift's `reset()`) is the pipeline's.
      delivery.changeIdentity { $0 = $0.signingIn(id, newAnonymousId: { RecordID().uuidString }) }
      return .identityUpdate
    case let .signIn(userId, properties):
      return signIn(userId, setting: properties, delivery: delivery, token: token, now: now)
    case let .unsupported(issue):
      // Validation refuses it first; only a direct call to `send` gets here.
      return .unsupported(kind: issue.rule)
    }
  }
}

extension MixpanelEnvironment {
  /// A sign-in with profile properties, as mixpanel-swift sends `identify(distinctId:)` then
  /// `people.set(properties:)`: the identity changes as for ``MixpanelEvent/identify(_:)``; when the
  /// `distinct_id` changes, a `$identify` event with `$anon_distinct_id` (MixpanelInstance.swift tracks it
  /// only then), then the `/engage` `$set`. Two records, one event. The `$anon_distinct_id` is this
  /// device's anonymous `distinct_id`, `$device:<device id>`: where the SDK would name the previous user's
  /// id (another user signing in), a new device id was made, and two people are never linked.
  private static func signIn(
    _ userId: String, setting properties: [String: PropertyValue], delivery: VendorDelivery<WireFormat.IdentityFields>,
    token: String, now: @Sendable () -> Date
  ) -> EventFate {
    var distinctIdChanges = false
    delivery.changeIdentity { identity in
      // Read and changed in one step, so another event's sign-in can't come between.
      distinctIdChanges = identity.userId != userId
      identity = identity.signingIn(userId, newAnonymousId: { RecordID().uuidString })
    }
    let (identity, fields) = delivery.current
    var records: [VendorRecord] = []
    if distinctIdChanges {
      let id = RecordID()
      let anonymous: [String: PropertyValue] = [MixpanelNames.anonymousDistinctId: .string("$device:\(identity.anonymousId)")]
      records.append(
        VendorRecord(
          payload: WireFormat.event(name: MixpanelNames.identify, properties: anonymous, at: now(), id: id, identity: fields),
          id: id, partition: WireFormat.importPartition))
    }
    records.append(
      VendorRecord(
        payload: WireFormat.profileSet(properties, token: token, identity: fields), id: RecordID(),
        partition: WireFormat.engagePartition))
    return delivery.fate(queueing: records)
  }
}

/// Counts and reports what this module could not send.
let mixpanelModule = VendorModule(
  name: "MixpanelTracker",
  vendor: "Mixpanel",
  configuration: #"MixpanelTracker.Current = try .live(.init(projectToken: "<project token>"))"#
)

let current = CurrentEnvironment(MixpanelEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`.
public var Current: MixpanelEnvironment {
  get { current.value }
  set { current.value = newValue }
}
