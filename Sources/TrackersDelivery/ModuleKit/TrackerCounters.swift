/// What a vendor tracker did with the events it was given, from `track` to the vendor's answer.
///
/// These count events, each once: every event given to `track` ends up in exactly one of ``queued``,
/// ``repaired``, ``invalid``, ``notConfigured``, ``notEnqueued``, ``identityUpdates``, ``deniedConsent``, ``unknownConsent``
/// or ``unsupported``, and ``events`` adds them up (an ``EventFate``, settled by
/// which the live environment settles from what the module's `send` returns). Records are the queue's business: ``delivery`` counts them
/// (enqueued, then delivered, pending or dropped with a reason), and one event may be several records
/// (Mixpanel's group with traits, Amplitude's session events) or none.
///
/// ```swift
/// let counters = GoogleAnalyticsTracker.Current.counters()
/// print(counters)   // queued=12 invalid=0 notConfigured=0 notEnqueued=0 identityUpdates=1 delivery: enqueued=12 ...
/// ```
public struct TrackerCounters: Sendable, Hashable, CustomStringConvertible {
  /// Events that broke a vendor rule and were never queued, by rule (``Trackers/ValidationIssue/rule``).
  public var invalidByRule: [String: Int] = [:]
  /// Events that broke a vendor rule, were repaired as the vendor's own SDK repairs them and were queued
  /// (or kept as local state, a repaired user property), by the first rule repaired (``DeliveryOptions/invalidEvents``); each is one event, not also in
  /// ``queued``.
  public var repairedByRule: [String: Int] = [:]
  /// Events dropped because the module's `Current` was not configured.
  public var notConfigured: Int = 0
  /// Events queued, each as one or more records (``delivery`` follows the records).
  public var queued: Int = 0
  /// Valid events the queue refused (too large for one request, queue full, closed, disk error): all
  /// their records.
  public var notEnqueued: Int = 0
  /// Records the queue refused of events it queued other records of (Mixpanel's group with traits whose
  /// `/groups` record is too large): records, not events, so not in ``events``; each event is in
  /// ``queued``, and each refusal reported as ``TrackerReport/Kind/notEnqueued(reason:count:)``.
  public var recordsNotEnqueued: Int = 0
  /// Events kept as local state, with nothing to send by themselves: `.userId` and `.userProperty` where the
  /// vendor keeps them with the identity, `.alias` where the vendor links ids without a call,
  /// `.superProperties` and `.timeEvent`.
  public var identityUpdates: Int = 0
  /// Events the user's consent refused (``DeliveryOptions/privacy``: denied or opted out); never encoded.
  public var deniedConsent: Int = 0
  /// Events dropped because the user had not answered consent and ``DeliveryOptions/whileConsentUnknown``
  /// is ``DeliveryOptions/UnknownConsent/drop``; never encoded.
  public var unknownConsent: Int = 0
  /// Of ``queued``, the events queued while the user had not answered consent, held on disk until an
  /// answer (``DeliveryOptions/UnknownConsent/hold``). Not a fate of its own: each is also in ``queued``.
  public var heldForConsent: Int = 0
  /// The records pending now that wait for the user's consent: ``DeliveryCounters/pendingEvents`` while
  /// the consent for the destination is unknown, 0 once it is granted. A snapshot, not a count of events:
  /// `deliverPending()` returns at once when it is not 0, since nothing will be sent before an answer.
  public var waitingForConsent: Int = 0
  /// Events of a kind the vendor has no use for (a vendor without identity given `.userId`), by kind
  /// (`"userId"`); counted by ``VendorDelivery/countUnsupported(kind:event:)``, never sent.
  public var unsupportedByKind: [String: Int] = [:]
  /// The delivery queue's counters; zero when the module is not live.
  public var delivery: DeliveryCounters = DeliveryCounters()

  /// Creates zeroed counters.
  public init() {}

  /// Events that broke a vendor rule, all rules together.
  public var invalid: Int { invalidByRule.values.reduce(0, +) }

  /// Events repaired and queued, all rules together.
  public var repaired: Int { repairedByRule.values.reduce(0, +) }

  /// Events of a kind the vendor has no use for, all kinds together.
  public var unsupported: Int { unsupportedByKind.values.reduce(0, +) }

  /// All the events counted, each under its one fate: the events given to `track`.
  public var events: Int {
    queued + repaired + invalid + notConfigured + notEnqueued + identityUpdates + deniedConsent + unknownConsent + unsupported
  }

  /// One readable line.
  public var description: String {
    // The newer counters appear only when they count something, so existing lines read as before.
    (queued == 0 ? "" : "queued=\(queued) ")
      + (repaired == 0 ? "" : "repaired=\(repaired) ")
      + "invalid=\(invalid) notConfigured=\(notConfigured) notEnqueued=\(notEnqueued) "
      + (recordsNotEnqueued == 0 ? "" : "recordsNotEnqueued=\(recordsNotEnqueued) ")
      + "identityUpdates=\(identityUpdates) "
      + (deniedConsent == 0 ? "" : "deniedConsent=\(deniedConsent) ")
      + (unknownConsent == 0 ? "" : "unknownConsent=\(unknownConsent) ")
      + (heldForConsent == 0 ? "" : "heldForConsent=\(heldForConsent) ")
      + (waitingForConsent == 0 ? "" : "waitingForConsent=\(waitingForConsent) ")
      + (unsupported == 0 ? "" : "unsupported=\(unsupported) ")
      + "delivery: \(delivery)"
  }
}
