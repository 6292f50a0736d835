import Foundation
import Trackers
import TrackersDelivery

/// How the live Segment environment reaches your source: write key and region, plus the
/// ``TrackersDelivery/DeliveryOptions`` every vendor module shares (storage, batching, transport, privacy,
/// clock), read and written as this type's own fields.
///
/// ```swift
/// SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment))
/// SegmentTracker.Current = try .live(SegmentConfiguration(writeKey: secrets.segment, region: .eu))
/// ```
///
/// Messages go to the HTTP Tracking API's batch endpoint (`POST /v1/batch`). The write key travels in an
/// `Authorization: Basic` header by default, or in the body; either way this module never logs it: request
/// descriptions and reports go through ``TrackersDelivery/Redaction``, and this type's own `description`
/// hides it.
public struct SegmentConfiguration: VendorConfiguration, CustomStringConvertible {
  /// The name this module's consent and data are kept under: the destination an app names to a
  /// `ConsentStore` or `PrivacyRegistry`, instead of the literal `"Segment"`.
  ///
  /// ```swift
  /// consent.deny(destination: SegmentConfiguration.consentDestination)
  /// ```
  public static let consentDestination = "Segment"

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
  /// Storage, batching (`maxEventsPerRequest`: messages per request, at most 2500, Segment's limit),
  /// transport, privacy and clock.
  ///
  /// IP location: Segment records the address a message came from as `context.ip` unless the message
  /// has one, and its destinations locate users by it (Segment Spec, "Common fields": `context.ip`). With
  /// ``TrackersDelivery/DeliveryOptions/ipLocation`` `.suppressed` (the default) every message's `context`
  /// carries `"ip": "0.0.0.0"`; `.vendorDefault` leaves `ip` out of it.
  public var options: DeliveryOptions

  /// A configuration with the defaults.
  public init(
    writeKey: String,
    region: Region = .us,
    authentication: Authentication = .basicHeader,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "SegmentTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.writeKey = writeKey
    self.region = region
    self.authentication = authentication
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: SegmentLimits.messagesPerRequest, privacy: privacy)
  }

  /// The region and storage; never the write key.
  public var description: String {
    "SegmentConfiguration(writeKey: \(Redaction.placeholder), region: \(region), "
      + "authentication: \(authentication), storage: \(options.storageDirectory.path))"
  }
}
