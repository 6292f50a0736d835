import Foundation
import Trackers
import TrackersDelivery

/// How the live Mixpanel environment reaches your project: token or service account, region, storage and
/// batching.
///
/// ```swift
/// MixpanelTracker.Current = try .live(Configuration(projectToken: "0123abcd..."))
/// ```
///
/// Credentials travel in the `Authorization` header, which request descriptions and reports redact; this
/// type's `description` hides them too.
public struct Configuration: Sendable, CustomStringConvertible {
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
  /// Where the device id, user id and queue live; one directory per module and project.
  public var storageDirectory: URL
  /// At most 2000 (Mixpanel's limit).
  public var maxEventsPerRequest: Int
  /// How long an event may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The HTTP client; tests point it at a loopback collector.
  public var transport: any HTTPTransport
  /// Changes to the queue's defaults. The defaults back off from 2 s to 60 s, as Mixpanel asks for 429s.
  public var delivery: @Sendable (inout DeliveryConfiguration) -> Void
  /// Receives the queue's reports; `nil` logs failures to ``Trackers/LogSink/default``.
  public var onReport: (@Sendable (DeliveryReport) -> Void)?
  /// The clock that stamps `time`.
  public var now: @Sendable () -> Date

  /// A configuration with the defaults.
  public init(
    projectToken: String,
    authentication: Authentication = .projectToken,
    region: Region = .us,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "MixpanelTracker")
  ) {
    self.projectToken = projectToken
    self.authentication = authentication
    self.region = region
    self.storageDirectory = storageDirectory
    self.maxEventsPerRequest = MixpanelLimits.eventsPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
  }

  /// The region and storage; never the token or the secret.
  public var description: String {
    "MixpanelTracker.Configuration(region: \(region), projectToken: \(Redaction.placeholder), storage: \(storageDirectory.path))"
  }
}
