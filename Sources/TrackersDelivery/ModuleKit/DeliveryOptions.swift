import Foundation
import Trackers

/// What every vendor module's configuration (`MixpanelConfiguration`, ...) has besides its keys and host: where it keeps its files, how
/// it batches and delivers, which consent applies, whether the vendor may locate users by IP, and its clock.
///
/// Each vendor configuration embeds one as `options` (see ``VendorConfiguration``) and reads and writes
/// its fields as its own, so the same lines work in every module:
///
/// ```swift
/// var configuration = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
/// configuration.flushInterval = .seconds(10)
/// configuration.delivery = { $0.maxPendingBytes = 8 << 20 }
/// MixpanelTracker.Current = try .live(configuration)
/// ```
public struct DeliveryOptions: Sendable {
  /// Whether the vendor may derive the user's location (country, region, city) from the IP address the
  /// requests come from.
  public enum IPLocation: Sendable, Hashable {
    /// Ask the vendor not to: each module sends its vendor's switch (Mixpanel `ip=0`, PostHog
    /// `$geoip_disable`, Segment `context.ip` "0.0.0.0"; Amplitude and GA4 get no IP to use). The default.
    case suppressed
    /// Let the vendor do what its SDKs do by default (Mixpanel `ip=1`, Amplitude `ip` "$remote", no switch
    /// for PostHog and Segment).
    case vendorDefault
  }

  /// What the live environment does with an event while the user has not answered consent (the linked
  /// ``Trackers/ConsentStore`` says ``Trackers/ConsentStatus/unknown`` for the destination and
  /// ``DeliveryOptions/consentPurpose``).
  ///
  /// ```swift
  /// var configuration = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
  /// configuration.whileConsentUnknown = .drop   // as Mixpanel's `optOutTrackingByDefault` until `optInTracking()`
  /// MixpanelTracker.Current = try .live(configuration)
  /// ```
  public enum UnknownConsent: Sendable, Hashable {
    /// Queue the event and hold it on disk, across launches, until the user answers: granted sends it,
    /// denied purges it. Counted in ``TrackerCounters/heldForConsent``, and reported once (not per event) as
    /// ``TrackerReport/Kind/heldForConsent``. The default.
    case hold
    /// Drop the event, never to be sent: counted in ``TrackerCounters/unknownConsent`` and reported as
    /// ``TrackerReport/Kind/unknownConsent`` (by default, only counted). What was queued before consent
    /// became unknown stays queued, held until an answer.
    case drop
  }

  /// What the module does with an event that breaks one of the vendor's rules (a parameter value too
  /// long, too many parameters, a name the vendor refuses).
  ///
  /// ```swift
  /// var configuration = GoogleAnalyticsConfiguration(measurementId: id, apiSecret: secret)
  /// configuration.invalidEvents = .refuse   // the strict refusal of every broken rule, as before 0.9
  /// ```
  public enum InvalidEvents: Sendable, Hashable {
    /// Do what the vendor's own SDK (or its server, where the SDK leaves it to the server) does with the
    /// same event: repair it (drop the parameter, cut the string, keep the first 25) and send it where
    /// the SDK does, refuse it where the SDK refuses it. Each module's "Rules, and what the official SDK
    /// does" article has the table. A repaired event is counted in ``TrackerCounters/repairedByRule`` and
    /// reported as ``TrackerReport/Kind/repairedEvent(_:)``: an issue in debug builds and tests, at the
    /// line that tracked it. The default.
    case repairAsTheSDKDoes
    /// Refuse every event that breaks any rule: counted in ``TrackerCounters/invalidByRule``, reported as
    /// ``TrackerReport/Kind/invalidEvent(_:)``, never sent.
    case refuse
  }

  /// What the module runs in: an app on the user's device, or a server that tracks for many users.
  ///
  /// ```swift
  /// var configuration = MixpanelConfiguration(projectToken: token)
  /// configuration.deployment = .server
  /// MixpanelTracker.Current = try .live(configuration)
  /// ```
  public enum Deployment: Sendable, Hashable {
    /// An app: events carry the device's OS, model, screen, app version, locale and time zone
    /// (``context``), and a ``lifecycle`` reaches the module. The default.
    case app
    /// A server: events carry none of the machine's context (only the library's name and version; the
    /// client's comes with each event's ``Trackers/EventSubject``), ``lifecycle`` is ignored, and a
    /// lifecycle event is refused as invalid (rule `lifecycle-on-server-unsupported`).
    case server
  }

