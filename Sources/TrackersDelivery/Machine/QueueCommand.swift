import Foundation

extension QueueMachine {
  /// What the machine tells the shell to do. Compared with `==` in the machine's tests, so an answer reads
  /// as one exact list (reports by their case and every field: ``DeliveryReport`` itself is not
  /// `Equatable` in the public API). A step of the sending task's loop (`exit`, `modeChanged`, `relinquish`,
  /// `wait`, `drain`, `openStorage`, `probeSenderLock`) ends its list (see `QueueDriver.run`). The commands
  /// of a batch's answer (`finishRecords`, `recordAttempts`, `sendAgain`, `saveCursor`) change the log and
  /// are run at once, under the lock (`DriverState.answer`).
  enum Command: Equatable {
    /// Wake the sender's task.
    case wakeSender
    /// Answer these `flush()` calls.
    case answer([FlushTicket])
    case report(DeliveryReport)
    /// The sender's task ends.
    case exit
    /// The queue's part changed: run the loop of the new one.
    case modeChanged
    /// Let go of the directory now, between two requests.
    case relinquish
    /// Wait this long, or until woken (`nil`).
    case wait(Duration?)
    /// What was read from a replaced log is void: drop it, and read from `generation` on.
    case voidReadAhead(generation: Int)
    /// Send what is pending up to `target` (after taking what other processes handed over, if
    /// `takingHandedOverFirst`: then up to what the log holds with it); the machine answers the `flush()`
    /// calls it holds for the drain when it ends (`.drainEnded`).
    case drain(target: LogPosition, takingHandedOverFirst: Bool)
    /// Try the directory's sender lock.
    case probeSenderLock
    /// Seal what this process wrote so the sender takes it.
    case sealForHandover
    /// Purge the log just taken back.
    case purge
    /// Try to open the directory the queue started without.
    case openStorage
    /// Take the segments other processes sealed or left behind.
    case takeHandedOver
    /// `close(timeout:)`'s deadline is up: cancel the sending task, and the requests in flight with it.
    case cancelSending
    /// Finish these records of the batch being answered (indices in batch order) on the log: delivered,
    /// rejected or dropped, as the machine counted them.
    case finishRecords([Int])
    /// Count an attempt on the log for these records of the batch being answered.
    case recordAttempts([Int])
    /// Send these parts of the batch being answered again (record indices, each part in order), the first
    /// part first, before anything read after them.
    case sendAgain([[Int]])
    /// Move the log's head over what is finished and save the cursor.
    case saveCursor
  }
}

extension QueueMachine.Command {
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.wakeSender, .wakeSender), (.exit, .exit), (.modeChanged, .modeChanged), (.relinquish, .relinquish),
      (.probeSenderLock, .probeSenderLock), (.sealForHandover, .sealForHandover),
      (.purge, .purge), (.openStorage, .openStorage), (.takeHandedOver, .takeHandedOver),
      (.cancelSending, .cancelSending), (.saveCursor, .saveCursor):
      true
    case (.finishRecords(let a), .finishRecords(let b)), (.recordAttempts(let a), .recordAttempts(let b)): a == b
    case (.sendAgain(let a), .sendAgain(let b)): a == b
    case (.answer(let a), .answer(let b)): a == b
    case (.report(let a), .report(let b)): a.isSame(as: b)
    case (.wait(let a), .wait(let b)): a == b
    case (.voidReadAhead(let a), .voidReadAhead(let b)): a == b
    case (.drain(let a, let x), .drain(let b, let y)): a == b && x == y
    default: false
    }
  }
}

extension DeliveryReport {
  /// The same case with the same fields: what `Command`'s `==` compares.
  func isSame(as other: DeliveryReport) -> Bool {
    switch (self, other) {
    case (.dropped(let d1, let c1, let r1, let x1), .dropped(let d2, let c2, let r2, let x2)):
      d1 == d2 && c1 == c2 && r1 == r2 && x1 == x2
    case (.permanentFailure(let d1, let s1, let x1), .permanentFailure(let d2, let s2, let x2)):
      d1 == d2 && s1 == s2 && x1 == x2
    case (.corruptDataSkipped(let d1, let r1, let b1, let x1), .corruptDataSkipped(let d2, let r2, let b2, let x2)):
      d1 == d2 && r1 == r2 && b1 == b2 && x1 == x2
    case (.retryScheduled(let d1, let c1, let w1, let x1), .retryScheduled(let d2, let c2, let w2, let x2)):
      d1 == d2 && c1 == c2 && w1 == w2 && x1 == x2
    case (.storageFailure(let d1, let x1), .storageFailure(let d2, let x2)):
      d1 == d2 && x1 == x2
    default:
      false
    }
  }
}
