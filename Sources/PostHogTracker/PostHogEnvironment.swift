import Foundation
import Trackers
import TrackersDelivery

/// Everything ``postHogTracker`` needs from the outside world: `send`, `flush`, `close` and `counters`,
/// with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through ``Current``.
///
/// ```swift
/// // At launch:
/// PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   PostHogTracker.Current.send = recorder.tracker
///   postHogTracker(.screen(name: "Cart"))
/// }
/// ```
public typealias PostHogEnvironment = VendorEnvironment<PostHogEvent>

extension PostHogEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { postHogModule }
}

extension PostHogEnvironment {
  /// Delivers to PostHog through a durable queue in the configuration's storage directory: each event
  /// carries the persisted anonymous id (or the user id once signed in) as `distinct_id` and a `uuid`;
  /// `.userId` also updates the identity (a new anonymous id on sign-out), and `.group` adds the group to
  /// the persisted groups every later event carries as `$groups`. With a privacy registry, nothing is sent
  /// before consent for "PostHog".
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: PostHogConfiguration) throws -> PostHogEnvironment {
    let now = configuration.now
    let suppressesGeoIP = configuration.ipLocation == .suppressed
    let personProfiles = configuration.personProfiles
    let derive: @Sendable (IdentityStore<WireFormat.Identity>.Identity, TrackingContext) -> WireFormat.Identity = {
      WireFormat.identity(for: $0, context: $1, suppressesGeoIP: suppressesGeoIP, personProfiles: personProfiles)
    }
    return try live(
      options: configuration.options, destination: PostHogDestination(configuration), session: configuration.session,
      derive: derive
    ) { delivery, session in
      return { event in
        // An event about a subject (a server's user) carries the subject's ids, never the stored identity's,
        // and no session.
        let attribution = delivery.attribution
        let isAboutSubject: Bool
        if case .subject = attribution { isAboutSubject = true } else { isAboutSubject = false }
        if case let .subject(subject) = attribution, case .capture = event {
          let identity = WireFormat.identity(
            about: subject, context: delivery.subjectContext,
            // The client's own address, given, is for locating it; the server's never is.
            suppressesGeoIP: suppressesGeoIP && subject.context.ip == nil,
            personProfiles: personProfiles)
          let id = RecordID()
          let payload = WireFormat.event(event, identity: identity, sessionId: nil, at: subject.timestamp ?? now(), uuid: id)
          return payload.map { delivery.fate(queueing: VendorRecord(payload: $0, id: id)) }
            ?? .unsupported(kind: EventFate.nothingToSendAboutASubject)
        }
        if case let .notSent(kind) = event {
          // Only reachable by calling `send` directly: the pipeline's validation refuses these first.
          return .unsupported(kind: kind)
        }
        // Looked for once: the person rules and the encoder both ask, and each look walks every name.
        let hasReservedName: Bool
        if case let .capture(_, properties) = event {
          hasReservedName = WireFormat.hasReservedName(properties)
        } else {
          hasReservedName = true
        }
        let personEvent = PersonProfileRules.personEvent(event, hasReservedName: hasReservedName)
        if case .capture = event, personEvent == nil, case let .appUser(owner, identity) = attribution {
          // The common event: nothing about it changes the identity, so the identity read with the subject
          // is the one to send under, and there is no sign-in to apply first.
          let id = RecordID()
          let date = now()
          let payload = WireFormat.event(
            event, identity: identity, sessionId: session.stamp(at: date, of: owner).uuid, at: date, uuid: id,
            hasReservedName: hasReservedName)
          return payload.map { delivery.fate(queueing: VendorRecord(payload: $0, id: id)) } ?? .identityUpdate
        }
        if let personEvent {
          // posthog-ios's `requirePersonProcessing()`: ignored without person profiles; otherwise, before
          // encoding, this anonymous person is processed from now on, so the event itself says `true`.
          guard personProfiles != .never else {
            return .unsupported(kind: "\(personEvent) (personProfiles .never)")
          }
          if personProfiles == .identifiedOnly {
            PersonProfileRules.requirePersonProcessing(delivery)
          }
        }
        if case let .group(type, key, _) = event {
          // Before encoding: the `$groupidentify` event carries `$groups` with its own group, as
          // posthog-ios's does. Not `identityUpdate`, which is a fate of its own.
          delivery.changeIdentity { $0.groups[type] = key }
        }
        if case let .signIn(userId, _) = event, personProfiles == .never {
          // posthog-ios's `identify` needs person processing, and without it sets no person property: the
          // sign-in changes the `distinct_id` of later events, as `.userId` does, and the traits are
          // counted as unsupported (one fate for the event), as `.userProperties` are.
          delivery.changeIdentity { $0 = $0.signingIn(userId, newAnonymousId: { RecordID().uuidString }) }
          return .unsupported(kind: "\(PostHogNames.set) (personProfiles .never)")
        }
        let userId: String?? =
          switch event {
          case let .userId(id): .some(id)
          case let .signIn(id, _): .some(id)
          default: .none
          }
        return delivery.fate(of: event, signingIn: userId) { owner, identity, id in
          // Without person profiles a sign-in only changes the `distinct_id` of later events: PostHog
          // refuses a `$identify` that processes no person.
          if case .userId = event, personProfiles == .never { return nil }
          let date = now()
          // Not reading the subject again where it was read: a task-local read costs about 150 instructions.
          let stamp =
            isAboutSubject
            ? session.stamp(at: date, anonymousId: owner.anonymousId, userId: owner.userId)
            : session.stamp(at: date, of: owner)
          return WireFormat.event(
            event, identity: identity, sessionId: stamp.uuid, at: date, uuid: id, hasReservedName: hasReservedName)
        }
      }
    }
  }
}

