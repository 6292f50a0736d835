import Foundation
import Trackers
import TrackersDelivery

/// Everything ``googleAnalyticsTracker`` needs from the outside world: `send`, `flush`, `close` and
/// `counters`, with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through
/// ``Current``.
///
/// ```swift
/// // At launch:
/// GoogleAnalyticsTracker.Current = try .live(GoogleAnalyticsConfiguration(measurementId: "G-XXXX", apiSecret: secret))
///
/// // In a test:
/// withIsolatedEnvironments {
///   GoogleAnalyticsTracker.Current.send = recorder.tracker
///   googleAnalyticsTracker(.screen(name: "Cart"))
/// }
/// ```
public typealias GoogleAnalyticsEnvironment = VendorEnvironment<GoogleAnalyticsEvent>

extension GoogleAnalyticsEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { googleAnalyticsModule }
}

extension GoogleAnalyticsEnvironment {
  /// Delivers to GA4 through a durable queue in the configuration's storage directory: events are queued
  /// per client and user id; `.userId` and `.userProperty` update the persisted identity that the
  /// following requests carry (a `.null` value removes the user property from it, sending nothing). With a
  /// privacy registry, nothing is sent before consent for "GA4".
  ///
  /// Each event gets the `session_id` and `engagement_time_msec` GA4 needs to show it in Realtime, unless it
  /// sets them itself: a session ends after ``GoogleAnalyticsConfiguration/sessionTimeout`` without events and
  /// on a privacy reset (a new client id), not on a sign-in or sign-out, as with GA4's own SDKs; it is saved
  /// with the identity, so a relaunch within the timeout continues it.
  ///
  /// With ``GoogleAnalyticsConfiguration/naming`` set to ``GoogleAnalyticsNaming/keepingAcceptedNames`` or
  /// ``GoogleAnalyticsNaming/snakeCase``, each event is adapted to GA4's names first (its
  /// ``TrackersDelivery/VendorEnvironment/adaptation``).
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: GoogleAnalyticsConfiguration) throws -> GoogleAnalyticsEnvironment {
    var environment = try live(delivering: configuration)
    environment.adaptation = configuration.naming.adaptation
    return environment
  }

  private static func live(delivering configuration: GoogleAnalyticsConfiguration) throws -> GoogleAnalyticsEnvironment {
    let stream = configuration.stream
    let now = configuration.now
    let refusesInvalidEvents = configuration.invalidEvents == .refuse
    return try live(
      options: configuration.options,
      destination: GoogleAnalyticsDestination(configuration),
      session: configuration.sessionRules,
      derive: { identity, context in WireFormat.envelope(for: identity, context: context, stream: stream) }
    ) { delivery, session in
      return { event in
        switch event {
        case let .event(name, params):
          switch delivery.attribution {
          case let .appUser(identity, envelope):
            let date = now()
            // GA4 has no dedup field; the id only identifies the record in the queue.
            return delivery.fate(
              queueing: VendorRecord(
                payload: WireFormat.event(
                  name: name, params: params, at: date, session: session.stamp(at: date, of: identity)),
                id: RecordID(),
                partition: envelope))
          case let .subject(subject):
            // An event about a subject (a server's user) carries the subject's ids, never the stored
            // identity's, and no session.
            guard let envelope = WireFormat.envelope(about: subject, stream: stream) else {
              return .invalid([subjectClientIdIssue])
            }
            let date = now()
            if let timestamp = subject.timestamp, date.timeIntervalSince(timestamp) > subjectBackdating {
              return .invalid([subjectTimestampIssue(timestamp)])
            }
            let payload = WireFormat.event(name: name, params: params, at: subject.timestamp ?? date, session: nil)
            return delivery.fate(queueing: VendorRecord(payload: payload, id: RecordID(), partition: envelope))
          }
        case let .userProperty(name, .null):
          // Cleared, as Firebase's setUserProperty(nil, forName:): gone from the stored set, so later requests
          // no longer carry it. The Measurement Protocol has no clear operation: nothing is sent for it.
          return delivery.identityUpdate { identity in
            identity.userProperties[name] = nil
            return []
          }
        case let .userProperty(name, value):
          return delivery.identityUpdate { identity in
            guard identity.userProperties[name] == nil,
              identity.userProperties.count >= GoogleAnalyticsLimits.userProperties
            else {
              identity.userProperties[name] = value
              return []
            }
            return [userPropertyCountIssue(name: name, existing: identity.userProperties.keys)]
          }
        case let .userProperties(properties):
          // A `.null` member clears its property first, so it makes room for the others. Past 25, Firebase
          // ignores the changes that would add the 26th and later (error code 9) and applies the rest:
          // new names in name order until the 25th, the others reported. Under `invalidEvents = .refuse`,
          // all or none, as before.
          var outcome = UserPropertiesOutcome()
          let fate = delivery.identityUpdate { identity in
            outcome = setUserProperties(properties, of: &identity, refusing: refusesInvalidEvents)
            return outcome.issues
          }
          guard !outcome.ignored.isEmpty else { return fate }
          return fate.repaired(by: [userPropertyCountRepair(ignored: outcome.ignored, existing: outcome.existing)])
        case let .signIn(userId, properties):
          // `.userId` and `.userProperties` in one update, so the event has one fate. The traits as
          // `.userProperties`'; a set refused whole (`invalidEvents = .refuse`) leaves the user id as it was too.
          var outcome = UserPropertiesOutcome()
          let fate = delivery.identityUpdate { identity in
            outcome = setUserProperties(properties, of: &identity, refusing: refusesInvalidEvents)
            if outcome.issues.isEmpty { identity.userId = userId }
            return outcome.issues
          }
          guard !outcome.ignored.isEmpty else { return fate }
          return fate.repaired(by: [userPropertyCountRepair(ignored: outcome.ignored, existing: outcome.existing)])
        case let .userId(id):
          // The client id stays: the session goes on (GA4's SDKs keep it across `setUserID`), and GA4 joins
          // the events before and after the sign-in by the client id they share.
          return delivery.identityUpdate { identity in
            identity.userId = id
            return []
          }
        case .alias:
          // GA4 joins the ids a request carries: the events of this client id are the user's once a request
          // carries both. Nothing to send.
          return .identityUpdate
        case .unsupported:
          // Validation refuses these; only a `send` called with one directly gets here.
          return .unsupported(kind: "unsupported")
        }
      }
    }
  }
}

