import Foundation
import Trackers
import TrackersDelivery

/// How the live TelemetryDeck environment reaches your app: its app ID, an optional namespace, the salt of
/// the user hashes and test mode, plus the ``TrackersDelivery/DeliveryOptions`` every vendor module shares
/// (storage, batching, transport, privacy, clock), read and written as this type's own fields.
///
/// ```swift
/// TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-..."))
/// TelemetryDeckTracker.Current = try .live(TelemetryDeckConfiguration(appID: "8BADF00D-...", namespace: "com.example"))
/// ```
///
/// Signals go to `POST /v2/` (or `/v2/namespace/<namespace>/`). There is no api key: the app ID travels
/// in each signal, as the SDK sends it. The salt never leaves the device, and this type's `description`
/// hides it.
public struct TelemetryDeckConfiguration: VendorConfiguration, CustomStringConvertible {
  /// The app's ID (TelemetryDeck Dashboard > App Settings), sent in each signal's `appID`.
  public var appID: String
  /// The organization's namespace: when set (and not empty), signals go to `/v2/namespace/<namespace>/`, as
  /// the SDK sends them when its `namespace` is configured; `nil` sends to `/v2/`.
  public var namespace: String?
  /// Appended to each user id (or anonymous id) before it is hashed into `clientUser`, as the SDK's
  /// `salt`; empty by default. Once set, keep it: another salt makes every user a new one.
  public var salt: String
  /// Whether signals are marked as test signals (`"isTestMode": "true"`), shown only in the dashboard's
  /// test mode. As in the SDK, `true` in debug builds (`DEBUG`) and `false` otherwise.
  public var testMode: Bool
  /// The ingest server: `https://nom.telemetrydeck.com` (the SDK's `apiBaseURL`); change it only for a
  /// proxy or a test.
  public var baseURL: URL
  /// A key for your own proxy in front of the ingest server (``baseURL``), sent in the `App-Key` header of
  /// every request; `nil` (the default, and what TelemetryDeck's own server needs) sends no such header.
  /// The destination declares the header secret, so no description, report or issue shows it.
  public var proxyKey: String?
  /// Storage, batching, transport, privacy and clock.
  ///
  /// IP location: TelemetryDeck documents no switch for it; see the module's documentation.
  public var options: DeliveryOptions
  /// When a `sessionID` ends: 5 minutes without activity, as the SDK starts a new session after more than
  /// 5 minutes in the background; time in the foreground counts as activity (give the configuration the
  /// app's ``Trackers/ApplicationLifecycle`` so it knows); a new anonymous id (reset, sign-out) starts a
  /// new one. Each session's id is a version 7 UUID.
  public var session = SessionRules(
    timeout: .seconds(5 * 60), idUnit: .milliseconds, makesUUID: true, continuesInForeground: true,
    endsWhenAnonymousIdChanges: true)
  /// Whether a `TelemetryDeck.Session.started` signal is sent when the app comes to the foreground in a
  /// new session (at launch, and after more than 5 minutes in the background), as the SDK's
  /// `sendNewSessionBeganSignal` does; `true` by default, as there. Needs the app's
  /// ``Trackers/ApplicationLifecycle`` (`configuration.lifecycle`): without one the module never hears the
  /// foreground, and sends none.
  public var sendsSessionStartedSignal = true

  /// A configuration with the defaults.
  public init(
    appID: String,
    namespace: String? = nil,
    salt: String = "",
    storageDirectory: URL = DeliveryConfiguration.defaultDirectory(for: "TelemetryDeckTracker"),
    privacy: PrivacyRegistry? = nil
  ) {
    self.appID = appID
    self.namespace = namespace
    self.salt = salt
    #if DEBUG
    self.testMode = true
    #else
    self.testMode = false
    #endif
    self.baseURL = URL(string: "https://nom.telemetrydeck.com")!
    self.proxyKey = nil
    self.options = DeliveryOptions(
      storageDirectory: storageDirectory, maxEventsPerRequest: TelemetryDeckLimits.signalsPerRequest, privacy: privacy)
  }

  /// The app ID, namespace, test mode and storage; never the salt or the proxy key.
  public var description: String {
    "TelemetryDeckConfiguration(appID: \(appID), namespace: \(namespace ?? "nil"), salt: "
      + "\(salt.isEmpty ? "none" : Redaction.placeholder), "
      + (proxyKey == nil ? "" : "proxyKey: \(Redaction.placeholder), ")
      + "testMode: \(testMode), storage: \(options.storageDirectory.path))"
  }
}
