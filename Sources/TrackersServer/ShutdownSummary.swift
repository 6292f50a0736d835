import TrackersDelivery

/// What a ``TrackersService`` shutdown delivered, and what it left and where.
///
/// ```swift
/// print(summary)   // summary Mixpanel: delivered=120 keptOnDisk=0 dropped=0; PostHog: delivered=80 keptOnDisk=3 dropped=0
/// ```
public struct ShutdownSummary: Sendable, Hashable, CustomStringConvertible {
  /// One destination's part.
  public struct Destination: Sendable, Hashable, CustomStringConvertible {
    /// The destination's name.
    public var name: String
    /// Records delivered during the shutdown's drain.
    public var delivered: Int
    /// Records still pending on disk after the drain: the next start on the same directory sends them.
    public var keptOnDisk: Int
    /// Records dropped during the drain, by reason (refused by the vendor, too old, ...).
    public var dropped: [DropReason: Int]
    /// The queue's counters after it closed.
    public var counters: DeliveryCounters

    /// The part of a destination whose counters read `before` at the start of the drain and `after` at
    /// its end.
    package init(name: String, before: DeliveryCounters, after: DeliveryCounters) {
      self.name = name
      delivered = after.delivered - before.delivered
      keptOnDisk = after.pendingEvents
      var dropped: [DropReason: Int] = [:]
      for reason in DropReason.allCases where reason != .refused {
        let count = after.dropped(reason) - before.dropped(reason)
        if count > 0 { dropped[reason] = count }
      }
      self.dropped = dropped
      counters = after
    }

    /// Every record dropped during the drain.
    public var droppedTotal: Int { dropped.values.reduce(0, +) }

    /// `Name: delivered=N keptOnDisk=N dropped=N`, with the reasons when some were dropped.
    public var description: String {
      let reasons = DropReason.allCases.compactMap { reason in dropped[reason].map { "\(reason)=\($0)" } }
      return "\(name): delivered=\(delivered) keptOnDisk=\(keptOnDisk) dropped=\(droppedTotal)"
        + (reasons.isEmpty ? "" : " [\(reasons.joined(separator: " "))]")
    }
  }

  /// Each destination, in the service's order.
  public var destinations: [Destination]

  /// Creates a summary.
  package init(destinations: [Destination]) {
    self.destinations = destinations
  }

  /// Records left on disk, all destinations together.
  public var keptOnDisk: Int { destinations.reduce(0) { $0 + $1.keptOnDisk } }
  /// Records dropped during the drain, all destinations together.
  public var dropped: Int { destinations.reduce(0) { $0 + $1.droppedTotal } }
  /// Whether everything pending was delivered.
  public var isComplete: Bool { keptOnDisk == 0 && dropped == 0 }

  /// One line: `summary ` and each destination's part.
  public var description: String {
    "summary " + destinations.map(\.description).joined(separator: "; ")
  }
}
