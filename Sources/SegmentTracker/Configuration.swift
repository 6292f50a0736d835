import Foundation
import Trackers
import TrackersDelivery

/// How the live Segment environment reaches your source: write key, region, storage and batching.
///
/// ```swift
/// SegmentTracker.Current = try .live(Configuration(writeKey: secrets.segment))
/// SegmentTracker.Current = try .live(Configuration(writeKey: secrets.segment, region: .eu))
/// ```
///
/// Messages go to the HTTP Tracking API's batch endpoint (`POST /v1/batch`). The write key travels in an
/// `Authorization: Basic` header by default, or in the body; either way this module never logs it: request
/// descriptions and reports go through ``TrackersDelivery/Redaction``, and this type's own `description`
/// hides it.
public struct Configuration: Sendable, CustomStringConvertible {
  /// Where the workspace lives.
  public enum Region: Sendable, Hashable {
    /// `https://api.segment.io`.
    case us
    /// `https://events.eu1.segmentapis.com`, for EU workspaces: the US host answers 200 to their events
    /// and loses them.
    case eu
    /// Another host (a proxy, or a loopback collector in tests); the path stays `/v1/batch`.
    case custom(URL)

    /// The host's URL.
    public var host: URL {
      switch self {
      case .us: URL(string: "https://api.segment.io")!
      case .eu: URL(string: "https://events.eu1.segmentapis.com")!
      case let .custom(url): url
      }
    }
  }

  /// Where the write key travels.
  public enum Authentication: Sendable, Hashable {
    /// `Authorization: Basic base64("<write key>:")`.
    case basicHeader
    /// `"writeKey"` in the JSON body.
    case bodyWriteKey
  }

  /// The source's write key.
  public var writeKey: String
  /// The region, or a custom host.
  public var region: Region
  /// Where the write key travels; the header by default.
  public var authentication: Authentication
  /// Where the anonymous id and the queue live; one directory per module and source.
  public var storageDirectory: URL
  /// At most 2500 (Segment's limit).
  public var maxMessagesPerRequest: Int
  /// How long a message may wait for a batch to fill before it is sent anyway.
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
    writeKey: String,
    region: Region = .us,
    authentication: Authentication = .basicHeader,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "SegmentTracker")
  ) {
    self.writeKey = writeKey
    self.region = region
    self.authentication = authentication
    self.storageDirectory = storageDirectory
    self.maxMessagesPerRequest = SegmentLimits.messagesPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
  }

  /// The region and storage; never the write key.
  public var description: String {
    "SegmentTracker.Configuration(writeKey: \(Redaction.placeholder), region: \(region), "
      + "authentication: \(authentication), storage: \(storageDirectory.path))"
  }
}
