import Foundation
import Trackers
import TrackersDelivery

/// How the live PostHog environment reaches your project: api key and cloud region or own host, plus the
/// ``TrackersDelivery/DeliveryOptions`` every vendor module shares (storage, batching, transport, privacy,
/// clock), read and written as this type's own fields.
///
/// ```swift
/// PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_..."))
/// PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", host: .eu))
/// PostHogTracker.Current = try .live(PostHogConfiguration(apiKey: "phc_...", host: .selfHosted(URL(string: "https://ph.example.com")!)))
/// ```
///
/// Events go to the batch endpoint (`POST /batch/`). The project api key travels in the JSON body; it is
/// meant to be public, but this module still never logs it: request descriptions and reports go through
/// ``TrackersDelivery/Redaction``, and this type's own `description` hides it.
public struct PostHogConfiguration: VendorConfiguration, CustomStringConvertible {
  /// Where the project lives.
  public enum Host: Sendable, Hashable {
    /// PostHog Cloud US: `https://us.i.posthog.com`.
    case us
    /// PostHog Cloud EU: `https://eu.i.posthog.com`.
    case eu
    /// A self-hosted instance (or a loopback collector in tests); the path stays `/batch/`.
    case selfHosted(URL)

    /// The host's URL.
    public var url: URL {
      switch self {
      case .us: URL(string: "https://us.i.posthog.com")!
      case .eu: URL(string: "https://eu.i.posthog.com")!
      case let .selfHosted(url): url
      }
    }
  }

  /// The project api key (`phc_...`, Project settings > Project API key).
  public var apiKey: String
  /// The cloud region or own host.
  public var host: Host
  /// Storage, batching, transport, privacy and clock.
  ///
  /// IP location: PostHog enriches events and persons with GeoIP data from the event's `$ip` or the
  /// address the request came from, unless the event has `"$geoip_disable": true` (the property its
  /// SDKs send for `disableGeoip`). With ``TrackersDelivery/DeliveryOptions/ipLocation`` `.suppressed`
  /// (the default) every event carries it; `.vendorDefault` leaves it out.
  public var options: DeliveryOptions
  /// When a `$session_id` ends: posthog-ios's rules by default, 30 minutes without activity (an event, or
  /// a transition to or from the background) and at most 24 hours; a new anonymous id (reset, sign-out)
  /// starts a new one, an identify doesn't. Each session's id is a version 7 UUID.
  public var session = SessionRules(
    timeout: .seconds(30 * 60), maxLength: .seconds(24 * 60 * 60), idUnit: .milliseconds, makesUUID: true,
    endsWhenAnonymousIdChanges: true)

  /// A configuration with the defaults.
  public init(
    apiKey: String,
    host: Host = .us,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "PostHogTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.apiKey = apiKey
    self.host = host
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: PostHogLimits.eventsPerRequest, privacy: privacy)
  }

  /// The host and storage; never the api key.
  public var description: String {
    "PostHogConfiguration(apiKey: \(Redaction.placeholder), host: \(host), storage: \(options.storageDirectory.path))"
  }
}
