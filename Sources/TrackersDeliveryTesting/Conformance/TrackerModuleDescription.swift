import Foundation
import Trackers
import TrackersDelivery

/// What the conformance suite needs to know about a tracker module: how to make its live environment, how
/// it maps the vocabulary, how its requests carry events and ids, and how its vendor answers a partial success and a
/// bad credential. The suite does the rest (see ``ConformanceRequirement``).
///
/// ```swift
/// let acme = TrackerModuleDescription<AcmeEvent>(
///   name: "AcmeTracker", consentDestination: "Acme",
///   maxEventsPerRequest: 100, maxBytesPerRequest: 500_000, secret: "acme-secret-key",
///   live: { apply in
///     var configuration = AcmeConfiguration(apiKey: "acme-secret-key", host: URL(string: "https://acme.test")!)
///     apply(&configuration.options)
///     return try .live(configuration)
///   },
///   map: acmeEvent(for:),
///   events: { try $0.json()["events"]?.arrayValue ?? [] },
///   dedupId: { $0["id"]?.stringValue },
///   anonymousIds: { try $0.json()["events"]?.arrayValue?.compactMap { $0["anonymous_id"]?.stringValue } ?? [] },
///   credentialError: .status(401, body: #"{"error": "invalid api key"}"#)
/// )
/// ```
public struct TrackerModuleDescription<Event: VendorEvent>: Sendable {
  /// The module's name, for messages: "AcmeTracker".
  public var name: String
  /// The destination name the module registers for consent (its `DeliveryDestination.name`): "Acme".
  public var consentDestination: String
  /// The vendor's limit of events per request.
  public var maxEventsPerRequest: Int
  /// The vendor's limit of bytes per request body.
  public var maxBytesPerRequest: Int
  /// A credential the module is configured with in `live`: it must never appear in a request's
  /// description, a report or an issue.
  public var secret: String
  /// Makes a live environment from the module's configuration after `apply` set its shared options
  /// (storage, transport, privacy, delivery tuning, reports): configure it with ``secret`` and an HTTPS
  /// host.
  public var live: @Sendable (_ apply: (inout DeliveryOptions) -> Void) throws -> VendorEnvironment<Event>
  /// The module's mapping of a vocabulary event to its own (its pipeline's `map`): the suite sends its own
  /// events through it, in turn a plain event, a deep link, a push notification received and one opened,
  /// each with its sequence number in a `seq` property, so the checks cover the forms a module maps in its
  /// own way.
  public var map: @Sendable (AnalyticsData) -> Event
  /// The events a request carries, in order (the vendor's batch array).
  public var events: @Sendable (_ request: RecordedRequest) throws -> [PropertyValue]
  /// An event's deduplication id (`$insert_id`, `messageId`, ...); `nil` for a vendor without one.
  public var dedupId: (@Sendable (_ event: PropertyValue) -> String?)?
  /// The anonymous (device) ids a request carries; `nil` for a vendor without one, for which
  /// ``ConformanceRequirement/resetStartsANewAnonymousId`` is "not applicable".
  public var anonymousIds: (@Sendable (_ request: RecordedRequest) throws -> [String])?
  /// The vendor's answer that accepts a request's events except those at `rejected` (Mixpanel 400
  /// `failed_records`, Amplitude 400 `events_with_invalid_fields`); `nil` for a vendor without partial
  /// success.
  public var partialSuccess: (@Sendable (_ request: RecordedRequest, _ rejected: [Int]) throws -> HTTPResponse)?
  /// The vendor's answer to a bad credential (401, 403, ...).
  public var credentialError: ScriptedTransport.Reply
  /// The vendor's answer that accepts every event of a request, as it documents it: by default
  /// ``ScriptedTransport/Reply/success``, the destination's own
  /// ``TrackersDelivery/DeliveryDestination/successResponse(for:)``.
  public var success: ScriptedTransport.Reply

  /// Describes a module; see the type's example.
  public init(
    name: String,
    consentDestination: String,
    maxEventsPerRequest: Int,
    maxBytesPerRequest: Int,
    secret: String,
    live: @escaping @Sendable (_ apply: (inout DeliveryOptions) -> Void) throws -> VendorEnvironment<Event>,
    map: @escaping @Sendable (AnalyticsData) -> Event,
    events: @escaping @Sendable (_ request: RecordedRequest) throws -> [PropertyValue],
    dedupId: (@Sendable (_ event: PropertyValue) -> String?)?,
    anonymousIds: (@Sendable (_ request: RecordedRequest) throws -> [String])?,
    partialSuccess: (@Sendable (_ request: RecordedRequest, _ rejected: [Int]) throws -> HTTPResponse)? = nil,
    credentialError: ScriptedTransport.Reply,
    success: ScriptedTransport.Reply = .success
  ) {
    self.name = name
    self.consentDestination = consentDestination
    self.maxEventsPerRequest = maxEventsPerRequest
    self.maxBytesPerRequest = maxBytesPerRequest
    self.secret = secret
    self.live = live
    self.map = map
    self.events = events
    self.dedupId = dedupId
    self.anonymousIds = anonymousIds
    self.partialSuccess = partialSuccess
    self.credentialError = credentialError
    self.success = success
  }
}

extension TrackerModuleDescription {
  /// The suite's event for `sequence`, in the module's form.
  package func event(_ sequence: Int) -> Event { map(ConformanceEvents.vocabulary(sequence)) }
}
