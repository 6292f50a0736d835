/// `enqueue` asks, the machine answers: whether the payload fits a request, where a frame goes (the log,
/// the inbox, memory), and what the pending cap or the memory bounds do to it, counted and reported here,
/// once.
extension QueueMachine {
  /// A frame of `frameBytes` to enqueue, with what the shell holds: the log's pending bytes, and, while the
  /// directory can't be opened, what memory holds.
  struct EnqueueRequest: Equatable {
    var id: RecordID
    var frameBytes: Int
    /// The payload's size, for the report of one that can never fit a request.
    var payloadBytes = 0
    /// The bytes it takes in a request (``BatchLimits/bytes(inRequestOf:)``): past the request's
    /// ``BatchLimits/recordBudget`` it can never fit one, and is refused first.
    var requestBytes = 1
    var pendingBytes: Int64 = 0
    /// The records pending, for a memory-only queue's event bound.
    var pendingEvents = 0
    /// Asked again after `.dropOldest`: how many of the oldest records the log dropped to make room
    /// (counted here, then the frame is appended or refused, never dropped for twice).
    var droppedOldest: Int?
  }

  /// What becomes of the frame.
  enum EnqueueAnswer: Equatable {
    /// Appended to the log; the shell tells `.appended` once written.
    case append
    /// Full under ``DeliveryConfiguration/OverflowPolicy/dropOldest``: drop the oldest records until the
    /// new one fits, then ask again with how many went (`droppedOldest`).
    case dropOldest(toFit: Int64)
    /// Not accepted: `enqueue` throws (counted and reported here when the cap or memory refused it).
    case refuse(DeliveryError)
    /// Kept in memory until the directory opens, the oldest `droppingOldest` dropped to make room
    /// (counted and reported here).
    case keepInMemory(droppingOldest: Int)
    /// Let go of the directory: a file of its own in the inbox; the shell tells `.wroteToInbox` once written.
    case writeToInbox
  }

  /// Answers an enqueue, with the records kept in memory (`kept`) if the directory can't be opened yet. Its
  /// effects are the reports (folded: repeated causes) and a wake-up.
  mutating func enqueue(_ request: EnqueueRequest, at now: Duration) -> (EnqueueAnswer, Answer) {
    guard request.requestBytes <= limits.recordBudget else {
      return (
        .refuse(
          .payloadTooLarge(size: request.payloadBytes, maxBytes: limits.recordBudget, destination: destination)),
        []
      )
    }
    switch Roles.route(role, closing: closing) {
    case .refuse:
      return (.refuse(.closed), [])
    case .writeToInbox:
      return (.writeToInbox, [])
    case .keepInMemory:
      var (answer, commands) = keepInMemory(request.id, frameBytes: request.frameBytes, at: now)
      // The back-off is up: the sender tries again (off the caller's thread).
      if !relinquished, let wait = storageWait, wait.nextAttempt <= now { commands.afterUnlock.append(.wakeSender) }
      return (answer, commands)
    case .append:
      break
    }
    let cap = Int64(configuration.maxPendingBytes)
    let dropped = request.droppedOldest.map { step(.droppedOldest($0, cap: cap), at: now) } ?? []
    switch admission(frameBytes: Int64(request.frameBytes), pendingBytes: request.pendingBytes, pendingEvents: request.pendingEvents) {
    case .append:
      return (.append, dropped)
    case .dropOldest(let needed) where request.droppedOldest == nil:
      return (.dropOldest(toFit: needed), [])
    case .refuse, .dropOldest:
      // Refused at the cap, or dropped already and still no room: counted and reported once, here.
      let (report, error) = Overflow.countRefused(
        request.id, pendingBytes: request.pendingBytes, cap: cap, destination: destination, counters: &counters)
      return (.refuse(error), dropped + folding(report, at: now))
    }
  }

  /// What becomes of one record kept in memory while the directory could not be opened, written to the
  /// log opened late (`DriverState.persist`), oldest first.
  enum KeptWrite: Equatable {
    /// Written to the log.
    case append
    /// Full under ``DeliveryConfiguration/OverflowPolicy/dropOldest``: drop the oldest records until it
    /// fits, then ask again with how many went (`droppedOldest`).
    case dropOldest(toFit: Int64)
    /// Not written: still no room (the cap, as for an enqueue), or an earlier write failed. Counted lost by
    /// `.wroteKeptRecords`.
    case lose
  }

  /// Where a record kept in memory goes once the log opened late is installed: under the pending cap as
  /// an enqueue is (the oldest dropped once, then asked again), and nowhere after a write failed
  /// (`failedBefore`). The shell counts the answers and tells `.wroteKeptRecords` once all are written.
  func writeKept(frameBytes: Int64, pendingBytes: Int64, droppedOldest: Int?, failedBefore: Bool) -> KeptWrite {
    let admitted = admission(frameBytes: frameBytes, pendingBytes: pendingBytes)
    // Dropped for even after a failed write: as many of the oldest go as when it was written.
    if droppedOldest == nil, case .dropOldest(let needed) = admitted { return .dropOldest(toFit: needed) }
    return !failedBefore && admitted == .append ? .append : .lose
  }

  /// The pending cap, for an enqueue or a record kept in memory written to the log opened late. Writing
  /// for another process's sender, the oldest records may be in its hands already: refused.
  private func admission(frameBytes: Int64, pendingBytes: Int64, pendingEvents: Int = 0) -> Overflow.Admission {
    Overflow.admit(
      frameBytes: frameBytes, pendingBytes: pendingBytes, cap: Int64(configuration.maxPendingBytes),
      policy: configuration.overflowPolicy, writingForAnother: role == .writer, pendingEvents: pendingEvents,
      maxEvents: configuration.storage.maxEvents)
  }

  /// The memory bounds while the directory can't be opened: past them the oldest go (or, under
  /// `refuseNew`, the new one is refused).
  private mutating func keepInMemory(_ id: RecordID, frameBytes: Int, at now: Duration) -> (EnqueueAnswer, Answer) {
    let (maxRecords, maxBytes) = Overflow.unopenedBounds(frameBytes: frameBytes, configuration: configuration)
    // Released before the shell keeps the frame (`keep`): the append then finds the frames unshared.
    let kept = self.kept
    guard
      let dropped = Overflow.keepInMemory(
        frameBytes: frameBytes, records: kept.frames.count, bytes: kept.bytes, sizes: kept.frames.lazy.map(\.count),
        bounds: (maxRecords, maxBytes), policy: configuration.overflowPolicy)
    else {
      counters.dropped[.refused, default: 0] += 1
      let detail = "the queue's directory can't be opened yet and the memory it waits in is full "
        + "(\(kept.frames.count) records, \(kept.bytes) bytes); record \(id) refused"
      return (
        .refuse(.queueFull(pendingBytes: kept.bytes, maxPendingBytes: maxBytes)),
        folding(.dropped(destination: destination, count: 1, reason: .refused, detail: detail), at: now)
      )
    }
    counters.enqueued += 1
    guard dropped > 0 else { return (.keepInMemory(droppingOldest: 0), []) }
    counters.dropped[.storageUnavailable, default: 0] += dropped
    let detail = "the queue's directory can't be opened yet and the memory it waits in holds \(maxRecords) records "
      + "or \(maxBytes) bytes: the oldest dropped"
    return (
      .keepInMemory(droppingOldest: dropped),
      folding(.dropped(destination: destination, count: dropped, reason: .storageUnavailable, detail: detail), at: now)
    )
  }
}
