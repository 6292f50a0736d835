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
  /// The name this module's consent and data are kept under: the destination an app names to a
  /// `ConsentStore` or `PrivacyRegistry`, instead of the literal `"PostHog"`.
  ///
  /// ```swift
  /// consent.deny(destination: PostHogConfiguration.consentDestination)
  /// ```
  public static let consentDestination = "PostHog"

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

  /// Which events create and update person profiles, as posthog-ios 3.x's `PostHogConfig.personProfiles`
  /// decides it; each event says so in `$process_person_profile` (posthog.com/docs/data/persons,
  /// "Anonymous vs identified events").
  public enum PersonProfiles: Sendable, Hashable {
    /// Never: every event carries `"$process_person_profile": false`, and what only a person has is not
    /// sent: person properties (`.userProperty`, `.userProperties`, `.profile`), `.alias` and `.group` are
    /// counted in ``TrackersDelivery/TrackerCounters/unsupportedByKind`` (kind `$set`, `$create_alias` or
    /// `$groupidentify` with "(personProfiles .never)"), and a sign-in changes the `distinct_id` of later
    /// events without a `$identify` (PostHog refuses `$identify` without person processing). posthog-ios
    /// ignores those calls.
    case never
    /// Always: every event carries `"$process_person_profile": true`, so anonymous users get a person
    /// profile too (what this module did before it had this setting, leaving the property out).
    case always
    /// Only for identified users, posthog-ios's default: events carry `"$process_person_profile": false`
    /// until the user signs in (`.userId`), or this device's anonymous person gets a person operation
    /// (`.alias`, `.group`, person properties), and `true` from then on, until a sign-out starts a new
    /// anonymous id, as posthog-ios's `reset()` does.
    case identifiedOnly
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

  /// Which events create and update person profiles: ``PersonProfiles/identifiedOnly`` by default, as
  /// posthog-ios 3.x has it.
  ///
  /// ```swift
  /// var configuration = PostHogConfiguration(apiKey: "phc_...")
  /// configuration.personProfiles = .always   // a profile for anonymous users too
  /// ```
  public var personProfiles: PersonProfiles = .identifiedOnly

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