  /// Where the anonymous id (`identity.json`) and the queue (`queue/`) live; one directory per module
  /// and project. An app's extensions may name the same directory in the app group's container to share
  /// both: see <doc:SharingAQueueBetweenProcesses>.
  public var storageDirectory: URL
  /// Events per request, at most the vendor's limit (a larger value is cut to it).
  public var maxEventsPerRequest: Int
  /// How long an event may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The HTTP client; tests point it at a loopback collector.
  public var transport: any HTTPTransport
  /// Changes to the queue's defaults (pending bytes, attempts, backoff), applied after the module's own.
  public var delivery: @Sendable (inout DeliveryConfiguration) -> Void
  /// Receives every report of the module's live environment, on the thread where it happens: invalid
  /// events, events the queue refused, refusals by consent, unsupported kinds, storage failures, and the
  /// queue's own reports as ``TrackerReport/Kind/delivery(_:)``.
  ///
  /// A handler replaces the defaults, which `nil` keeps: a failure about the app's code is an issue in
  /// debug builds and tests and a log line in release builds; a failing queue report is a line in the
  /// module's log (``Trackers/LogSink/default``) at its ``TrackerReport/logLevel``; the rest is only
  /// counted. Call ``TrackerReport/reportByDefault(fileID:filePath:line:column:)`` in the handler to keep them too.
  public var onReport: (@Sendable (TrackerReport) -> Void)?
  /// The clock that stamps events.
  public var now: @Sendable () -> Date
  /// The app's privacy registry (`consent.registry`), or `nil`. With one, the live environment registers
  /// its destination for purge and reset, and follows the linked ``Trackers/ConsentStore``'s answer for
  /// ``consentPurpose`` and the destination: granted, events are queued and sent; unknown, they are queued
  /// and held on disk, across launches, until an answer (or dropped: ``whileConsentUnknown``); denied, what is pending is purged and later events
  /// are counted as ``TrackerCounters/deniedConsent``, never encoded. No ``Trackers/consentGated(_:by:purpose:destination:whileUnknown:onDrop:)`` is needed
  /// in front of the module.
  public var privacy: PrivacyRegistry?
  /// The purpose the module's events serve, for the consent check; ``Trackers/ConsentPurpose/analytics``.
  public var consentPurpose: ConsentPurpose
  /// What happens to events while the user has not answered consent: held on disk until an answer
  /// (``UnknownConsent/hold``, the default) or dropped and counted (``UnknownConsent/drop``). Only applies
  /// with a ``privacy`` registry linked to a ``Trackers/ConsentStore``.
  public var whileConsentUnknown: UnknownConsent
  /// Whether the vendor may locate users by IP; ``IPLocation/suppressed`` unless you choose otherwise.
  public var ipLocation: IPLocation
  /// Where the library, OS, device, app, locale and time zone fields of every event come from;
  /// ``ContextProvider/shared`` (read from the system once) unless you pass your own, as tests do
  /// to pin it.
  public var context: ContextProvider
  /// The app's lifecycle, or `nil`. With one, the live environment flushes its queue when the app goes to
  /// the background, and its session (GA4, Amplitude, PostHog) hears of foreground and background.
  public var lifecycle: ApplicationLifecycle?
  /// Removes personal data from every event before the module maps it (``Trackers/Redactor/default``
  /// replaces emails, phone numbers, card numbers, ...), or `nil` to send events as the app wrote them.
  /// `nil` unless you choose one.
  public var redactor: Redactor?
  /// The ids the app's users already have with the vendor, from the official SDK this module replaces:
  /// used once, when the storage directory has no identity yet, so that moving to this module does not
  /// count every user twice. `nil`, the default, starts with a new anonymous id.
  ///
  /// ```swift
  /// configuration.existingIdentity = ExistingIdentity(anonymousId: Mixpanel.mainInstance().anonymousId, userId: user?.id)
  /// ```
  public var existingIdentity: ExistingIdentity?
  /// What happens to an event that breaks a vendor rule: repaired and sent as the vendor's own SDK does
  /// (``InvalidEvents/repairAsTheSDKDoes``, the default) or refused (``InvalidEvents/refuse``).
  public var invalidEvents: InvalidEvents
  /// Whether the module runs in an app (``Deployment/app``, the default) or on a server
  /// (``Deployment/server``: no device context, no lifecycle).
  public var deployment: Deployment
  /// Virtual time for the queue, for tests (TrackersDeliveryTesting's `VirtualQueueClock`): `nil`, the
  /// default, waits on the device's clocks.
  package var virtualTime: VirtualQueueTime?

  /// Options with the defaults: flush every 30 seconds, `URLSessionTransport`, the system clock, IP
  /// location suppressed, the shared live context, no lifecycle.
  public init(storageDirectory: URL, maxEventsPerRequest: Int, privacy: PrivacyRegistry? = nil) {
    self.storageDirectory = storageDirectory
    self.maxEventsPerRequest = maxEventsPerRequest
    self.flushInterval = .seconds(30)
    self.transport = URLSessionTransport()
    self.delivery = { _ in }
    self.onReport = nil
    self.now = { Date() }
    self.privacy = privacy
    self.consentPurpose = .analytics
    self.whileConsentUnknown = .hold
    self.ipLocation = .suppressed
    self.context = .shared
    self.lifecycle = nil
    self.redactor = nil
    self.existingIdentity = nil
    self.deployment = .app
    self.invalidEvents = .repairAsTheSDKDoes
    self.virtualTime = nil
  }

  /// The destination's batch limits: ``maxEventsPerRequest`` within `1...maxEvents` (no upper bound when
  /// `nil`), `maxBytes` per request with its envelope and how records count (``BatchLimits``), and
  /// ``flushInterval``.
  ///
  /// ```swift
  /// options.batchLimits(maxEvents: 100, maxBytes: 1_000_000, envelopeBytes: 200, recordBytes: .percentEncodedPlusSeparator)
  /// ```
  public func batchLimits(
    maxEvents: Int?, maxBytes: Int, envelopeBytes: Int = 0,
    recordBytes: BatchLimits.RecordBytes = .payloadPlusSeparator
  ) -> BatchLimits {
    BatchLimits(
      maxEvents: min(max(1, maxEventsPerRequest), maxEvents ?? .max),
      maxBytes: maxBytes,
      flushInterval: flushInterval,
      envelopeBytes: envelopeBytes,
      recordBytes: recordBytes
    )
  }
}
