import Foundation
import Trackers
import TrackersDelivery

/// How the live PostHog environment reaches your project: api key, cloud region or own host, storage and
/// batching.
///
/// ```swift
/// PostHogTracker.Current = try .live(Configuration(apiKey: "phc_..."))
/// PostHogTracker.Current = try .live(Configuration(apiKey: "phc_...", host: .eu))
/// PostHogTracker.Current = try .live(Configuration(apiKey: "phc_...", host: .selfHosted(URL(string: "https://ph.example.com")!)))
/// ```
///
/// Events go to the batch endpoint (`POST /batch/`). The project api key travels in the JSON body; it is
/// meant to be public, but this module still never logs it: request descriptions and reports go through
/// ``TrackersDelivery/Redaction``, and this type's own `description` hides it.
public struct Configuration: Sendable, CustomStringConvertible {
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
  /// Where the anonymous id and the queue live; one directory per module and project.
  public var storageDirectory: URL
  /// Events per request.
  public var maxEventsPerRequest: Int
  /// How long an event may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The HTTP client; tests point it at a loopback collector.
  public var transport: any HTTPTransport
  /// Changes to the queue's defaults (pending bytes, attempts, backoff).
  public var delivery: @Sendable (inout DeliveryConfiguration) -> Void
  /// Receives the queue's reports; `nil` logs failures to ``Trackers/LogSink/default``.
  public var onReport: (@Sendable (DeliveryReport) -> Void)?
  /// The clock that stamps `timestamp`.
  public var now: @Sendable () -> Date

  /// A configuration with the defaults.
  public init(
    apiKey: String,
    host: Host = .us,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "PostHogTracker")
  ) {
    self.apiKey = apiKey
    self.host = host
    self.storageDirectory = storageDirectory
    self.maxEventsPerRequest = PostHogLimits.eventsPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
  }

  /// The host and storage; never the api key.
  public var description: String {
    "PostHogTracker.Configuration(apiKey: \(Redaction.placeholder), host: \(host), storage: \(storageDirectory.path))"
  }
}
