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
  /// following requests carry. With a privacy registry, nothing is sent before consent for "GA4".
  ///
  /// Each event gets the `session_id` and `engagement_time_msec` GA4 needs to show it in Realtime, unless it
  /// sets them itself: a session ends after ``GoogleAnalyticsConfiguration/sessionTimeout`` without events, when the user
  /// id changes, and on a privacy reset; it is saved with the identity, so a relaunch within the timeout
  /// continues it.
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: GoogleAnalyticsConfiguration) throws -> GoogleAnalyticsEnvironment {
    let stream = configuration.stream
    let now = configuration.now
    return try live(
      options: configuration.options,
      destination: GoogleAnalyticsDestination(configuration),
      session: configuration.sessionRules,
      derive: { identity, context in WireFormat.envelope(for: identity, context: context, stream: stream) }
    ) { delivery, session in
      return { event in
        switch event {
        case let .event(name, params):
          let date = now()
          let (identity, envelope) = delivery.identity.current
          // GA4 has no dedup field; the id only identifies the record in the queue.
          delivery.enqueue(
            WireFormat.event(
              name: name, params: params, at: date,
              session: session.stamp(at: date, anonymousId: identity.anonymousId, userId: identity.userId)),
            id: RecordID(),
            partition: envelope,
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
          // Another user id ends the session (`SessionRules.endsWhenUserChanges`), with the next event or,
          // after a relaunch, by the owner saved with the session.
          delivery.updateIdentity(event: event.description) { identity in
            identity.userId = id
            return []
          }
        }
      }
    }
  }
}

extension GoogleAnalyticsConfiguration {
  /// GA4's session rules: ``sessionTimeout`` without activity (the app in the foreground counts as
  /// activity, as Firebase counts engagement, when a lifecycle is configured), and a new session for
  /// another user id or a new anonymous id. The id is the start in seconds, like gtag's `ga_session_id`.
  var sessionRules: SessionRules {
    SessionRules(
      timeout: sessionTimeout, idUnit: .seconds, continuesInForeground: true, endsWhenUserChanges: true,
      endsWhenAnonymousIdChanges: true)
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
