import Foundation
import Trackers
import TrackersDelivery

/// How the live Mixpanel environment reaches your project: token or service account and region, plus the
/// ``TrackersDelivery/DeliveryOptions`` every vendor module shares (storage, batching, transport, privacy,
/// clock), read and written as this type's own fields.
///
/// ```swift
/// MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: "0123abcd...", privacy: consent.registry))
/// ```
///
/// Credentials travel in the `Authorization` header, which request descriptions and reports redact; this
/// type's `description` hides them too.
///
/// IP location: Mixpanel derives city, region and country from the IP address of each `/import` and
/// `/engage` request unless told not to (docs.mixpanel.com, "Geolocation"). With
/// ``TrackersDelivery/DeliveryOptions/ipLocation`` `.suppressed` (the default) both endpoints get `ip=0`,
/// the switch Mixpanel's SDKs send; `.vendorDefault` sends `ip=1`.
public struct MixpanelConfiguration: VendorConfiguration, CustomStringConvertible {
  /// The name this module's consent and data are kept under: the destination an app names to a
  /// `ConsentStore` or `PrivacyRegistry`, instead of the literal `"Mixpanel"`.
  ///
  /// ```swift
  /// consent.deny(destination: MixpanelConfiguration.consentDestination)
  /// ```
  public static let consentDestination = "Mixpanel"

  /// Where the project's data lives.
  public enum Region: Sendable, Hashable {
    /// `api.mixpanel.com`.
    case us
    /// `api-eu.mixpanel.com` (EU Data Residency).
    case eu
    /// `api-in.mixpanel.com` (India Data Residency).
    case india
    /// Another host (a proxy, or a loopback collector in tests).
    case custom(URL)

    /// The host's URL.
    public var url: URL {
      switch self {
      case .us: URL(string: "https://api.mixpanel.com")!
      case .eu: URL(string: "https://api-eu.mixpanel.com")!
      case .india: URL(string: "https://api-in.mixpanel.com")!
      case let .custom(url): url
      }
    }
  }

  /// How `/import` authenticates.
  public enum Authentication: Sendable, Hashable {
    /// The project token as the Basic user with an empty password.
    case projectToken
    /// A service account (Basic user and secret) and the project id, sent as `project_id`.
    case serviceAccount(username: String, secret: String, projectId: String)
  }

  /// The project token; also sent as `$token` in profile updates.
  public var projectToken: String
  /// How `/import` authenticates.
  public var authentication: Authentication
  /// The data residency region.
  public var region: Region
  /// Storage, batching (at most 2000 events per request, Mixpanel's limit; the queue backs off from 2 s to
  /// 60 s, as Mixpanel asks for 429s), transport, privacy and clock.
  public var options: DeliveryOptions

  /// A configuration with the defaults.
  public init(
    projectToken: String,
    authentication: Authentication = .projectToken,
    region: Region = .us,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "MixpanelTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.projectToken = projectToken
    self.authentication = authentication
    self.region = region
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: MixpanelLimits.eventsPerRequest, privacy: privacy)
  }

  /// The region and storage; never the token or the secret.
  public var description: String {
    "MixpanelConfiguration(region: \(region), projectToken: \(Redaction.placeholder), storage: \(options.storageDirectory.path))"
  }
}
