import Trackers

/// What became of one event a vendor module was given: the value a module's `send` returns, which the live
/// environment counts, once, in ``TrackerCounters`` and reports.
///
/// One event has one fate however many records it makes: Mixpanel's `.group` with traits is two records
/// (`/engage` and `/groups`) and one ``queued(records:)``; Amplitude's first event of a session is queued
/// with its `session_end` and `session_start`. Records are the queue's business
/// (``TrackerCounters/delivery``).
///
/// ```swift
/// return { event in  // the module's `send`, in its live environment
///   switch event {
///   case .alias:
///     return .identityUpdate
///   default:
///     let id = RecordID()
///     return delivery.fate(queueing: [
///       VendorRecord(payload: WireFormat.event(event, identity: [], at: now(), insertId: id), id: id)
///     ])
///   }
/// }
/// ```
public enum EventFate: Sendable {
  /// Queued as `records` records (at least one); counted as ``TrackerCounters/queued``. With none (a count
  /// below one), nothing reached the queue: settled as ``identityUpdate``, as
  /// ``VendorDelivery/fate(queueing:)-([VendorRecord])`` settles no records.
  case queued(records: Int)
  /// Broke vendor rules, was repaired as the vendor's own SDK repairs it and queued as `records` records
  /// (0: kept as local state, a user property the module sends with later events);
  /// counted under the first repair's rule in ``TrackerCounters/repairedByRule`` and reported as
  /// ``TrackerReport/Kind/repairedEvent(_:)``. The pipeline makes it of the ``queued(records:)`` that
  /// `send` returns for a repaired event (``DeliveryOptions/invalidEvents``).
  case repaired([ValidationIssue], records: Int)
  /// Broke a vendor rule, never queued; counted under the first issue's rule (`unnamed-rule` if none) in
  /// ``TrackerCounters/invalidByRule`` and reported as ``TrackerReport/Kind/invalidEvent(_:)``.
  case invalid([ValidationIssue])
  /// Changed only local state (the identity, a super property, a timer), with nothing to send by itself;
  /// counted as ``TrackerCounters/identityUpdates``.
  case identityUpdate
  /// A kind the vendor has no use for; counted under `kind` in ``TrackerCounters/unsupportedByKind`` and
  /// reported as ``TrackerReport/Kind/unsupportedKind(_:)`` (by default, only counted).
  case unsupported(kind: String)
  /// Refused by the user's consent before it was encoded; counted as ``TrackerCounters/deniedConsent``.
  case deniedConsent
  /// Dropped before it was encoded because the user had not answered consent and the module drops such
  /// events (``DeliveryOptions/UnknownConsent/drop``); counted as ``TrackerCounters/unknownConsent``.
  case unknownConsent
  /// Valid, but the queue refused it (or one of its records): too large, queue full, closed, disk error;
  /// counted as ``TrackerCounters/notEnqueued`` and reported as
  /// ``TrackerReport/Kind/notEnqueued(reason:count:)``.
  case notEnqueued(any Error)
}

/// One record an event makes: the bytes, the record's id (the vendor's dedup id where it has one) and the
/// queue partition (the endpoint: Mixpanel's `/engage` beside `/import`).
public struct VendorRecord: Sendable {
  /// The encoded record.
  public var payload: [UInt8]
  /// The record's id in the queue.
  public var id: RecordID
  /// The queue partition the record is batched in; `""` for a vendor with one endpoint.
  public var partition: String

  /// A record to queue.
  public init(payload: [UInt8], id: RecordID, partition: String = "") {
    self.payload = payload
    self.id = id
    self.partition = partition
  }
}

extension EventFate {
  /// The kind an event about a ``Trackers/EventSubject`` is counted under in
  /// ``TrackerCounters/unsupportedByKind`` when the module queued nothing for it
  /// (``identityUpdate``, or ``VendorDelivery/fate(queueing:)-([VendorRecord])`` with no records): such an
  /// event changes nothing the module keeps (the subject is not the app's user), so it is not an identity
  /// update; it is reported as ``TrackerReport/Kind/unsupportedKind(_:)`` with this kind.
  public static let nothingToSendAboutASubject = "event about a subject with nothing to send"

  /// This fate for an event repaired by `repairs`: queued, or kept as local state (a repaired user
  /// property), it is ``repaired(_:records:)``; already repaired, the repairs add up; any other fate
  /// (refused by consent or by a rule the module checks itself, not queued) stays as it is. A module whose
  /// `send` repairs what only the stored identity shows (GA4's 25 user properties) returns it:
  ///
  /// ```swift
  /// return delivery.identityUpdate { identity in ... }.repaired(by: [ignoredProperties])
  /// ```
  public func repaired(by repairs: [ValidationIssue]) -> EventFate {
    switch self {
    case let .queued(records): .repaired(repairs, records: records)
    case .identityUpdate: .repaired(repairs, records: 0)
    case let .repaired(earlier, records): .repaired(repairs + earlier, records: records)
    default: self
    }
  }
}
