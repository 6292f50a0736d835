/// The last line `shop` prints per vendor: what it tracked and what became of it.
///
/// ```
/// summary vendor=mixpanel tracked=1000 delivered=1000 unsupported=0 repaired=0 dropped=0 retried=0 pending=0 track_ns_per_event=2100.5 elapsed_s=0.84
/// ```
public struct ShopSummary: Sendable, Equatable {
  /// Which vendor the line is about.
  public var vendor: Vendor
  /// Events accepted by `track`.
  public var tracked: Int
  /// Events the endpoint accepted.
  public var delivered: Int
  /// Events the vendor refused by design, counted and never sent: an operation it does not have, such as
  /// Segment's increment on traits. Not drops: the run still exits 0.
  public var unsupported: Int
  /// Events a vendor rule changed before they were sent (a parameter dropped, a string cut), as the
  /// vendor's own SDK changes them; each is reported on its journey line. Sent, so not drops.
  public var repaired: Int
  /// Events lost, for any counted reason.
  public var dropped: Int
  /// Record sends that failed temporarily and were scheduled again.
  public var retried: Int
  /// Events still waiting on disk at exit.
  public var pending: Int
  /// Time spent inside `track`, per event, in nanoseconds.
  public var trackNanosecondsPerEvent: Double
  /// Wall time from start to this line, in seconds.
  public var elapsedSeconds: Double

  /// Creates a summary.
  public init(
    vendor: Vendor, tracked: Int, delivered: Int, unsupported: Int = 0, repaired: Int = 0, dropped: Int, retried: Int,
    pending: Int, trackNanosecondsPerEvent: Double, elapsedSeconds: Double
  ) {
    self.vendor = vendor
    self.tracked = tracked
    self.delivered = delivered
    self.unsupported = unsupported
    self.repaired = repaired
    self.dropped = dropped
    self.retried = retried
    self.pending = pending
    self.trackNanosecondsPerEvent = trackNanosecondsPerEvent
    self.elapsedSeconds = elapsedSeconds
  }

  /// The machine-readable line.
  public var line: String {
    "summary vendor=\(vendor) tracked=\(tracked) delivered=\(delivered) unsupported=\(unsupported) "
      + "repaired=\(repaired) dropped=\(dropped) retried=\(retried) "
      + "pending=\(pending) track_ns_per_event=\(Self.format(trackNanosecondsPerEvent, digits: 1)) "
      + "elapsed_s=\(Self.format(elapsedSeconds, digits: 3))"
  }

  static func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return String((value * scale).rounded() / scale)
  }
}
