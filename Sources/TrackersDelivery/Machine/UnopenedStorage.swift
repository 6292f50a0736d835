/// The queue's wait for a directory it could not open (Data Protection before the first unlock): when it
/// tries again. The machine's (`QueueMachine.storageWait`), on the queue clock's monotonic line; the
/// records kept in memory meanwhile are the shell's (`DriverState.kept`).
struct UnopenedStorage: Equatable {
  var failedAttempts = 1
  var nextAttempt: Duration
  /// `flush()`, `reclaimDirectory()` or `storageMayBeAvailable()` asked for an attempt now.
  var attemptRequested = false

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
