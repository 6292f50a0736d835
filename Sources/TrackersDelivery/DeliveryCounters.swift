/// A snapshot of what one queue did since it was opened, and what is pending now.
///
/// Records balance exactly: `recovered + enqueued + adopted == delivered + pendingEvents + droppedRecords +
/// handedOver`, where `droppedRecords` is the sum of ``dropped`` without ``DropReason/refused`` (never
/// enqueued) and ``DropReason/corrupt`` (counted in damaged regions, not records). ``adopted`` and
/// ``handedOver`` are zero unless processes share the queue's directory.
public struct DeliveryCounters: Sendable, Hashable, CustomStringConvertible {
  /// Records found on disk when the queue was opened, or when it took over sending from another process
  /// (with the segments other processes left there).
  public var recovered: Int = 0
  /// Records accepted by `enqueue` since the queue was opened.
  public var enqueued: Int = 0
  /// Records that another process sharing the directory wrote and this queue took over to send.
  public var adopted: Int = 0
  /// Records this queue wrote while another process was sending for the directory, taken over by it (or
  /// by this queue's own log when it took over sending); counted when this queue next seals a segment,
  /// purges or takes over.
  public var handedOver: Int = 0
  /// Records the destination accepted.
  public var delivered: Int = 0
  /// Record sends that failed temporarily and were scheduled again (one per record per failure).
  public var retried: Int = 0
  /// Requests sent.
  public var requests: Int = 0
  /// Records waiting on disk.
  public var pendingEvents: Int = 0
  /// Bytes those records take on disk, framing included.
  public var pendingBytes: Int = 0
  /// Dropped records by reason (damaged regions for ``DropReason/corrupt``).
  public var dropped: [DropReason: Int] = [:]
  /// Damaged bytes skipped on disk.
  public var corruptBytes: Int = 0

  /// Creates zeroed counters.
  public init() {}

  /// The number dropped for `reason`.
  public func dropped(_ reason: DropReason) -> Int { dropped[reason] ?? 0 }

  /// Every drop, all reasons together.
  public var droppedTotal: Int { dropped.values.reduce(0, +) }

  /// Readable one-line summary.
  public var description: String {
    let drops = DropReason.allCases.compactMap { reason in dropped[reason].map { "\(reason)=\($0)" } }
    let shared = adopted > 0 || handedOver > 0 ? "adopted=\(adopted) handedOver=\(handedOver) " : ""
    return "recovered=\(recovered) enqueued=\(enqueued) " + shared + "delivered=\(delivered) retried=\(retried) "
      + "requests=\(requests) pending=\(pendingEvents) (\(pendingBytes) bytes) dropped[\(drops.joined(separator: " "))]"
  }
}
