import Foundation
import Trackers
import TrackersDelivery

/// Everything ``googleAnalyticsTracker`` needs from the outside world: `send`, `flush`, `close` and
/// `counters`, with `.live(_:)`, `.mock`, `.unimplemented` and `.notConfigured`; tests swap it through
/// ``Current``.
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
public typealias Environment = VendorEnvironment<GoogleAnalyticsEvent>

extension GoogleAnalyticsEvent: VendorEvent {
  /// This module's counters and messages.
  public static var vendorModule: VendorModule { GoogleAnalyticsTracker.vendorModule }
}

extension Environment {
  /// Delivers to GA4 through a durable queue in the configuration's storage directory: events are queued
  /// per client and user id; `.userId` and `.userProperty` update the persisted identity that the
  /// following requests carry. With a privacy registry, nothing is sent before consent for "GA4".
  ///
  /// Call it once per process, at launch, before the first event. Throws when the storage directory can't
  /// be created or read.
  public static func live(_ configuration: Configuration) throws -> Environment {
    let stream = configuration.stream
    let now = configuration.now
    return try live(
      options: configuration.options,
      destination: Destination(configuration),
      derive: { identity in WireFormat.envelope(for: identity, stream: stream) }
    ) { delivery in
      return { event in
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
      }
    }
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
/// with one warning); set it once at launch with `.live(_:)`; tests
/// assign it inside `withIsolatedEnvironments`.
public var Current: Environment {
  get { current.value }
  set { current.value = newValue }
}
