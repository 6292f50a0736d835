/// The pending cap and the memory bounds while the directory can't be opened: what an enqueue does when
/// the queue is full. Pure: the shell applies the decision to the log (or the memory) and counts with
/// the functions below.
enum Overflow {
  /// What an enqueue does with a frame of `frameBytes`.
  enum Admission: Equatable {
    /// It fits: appended.
    case append
    /// Full under ``DeliveryConfiguration/OverflowPolicy/refuseNew`` (or writing for another process's
    /// sender, which may hold the oldest records already): the new record is refused.
    case refuse
    /// Full under ``DeliveryConfiguration/OverflowPolicy/dropOldest``: the oldest records go until the
    /// new one fits.
    case dropOldest(toFit: Int64)
  }

  static func admit(
    frameBytes: Int64, pendingBytes: Int64, cap: Int64, policy: DeliveryConfiguration.OverflowPolicy, writingForAnother: Bool,
    pendingEvents: Int = 0, maxEvents: Int = .max
  ) -> Admission {
    guard pendingBytes + frameBytes > cap || pendingEvents >= maxEvents else { return .append }
    switch writingForAnother ? .refuseNew : policy {
    case .refuseNew: return .refuse
    case .dropOldest: return .dropOldest(toFit: frameBytes)
    }
  }

  /// Counts a refused record; returns its report and the error `enqueue` throws.
  static func countRefused(
    _ id: RecordID, pendingBytes: Int64, cap: Int64, destination: String, counters: inout DeliveryCounters
  ) -> (DeliveryReport, DeliveryError) {
    counters.dropped[.refused, default: 0] += 1
    return (
      .dropped(
        destination: destination, count: 1, reason: .refused,
        detail: "queue full (\(pendingBytes) of \(cap) bytes pending), record \(id) refused"),
      .queueFull(pendingBytes: Int(pendingBytes), maxPendingBytes: Int(cap))
    )
  }

  /// Counts the oldest records dropped to make room.
  static func countDroppedOldest(
    _ dropped: Int, cap: Int64, destination: String, counters: inout DeliveryCounters
  ) -> DeliveryReport? {
    Outcomes.countDropped(
      dropped, reason: .overflow, detail: "oldest records dropped to stay under \(cap) pending bytes",
      destination: destination, counters: &counters)
  }

  // MARK: While the directory can't be opened

  /// The memory the records may take while the directory can't be opened: at least one record, whatever
  /// its size, and never more bytes than the pending cap.
  static func unopenedBounds(frameBytes: Int, configuration: DeliveryConfiguration) -> (records: Int, bytes: Int) {
    (max(1, configuration.unopenedMaxRecords), max(frameBytes, min(configuration.unopenedMaxBytes, configuration.maxPendingBytes)))
  }

  /// What keeping one more frame in memory does, with `records` frames of `bytes` kept (`sizes`, oldest
  /// first, read only when some must go): `nil` if it must be refused, else how many of the oldest go to
  /// make room.
  static func keepInMemory(
    frameBytes: Int, records: Int, bytes: Int, sizes: some Sequence<Int>, bounds: (records: Int, bytes: Int),
    policy: DeliveryConfiguration.OverflowPolicy
  ) -> Int? {
    var records = records
    var bytes = bytes
    func full() -> Bool { records >= bounds.records || bytes + frameBytes > bounds.bytes }
    guard full() else { return 0 }
    if policy == .refuseNew { return nil }
    var dropped = 0
    for size in sizes {
      guard records > 0, full() else { break }
      bytes -= size
      records -= 1
      dropped += 1
    }
    return dropped
  }
}
