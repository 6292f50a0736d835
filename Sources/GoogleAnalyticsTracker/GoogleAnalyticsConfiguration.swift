import Foundation
import Trackers
import TrackersDelivery

/// How the live GA4 environment reaches your property: stream ids, secret and host, plus the
/// ``TrackersDelivery/DeliveryOptions`` every vendor module shares (storage, batching, transport, privacy,
/// clock), read and written as this type's own fields.
///
/// ```swift
/// GoogleAnalyticsTracker.Current = try .live(
///   GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4, privacy: consent.registry)
/// )
/// ```
///
/// The api secret travels in the request's query string (that is the protocol); this module never logs it:
/// request descriptions and reports go through ``TrackersDelivery/Redaction``, and this type's own
/// `description` hides it.
///
/// IP location: the Measurement Protocol has no switch for it. This module sends neither `ip_override`
/// nor `user_location`, and GA4 does not log or store IP addresses; to keep collection in the EU, use
/// `https://region1.google-analytics.com` as ``host``. ``TrackersDelivery/DeliveryOptions/ipLocation``
/// changes nothing here.
public struct GoogleAnalyticsConfiguration: VendorConfiguration, CustomStringConvertible {
  /// The name this module's consent and data are kept under: the destination an app names to a
  /// `ConsentStore` or `PrivacyRegistry`, instead of the literal `"GA4"`.
  ///
  /// ```swift
  /// consent.deny(destination: GoogleAnalyticsConfiguration.consentDestination)
  /// ```
  public static let consentDestination = "GA4"

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
  /// How long without events ends a session: the next event starts a new one, with a new `session_id`.
  /// 30 minutes, GA4's default; set it to the session timeout of your GA4 data stream if you changed that
  /// (Admin > Data streams > Configure tag settings > Adjust session timeout).
  ///
  /// ```swift
  /// configuration.sessionTimeout = .seconds(60 * 60)
  /// ```
  public var sessionTimeout: Duration
  /// How the app's names reach GA4: ``GoogleAnalyticsNaming/asGiven`` (the default);
  /// ``GoogleAnalyticsNaming/keepingAcceptedNames``, which keeps every name GA4 accepts as it is and adapts
  /// only those it refuses (`Sign In` becomes `Sign_In`), the naming for a team migrating from the Firebase
  /// SDK; or ``GoogleAnalyticsNaming/snakeCase``, which makes every name snake case (`Product Added` becomes
  /// `product_added`). Both adapting namings turn Booleans into 1 or 0, once per distinct name, before
  /// validation.
  ///
  /// ```swift
  /// configuration.naming = .snakeCase
  /// ```
  public var naming: GoogleAnalyticsNaming
  /// Storage, batching (at most 25 events per request, GA4's limit), transport, privacy and clock.
  public var options: DeliveryOptions

  /// A web stream configuration with the defaults.
  public init(
    measurementId: String,
    apiSecret: String,
    host: URL = URL(string: "https://www.google-analytics.com")!,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "GoogleAnalyticsTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.init(
      stream: .web(measurementId: measurementId), apiSecret: apiSecret, host: host,
      storageDirectory: storageDirectory, privacy: privacy)
  }

  /// A configuration for any stream with the defaults.
  public init(
    stream: Stream,
    apiSecret: String,
    host: URL = URL(string: "https://www.google-analytics.com")!,
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "GoogleAnalyticsTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.stream = stream
    self.apiSecret = apiSecret
    self.host = host
    self.useValidationServer = false
    self.sessionTimeout = .seconds(30 * 60)
    self.naming = .asGiven
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: GoogleAnalyticsLimits.eventsPerRequest,
      privacy: privacy)
  }

  /// The stream, host and storage; never the secret.
  public var description: String {
    "GoogleAnalyticsConfiguration(stream: \(stream), apiSecret: \(Redaction.placeholder), host: \(host), "
      + "storage: \(options.storageDirectory.path))"
  }
}
