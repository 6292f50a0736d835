import Foundation
import Trackers
import TrackersDelivery

/// How the live GA4 environment reaches your property: stream ids, secret, host, storage and batching.
///
/// ```swift
/// GoogleAnalyticsTracker.Current = try .live(
///   Configuration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4)
/// )
/// ```
///
/// The api secret travels in the request's query string (that is the protocol); this module never logs it:
/// request descriptions and reports go through ``TrackersDelivery/Redaction``, and this type's own
/// `description` hides it.
public struct Configuration: Sendable, CustomStringConvertible {
  /// Which kind of GA4 data stream receives the events.
  public enum Stream: Sendable, Hashable {
    /// A web stream: `measurement_id` in the query, the persisted anonymous id as `client_id`.
    case web(measurementId: String)
    /// A Firebase app stream: `firebase_app_id` in the query, `app_instance_id` in the body. The app
    /// instance id comes from the Firebase SDK (`Analytics.appInstanceID()`); GA4 ignores made-up ones.
    case app(firebaseAppId: String, appInstanceId: String)
  }

  /// The data stream.
  public var stream: Stream
  /// The Measurement Protocol API secret (Admin > Data streams > Measurement Protocol API secrets).
  public var apiSecret: String
  /// `https://www.google-analytics.com`; `https://region1.google-analytics.com` keeps collection in the EU.
  public var host: URL
  /// Sends to `/debug/mp/collect`, which answers with validation messages instead of recording events:
  /// for a check while integrating, never in production.
  public var useValidationServer: Bool
  /// Where the anonymous id and the queue live; one directory per module and property.
  public var storageDirectory: URL
  /// At most 25 (GA4's limit); lower values send smaller requests.
  public var maxEventsPerRequest: Int
  /// How long an event may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The HTTP client; tests point it at a loopback collector.
  public var transport: any HTTPTransport
  /// Changes to the queue's defaults (pending bytes, attempts, backoff).
  public var delivery: @Sendable (inout DeliveryConfiguration) -> Void
  /// Receives the queue's reports; `nil` logs failures to ``Trackers/LogSink/default``.
  public var onReport: (@Sendable (DeliveryReport) -> Void)?
  /// The clock that stamps `timestamp_micros`.
  public var now: @Sendable () -> Date

  /// A web stream configuration with the defaults.
  public init(
    measurementId: String,
    apiSecret: String,
    host: URL = URL(string: "https://www.google-analytics.com")!,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "GoogleAnalyticsTracker")
  ) {
    self.init(stream: .web(measurementId: measurementId), apiSecret: apiSecret, host: host,
      storageDirectory: storageDirectory)
  }

  /// A configuration for any stream with the defaults.
  public init(
    stream: Stream,
    apiSecret: String,
    host: URL = URL(string: "https://www.google-analytics.com")!,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "GoogleAnalyticsTracker")
  ) {
    self.stream = stream
    self.apiSecret = apiSecret
    self.host = host
    self.useValidationServer = false
    self.storageDirectory = storageDirectory
    self.maxEventsPerRequest = GoogleAnalyticsLimits.eventsPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
  }

  /// The stream, host and storage; never the secret.
  public var description: String {
    "GoogleAnalyticsTracker.Configuration(stream: \(stream), apiSecret: \(Redaction.placeholder), host: \(host), "
      + "storage: \(storageDirectory.path))"
  }
}
