/// When a batch is due, and what `flush()` and `close()` wait for: the sender's next step, decided from
/// what it knows now, without reading or changing anything itself.
enum Batching {
  /// What the decision reads: the queue's state and the time, as the sender saw them under the lock.
  struct Facts: Equatable {
    var now: Duration
    /// The queue let go of its directory.
    var relinquished = false
    /// `relinquishDirectory` waits for the sender to let go between two requests.
    var relinquishRequested = false
    /// Batches read ahead or split, waiting to be sent before anything else.
    var hasCarry = false
    /// The log was replaced since the sender last looked: what it read ahead is void.
    var logReplaced = false
    var backoffUntil: Duration?
    var closing = false
    var closeDeadline: Duration?
    /// The send gate (consent, ``DeliveryConfiguration/shouldSend``).
    var maySend = true
    var pendingEvents = 0
    var pendingBytes: Int64 = 0
    var pendingSince: Duration?
    var flushRequested = false
    var flushWaiting = false
  }

  /// The next step, with what it changes in the queue's state.
  struct Decision: Equatable {
    enum Step: Equatable {
      /// The sender ends (the queue is closing).
      case exit
      /// The queue's part changed: the sender runs the loop of the new one.
      case modeChanged
      /// Let go of the directory now, between two requests.
      case relinquish
      /// Wait this long, or until woken (`nil`).
      case wait(Duration?)
      /// Send what is pending up to the log's end; `includingHandedOver`: nothing is pending here, but
      /// a `flush()` also sends what other processes sealed.
      case drain(includingHandedOver: Bool)
    }

    /// What happens to the `flush()` calls waiting.
    enum Flush: Equatable {
      /// They wait on.
      case keep
      /// Answered now: nothing will be sent for them before an input changes.
      case answer
      /// Answered once the drain is done: it reaches everything enqueued before them.
      case afterDrain
    }

    /// What enqueue should wake the sender for, while it waits.
    enum SenderWait: Equatable {
      case keep
      case set(QueueMachine.SenderWait?)
    }

    var step: Step
    var flush: Flush = .keep
    var senderWait: SenderWait = .keep
    /// The backoff is over: it is forgotten.
    var clearsBackoff = false
    /// Nothing is pending: the interval starts again at the next enqueue.
    var clearsPendingSince = false
  }

  /// The sender's next step.
  static func next(_ f: Facts, limits: BatchLimits) -> Decision {
    if f.relinquished { return Decision(step: .modeChanged) }
    if f.relinquishRequested { return Decision(step: .relinquish) }
    // What was read from the old log is dropped first: look again with nothing carried.
    if f.logReplaced && f.hasCarry { return Decision(step: .wait(.zero)) }
    let hasCarry = f.hasCarry && !f.logReplaced
    if let until = f.backoffUntil, f.now < until {
      // The destination asked for a pause: flush() does not wait through it; close() does not wait past
      // its deadline.
      if f.closing, let deadline = f.closeDeadline, until >= deadline { return Decision(step: .exit, flush: .answer) }
      return Decision(step: .wait(until - f.now), flush: .answer, senderWait: .set(nil))
    }
    if !f.maySend && (f.pendingEvents > 0 || hasCarry) {
      // Held by the send gate: flush() does not wait for it, close() does not send; the gate's change wakes.
      if f.closing { return Decision(step: .exit, flush: .answer, clearsBackoff: true) }
      return Decision(step: .wait(nil), flush: .answer, senderWait: .set(nil), clearsBackoff: true)
    }
    if f.pendingEvents == 0 && !hasCarry {
      if f.flushWaiting && !f.closing {
        return Decision(step: .drain(includingHandedOver: true), flush: .afterDrain, clearsBackoff: true)
      }
      if f.closing { return Decision(step: .exit, flush: .answer, clearsBackoff: true, clearsPendingSince: true) }
      return Decision(
        step: .wait(nil), flush: .answer, senderWait: .set(.idle), clearsBackoff: true, clearsPendingSince: true)
    }
    let intervalDue = f.pendingSince.map { f.now >= $0 + limits.flushInterval } ?? true
    if hasCarry || f.closing || f.flushRequested || intervalDue || limits.makeAFullBatch(events: f.pendingEvents, bytes: f.pendingBytes) {
      return Decision(step: .drain(includingHandedOver: false), flush: .afterDrain, senderWait: .set(nil), clearsBackoff: true)
    }
    return Decision(
      step: .wait((f.pendingSince ?? f.now) + limits.flushInterval - f.now), senderWait: .set(.interval),
      clearsBackoff: true)
  }
}
