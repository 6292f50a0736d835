/// What a vendor tracker did with the events it was given, from `track` to the vendor's answer.
///
/// Every event accepted by `track` ends up in exactly one of: ``invalid``, ``notConfigured``,
/// ``notEnqueued``, or the queue's ``delivery`` counters (enqueued, then delivered, pending or dropped with
/// a reason). Identity and user-property updates that only change local state are ``identityUpdates``.
///
/// ```swift
/// let counters = GoogleAnalyticsTracker.Current.counters()
/// print(counters)   // invalid=0 notConfigured=0 notEnqueued=0 identityUpdates=1 delivery: enqueued=12 ...
/// ```
public struct TrackerCounters: Sendable, Hashable, CustomStringConvertible {
  /// Events that broke a vendor rule and were never queued, by rule (``Trackers/ValidationIssue/rule``).
  public var invalidByRule: [String: Int] = [:]
  /// Events dropped because the module's `Current` was not configured.
  public var notConfigured: Int = 0
  /// Valid events the queue refused (too large for one request, queue full, closed, disk error).
  public var notEnqueued: Int = 0
  /// `.userId` and `.userProperty` events kept as local identity state (nothing to send by themselves).
  public var identityUpdates: Int = 0
  /// The delivery queue's counters; zero when the module is not live.
  public var delivery: DeliveryCounters = DeliveryCounters()

  /// Creates zeroed counters.
  public init() {}

  /// Events that broke a vendor rule, all rules together.
  public var invalid: Int { invalidByRule.values.reduce(0, +) }

  /// One readable line.
  public var description: String {
    "invalid=\(invalid) notConfigured=\(notConfigured) notEnqueued=\(notEnqueued) "
      + "identityUpdates=\(identityUpdates) delivery: \(delivery)"
  }
}
