import Foundation
import Trackers
import TrackersDelivery

/// How the live Amplitude environment reaches your project: api key, data center, storage and batching.
///
/// ```swift
/// AmplitudeTracker.Current = try .live(Configuration(apiKey: secrets.amplitude))
/// AmplitudeTracker.Current = try .live(Configuration(apiKey: secrets.amplitude, region: .eu))
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
public struct Configuration: Sendable, CustomStringConvertible {
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
  /// Where the device id and the queue live; one directory per module and project.
  public var storageDirectory: URL
  /// At most 1999 (Amplitude's limit). Starter plans are asked to send at most 10 per request.
  public var maxEventsPerRequest: Int
  /// How long an event may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The HTTP client; tests point it at a loopback collector.
  public var transport: any HTTPTransport
  /// Changes to the queue's defaults (pending bytes, attempts, backoff).
  public var delivery: @Sendable (inout DeliveryConfiguration) -> Void
  /// Receives the queue's reports; `nil` logs failures to ``Trackers/LogSink/default``.
  public var onReport: (@Sendable (DeliveryReport) -> Void)?
  /// The clock that stamps `time`.
  public var now: @Sendable () -> Date

  /// A configuration with the defaults.
  public init(
    apiKey: String,
    region: Region = .standard,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "AmplitudeTracker")
  ) {
    self.apiKey = apiKey
    self.region = region
    self.storageDirectory = storageDirectory
    self.maxEventsPerRequest = AmplitudeLimits.eventsPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
  }

  /// The region and storage; never the api key.
  public var description: String {
    "AmplitudeTracker.Configuration(apiKey: \(Redaction.placeholder), region: \(region), storage: \(storageDirectory.path))"
  }
}
