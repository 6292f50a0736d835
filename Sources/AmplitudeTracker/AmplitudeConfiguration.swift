import Foundation
import Trackers
import TrackersDelivery

/// How the live Amplitude environment reaches your project: api key and data center, plus the
/// ``TrackersDelivery/DeliveryOptions`` every vendor module shares (storage, batching, transport, privacy,
/// clock), read and written as this type's own fields.
///
/// ```swift
/// AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude))
/// AmplitudeTracker.Current = try .live(AmplitudeConfiguration(apiKey: secrets.amplitude, region: .eu))
/// ```
///
/// Events go to the HTTP V2 API (`POST /2/httpapi`), Amplitude's endpoint for near-real-time events from
/// apps: it keeps each device's events in order, and it answers a bad event with the indices of the events
/// it refused, so the others are resent instead of lost. The Batch Event Upload API (`/batch`) is for
/// backfills and server pipelines above 30 events per second per device, which an app does not send.
///
/// The api key travels in the JSON body (that is the protocol); this module never logs it: request
/// descriptions and reports go through ``TrackersDelivery/Redaction``, and this type's own `description`
/// hides it.
public struct AmplitudeConfiguration: VendorConfiguration, CustomStringConvertible {
  /// The name this module's consent and data are kept under: the destination an app names to a
  /// `ConsentStore` or `PrivacyRegistry`, instead of the literal `"Amplitude"`.
  ///
  /// ```swift
  /// consent.deny(destination: AmplitudeConfiguration.consentDestination)
  /// ```
  public static let consentDestination = "Amplitude"

  /// Where the project's data lives.
  public enum Region: Sendable, Hashable {
    /// `https://api2.amplitude.com`.
    case standard
    /// `https://api.eu.amplitude.com`, for projects in Amplitude's EU data center.
    case eu
    /// Another host (a proxy, or a loopback collector in tests); the path stays `/2/httpapi`.
    case custom(URL)

    /// The host's URL.
    public var host: URL {
      switch self {
      case .standard: URL(string: "https://api2.amplitude.com")!
      case .eu: URL(string: "https://api.eu.amplitude.com")!
      case let .custom(url): url
      }
    }
  }

  /// The project's API key (Settings > Projects > General).
  public var apiKey: String
  /// The data center, or a custom host.
  public var region: Region
  /// Storage, batching (at most 1999 events per request, Amplitude's limit; Starter plans are asked to
  /// send at most 10), transport, privacy and clock.
  ///
  /// IP location: Amplitude locates a user by the event's `ip` field; `"$remote"` means the address the
  /// request came from, and an event without it is not located by IP (HTTP V2 API, "ip" key). With
  /// ``TrackersDelivery/DeliveryOptions/ipLocation`` `.suppressed` (the default) no `ip` is sent;
  /// `.vendorDefault` sends `"ip": "$remote"`, as Amplitude's SDKs do.
  public var options: DeliveryOptions
  /// When a `session_id` ends: Amplitude-Swift's rules by default, 5 minutes without activity, where the
  /// app in the foreground counts as activity (with a ``TrackersDelivery/DeliveryOptions/lifecycle``);
  /// a sign-in, sign-out or reset keeps the session. The id is the session's start in milliseconds.
  public var session = SessionRules(timeout: .seconds(5 * 60), idUnit: .milliseconds, continuesInForeground: true)
  /// Whether a new session sends `session_end` (for the previous session) and `session_start`, as
  /// Amplitude-Swift does by default (`autocapture: .sessions`); `true` unless you turn it off.
  public var sendsSessionEvents = true

  /// A configuration with the defaults.
  public init(
    apiKey: String,
    region: Region = .standard,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "AmplitudeTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.apiKey = apiKey
    self.region = region
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: AmplitudeLimits.eventsPerRequest, privacy: privacy)
  }

  /// The region and storage; never the api key.
  public var description: String {
    "AmplitudeConfiguration(apiKey: \(Redaction.placeholder), region: \(region), storage: \(options.storageDirectory.path))"
  }
}