extension GoogleAnalyticsConfiguration {
  /// GA4's session rules: ``sessionTimeout`` without activity (the app in the foreground counts as
  /// activity, as Firebase counts engagement, when a lifecycle is configured), and a new session for a new
  /// anonymous id. The id is the start in seconds, like gtag's `ga_session_id`.
  ///
  /// A sign-in or sign-out keeps the session, as GA4's own SDKs do: Firebase's `setUserID` and gtag's
  /// `user_id` change who the events belong to, not the session, which GA4 keys by the client id
  /// (support.google.com/firebase/answer/9191807: a session starts with the app in the foreground and
  /// ends by timeout). A sign-out here keeps the client id (it only stops sending `user_id`), so the
  /// journey goes on in one session. A new client id (a privacy reset) is a new GA4 user, whose first
  /// event starts a session of its own.
  var sessionRules: SessionRules {
    SessionRules(
      timeout: sessionTimeout, idUnit: .seconds, continuesInForeground: true, endsWhenAnonymousIdChanges: true)
  }
}

/// What ``setUserProperties(_:of:refusing:)`` did: the issue of a set refused whole, or the new names it
/// ignored past 25 and the names set before.
private struct UserPropertiesOutcome {
  var issues: [ValidationIssue] = []
  var ignored: [String] = []
  var existing: [String] = []
}

/// Sets `properties` on the identity's user properties. A `.null` member clears its property first, so it
/// makes room for the others. Past 25, as Firebase (error code 9): the new names past the 25th, in name
/// order, are ignored and the rest applied; `refusing` (`invalidEvents = .refuse`): all or none, the
/// identity unchanged and the issue returned.
private func setUserProperties<Derived>(
  _ properties: [String: PropertyValue], of identity: inout IdentityStore<Derived>.Identity, refusing: Bool
) -> UserPropertiesOutcome {
  var kept = identity.userProperties
  var setting: [String: PropertyValue] = [:]
  for (name, value) in properties {
    if case .null = value { kept[name] = nil } else { setting[name] = value }
  }
  let new = setting.keys.filter { kept[$0] == nil }.sorted()
  let room = max(0, GoogleAnalyticsLimits.userProperties - kept.count)
  guard new.count > room else {
    kept.merge(setting) { _, new in new }
    identity.userProperties = kept
    return UserPropertiesOutcome()
  }
  if refusing { return UserPropertiesOutcome(issues: [userPropertyCountIssue(adding: new, existing: kept.keys)]) }
  var outcome = UserPropertiesOutcome(existing: kept.keys.sorted())
  outcome.ignored = Array(new.dropFirst(room))
  for name in outcome.ignored { setting[name] = nil }
  kept.merge(setting) { _, new in new }
  identity.userProperties = kept
  return outcome
}

