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
        case let .updateProfile(operation):
          delivery.enqueue(
            WireFormat.profileUpdate(operation, token: token, identity: delivery.identity.current.derived),
            id: RecordID(),
            partition: WireFormat.engagePartition,
            event: event.description
          )
        case let .setGroup(key, groupId, traits):
          // Later events carry the group key (cached in `derive`); the user's profile gets it as a list, as
          // the group analytics guide asks ("Add Group Key to User's Profile") and mixpanel-swift's
          // `setGroup` does; the group's profile gets the traits.
          delivery.updateIdentity(event: event.description) { identity in
            identity.groups[key] = groupId
            return []
          }
          delivery.enqueue(
            WireFormat.profileSet(
              name: key, value: .array([.string(groupId)]), token: token, identity: delivery.identity.current.derived),
            id: RecordID(),
            partition: WireFormat.engagePartition,
            event: event.description
          )
          if !traits.isEmpty {
            delivery.enqueue(
              WireFormat.groupSet(key: key, id: groupId, traits: traits, token: token),
              id: RecordID(),
              partition: WireFormat.groupsPartition,
              event: event.description
            )
          }
        case .alias:
          // Simplified ID Merge: the first event with both `$device_id` and `$user_id` merges them, and
          // `$create_alias` does nothing there (developer.mixpanel.com/reference/identity-create-alias).
          delivery.countIdentityUpdate()
        case let .identify(id):
          delivery.updateIdentity(event: event.description) { identity in
            if id == nil, identity.userId != nil {
              // Sign-out: like the SDKs' reset(), the next anonymous events get a new device id and no groups.
              identity.anonymousId = RecordID().uuidString
              identity.groups = [:]
            }
            identity.userId = id
            return []
          }
        case let .unsupported(issue):
          // Validation refuses it first; only a direct call to `send` gets here.
          delivery.countUnsupported(kind: issue.rule, event: event.description)
        }
      }
    }
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