/// What ``PostHogConfiguration/personProfiles`` changes besides each event's `$process_person_profile`.
enum PersonProfileRules {
  /// The PostHog event of what only a person has (person properties, an alias, a group), which posthog-ios
  /// sends only with person processing; `nil` for the others. A capture with `$set` or `$set_once` is one
  /// too, as posthog-ios's `capture(_:userProperties:)` asks for person processing.
  ///
  /// `hasReservedName`: whether a capture's properties have a name starting with `$`
  /// (``WireFormat/hasReservedName(_:)``), looked for once per event by the caller.
  static func personEvent(_ event: PostHogEvent, hasReservedName: Bool) -> String? {
    switch event {
    case .setPersonProperties, .setPersonPropertiesOnce, .unsetPersonProperties: PostHogNames.set
    case .alias: PostHogNames.createAlias
    case .group: PostHogNames.groupIdentify
    case let .capture(_, properties)
    where hasReservedName
      && (properties[PostHogNames.set] != nil || properties[PostHogNames.setOnce] != nil):
      "capture with \(PostHogNames.set)"
    case .capture, .userId, .signIn, .notSent: nil
    }
  }

  /// Marks this device's anonymous person as processed (posthog-ios's `setPersonProcessing(true)`), once.
  static func requirePersonProcessing(_ delivery: VendorDelivery<WireFormat.Identity>) {
    let identity = delivery.current.identity
    let mark = PropertyValue.string(identity.anonymousId)
    guard identity.userId == nil, identity.userProperties[WireFormat.personProcessingKey] != mark else { return }
    delivery.changeIdentity { $0.userProperties[WireFormat.personProcessingKey] = .string($0.anonymousId) }
  }
}

/// Counts and reports what this module could not send.
let postHogModule = VendorModule(
  name: "PostHogTracker",
  vendor: "PostHog",
  configuration: #"PostHogTracker.Current = try .live(.init(apiKey: "phc_..."))"#
)

let current = CurrentEnvironment(PostHogEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`; tests
/// assign it inside `withIsolatedEnvironments`.
public var Current: PostHogEnvironment {
  get { current.value }
  set { current.value = newValue }
}