/// The GA4 rule that needs the identity: at most 25 user properties per request.
func userPropertyCountIssue(name: String, existing: Dictionary<String, PropertyValue>.Keys) -> ValidationIssue {
  ValidationIssue(
    vendor: "GA4", rule: "user-property-count",
    message: "user property '\(name)' would be the \(existing.count + 1)th; GA4 keeps at most "
      + "\(GoogleAnalyticsLimits.userProperties) per request (set: \(existing.sorted().joined(separator: ", ")))"
  )
}

/// The same rule for a set of user properties: `adding` are the names the identity has no value for yet.
func userPropertyCountIssue(adding: [String], existing: Dictionary<String, PropertyValue>.Keys) -> ValidationIssue {
  let total = existing.count + adding.count
  return ValidationIssue(
    vendor: "GA4", rule: "user-property-count",
    message: "user properties \(adding.sorted().joined(separator: ", ")) would make \(total); GA4 keeps at most "
      + "\(GoogleAnalyticsLimits.userProperties) per request, \(total - GoogleAnalyticsLimits.userProperties) over "
      + "(set: \(existing.sorted().joined(separator: ", "))). None of the set was kept. To fix this, send fewer "
      + "user properties to GA4")
}

/// The repair of a set past GA4's 25 user properties: what Firebase ignored (error code 9), the rest applied.
func userPropertyCountRepair(ignored: [String], existing: [String]) -> ValidationIssue {
  ValidationIssue(
    vendor: "GA4", rule: "user-property-count",
    message: "user properties \(ignored.joined(separator: ", ")) ignored: they would make more than "
      + "\(GoogleAnalyticsLimits.userProperties) (set: \(existing.joined(separator: ", "))), and Firebase Analytics "
      + "ignores such a change (error code 9); the others of the set were applied (rule user-property-count)")
}

/// Counts and reports what this module could not send.
let googleAnalyticsModule = VendorModule(
  name: "GoogleAnalyticsTracker",
  vendor: "GA4",
  configuration: #"GoogleAnalyticsTracker.Current = try .live(.init(measurementId: "G-XXXXXXX", apiSecret: "<secret>"))"#
)

let current = CurrentEnvironment(GoogleAnalyticsEnvironment.notConfigured)

/// The module's environment, read on every event. Starts not configured (events are dropped and counted,
/// with one warning); set it once at launch with `.live(_:)`; tests
/// assign it inside `withIsolatedEnvironments`.
public var Current: GoogleAnalyticsEnvironment {
  get { current.value }
  set { current.value = newValue }
}

/// GA4 requires a `client_id` (`app_instance_id` for an app stream), which a server can't know: an event
/// about a subject without an anonymous id is refused.
let subjectClientIdIssue = ValidationIssue(
  vendor: "GA4", rule: "subject-client-id-required",
  message: "an event about a subject needs the subject's anonymousId (rule subject-client-id-required): GA4 "
    + "requires the client_id of the browser (a web stream; the app_instance_id of an app stream), which a "
    + "server can't make up. Read it from the request: the part after \"GA1.1.\" of the _ga cookie "
    + "(GA1.1.1234567890.1700000000 gives 1234567890.1700000000), or have the app send its app_instance_id.")

/// How far back GA4 takes an event's `timestamp_micros`: "up to 3 calendar days" (the Measurement Protocol
/// reference); 72 hours, the safe reading.
let subjectBackdating: TimeInterval = 72 * 3600

/// GA4 ignores an event dated more than 72 hours back, answering 2xx: a subject's older timestamp is refused.
func subjectTimestampIssue(_ timestamp: Date) -> ValidationIssue {
  ValidationIssue(
    vendor: "GA4", rule: "subject-timestamp-range",
    message: "the subject's timestamp \(timestamp) is more than 72 hours ago (rule subject-timestamp-range): GA4 "
      + "takes events backdated up to 3 days only and drops older ones without an error. To fix this, send the "
      + "event when it happens, or leave the timestamp out.")
}
