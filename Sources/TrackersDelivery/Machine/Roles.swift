/// The parts a queue plays for its directory (sender, writer for another process's sender, let go of,
/// not yet opened) and what each does with a record, a `relinquishDirectory` and the sender's task.
enum Roles {
  /// What the queue holds now.
  struct Facts: Equatable {
    var closing = false
    var closed = false
    /// The directory could not be opened yet: records wait in memory.
    var unopened = false
    var relinquished = false
    /// Another process sends: this one writes to a directory of its own.
    var writing = false
    /// The sender's task has ended.
    var senderGone = false
  }

  /// The public role (``DeliveryQueue/role``): a queue still waiting for its directory counts as its
  /// sender, which it becomes once it opens unless another process holds the lock.
  static func role(_ f: Facts) -> DeliveryQueue.Role {
    f.relinquished ? .relinquished : f.writing ? .writer : .sender
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

  static func route(_ f: Facts) -> Route {
    if f.closing { return .refuse }
    if f.unopened { return .keepInMemory }
    if f.relinquished { return .writeToInbox }
    return .append
  }

  /// Whether `relinquishDirectory` waits for the sender to let go between two requests (so the request
  /// in flight is answered and its outcome saved), rather than letting go at once: only a sender with
  /// an open log and a running task has a request to wait for.
  static func relinquishWaitsForSender(_ f: Facts) -> Bool {
    !f.closed && !f.relinquished && !f.senderGone && !f.writing && !f.unopened
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

  static func loop(_ f: Facts) -> Loop {
    if f.unopened { return .waitForStorage }
    switch role(f) {
    case .relinquished: return .waitWhileRelinquished
    case .writer: return .handOver
    case .sender: return .send
    }
  }
}
