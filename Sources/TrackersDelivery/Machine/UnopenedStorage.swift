/// The queue's wait for a directory it could not open (Data Protection before the first unlock): when it
/// tries again, on the queue clock's monotonic line, and the records it keeps in memory meanwhile (`kept`),
/// which go with the wait: the machine's role holds it (`QueueMachine.storageWait`), so no record can be
/// kept by a queue that is not waiting, nor left behind once it opens.
struct UnopenedStorage: Equatable {
  var failedAttempts = 1
  var nextAttempt: Duration
  /// `flush()`, `reclaimDirectory()` or `storageMayBeAvailable()` asked for an attempt now.
  var attemptRequested = false
  /// The records accepted meanwhile, oldest first, written to the log once it opens.
  var kept = KeptFrames()
  /// `purge()` was called meanwhile: what the directory holds is purged once it opens, before `kept` is
  /// written to it.
  var purgeWhenOpened = false

  init(now: Duration) {
    nextAttempt = now + Self.delay(afterFailures: 1)
  }

  /// 1 second after the first failure, doubling up to a minute: the device may be unlocked any time, and
  /// a failed `open` costs microseconds.
  static func delay(afterFailures count: Int) -> Duration {
    .seconds(min(60, 1 << min(max(0, count - 1), 6)))
  }

  mutating func failedAgain(now: Duration) {
    failedAttempts += 1
    nextAttempt = now + Self.delay(afterFailures: failedAttempts)
    attemptRequested = false
  }
}

/// The records a queue accepted while its directory could not be opened, in memory and in order, until
/// it opens (see ``DeliveryQueue``).
struct KeptFrames: Equatable {
  /// Encoded frames, oldest first.
  var frames: [[UInt8]] = []
  var bytes = 0

  /// Adds `frame`, the oldest `dropped` gone first.
  mutating func append(_ frame: [UInt8], droppingOldest dropped: Int) {
    if dropped > 0 {
      bytes -= frames.prefix(dropped).reduce(0) { $0 + $1.count }
      frames.removeFirst(dropped)
    }
    frames.append(frame)
    bytes += frame.count
  }
}
