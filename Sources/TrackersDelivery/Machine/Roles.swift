/// The parts a queue plays for its directory (sender, writer for another process's sender, let go of,
/// not yet opened) and what each does with a record, a `relinquishDirectory` and the sender's task, read
/// from the machine's role (`QueueMachine.Role`) itself: no second copy of it to contradict the first.
enum Roles {
  /// The public role (``DeliveryQueue/role``): a queue still waiting for its directory counts as its
  /// sender, which it becomes once it opens unless another process holds the lock. Closed, it is what it
  /// was let go of or not: a writer's log closed is no other process's writer any more.
  static func role(_ role: QueueMachine.Role) -> DeliveryQueue.Role {
    switch role {
    case .relinquished, .closed(relinquished: true, _): .relinquished
    case .writer: .writer
    case .unopened, .sender, .closed(relinquished: false, _): .sender
    case .modifying: preconditionFailure("the role read while it is changed")
    }
  }

  /// Where an enqueued record goes.
  enum Route: Equatable {
    /// The queue is closing: ``DeliveryError/closed``.
    case refuse
    /// Kept in memory until the directory opens.
    case keepInMemory
    /// Let go of: no lock to write under, a file of its own in the inbox, which the next sender takes.
    case writeToInbox
    /// Appended to the log, under the pending cap (`Overflow`).
    case append
  }

  /// Where a record goes in `role`; `closing`: `close(timeout:)` was called. A directory never opened keeps
  /// records in memory, let go of meanwhile or not (no log to append to, no inbox it may write).
  static func route(_ role: QueueMachine.Role, closing: Bool) -> Route {
    if closing { return .refuse }
    switch role {
    case .unopened, .relinquished(.neverOpened), .closed(_, waiting: _?): return .keepInMemory
    case .relinquished(.heldLog), .closed(relinquished: true, waiting: nil): return .writeToInbox
    case .sender, .writer, .closed(relinquished: false, waiting: nil): return .append
    case .modifying: preconditionFailure("the role read while it is changed")
    }
  }

  /// Whether `relinquishDirectory` waits for the sender to let go between two requests (so the request
  /// in flight is answered and its outcome saved), rather than letting go at once: only a sender (an
  /// open log) with a running task has a request to wait for.
  static func relinquishWaitsForSender(_ role: QueueMachine.Role, task: QueueMachine.SendingTask) -> Bool {
    guard case .sender = role else { return false }
    return task != .gone
  }

  /// The loop the sender's task runs.
  enum Loop: Equatable {
    /// Tries to open the directory with a back-off; answers `flush()` at once.
    case waitForStorage
    /// Sends nothing, answers `flush()` at once, waits to be taken back or closed.
    case waitWhileRelinquished
    /// Seals what this process wrote for the sender; takes over once the sender has gone.
    case handOver
    /// Reads, sends, and takes what other processes hand over.
    case send
  }

  /// The loop for `role`: a directory never opened is waited for first, even let go of meanwhile.
  static func loop(_ role: QueueMachine.Role) -> Loop {
    switch role {
    case .unopened, .relinquished(.neverOpened), .closed(_, waiting: _?): .waitForStorage
    case .relinquished(.heldLog), .closed(relinquished: true, waiting: nil): .waitWhileRelinquished
    case .writer: .handOver
    case .sender, .closed(relinquished: false, waiting: nil): .send
    case .modifying: preconditionFailure("the role read while it is changed")
    }
  }
}
