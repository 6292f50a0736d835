import Foundation

extension QueueMachine {
  /// What the machine tells the shell to do, outside the lock (`QueueDriver.run`). Not `Equatable` here:
  /// the machine's tests compare answers as exact lists with an `==` of their own
  /// (Tests/TrackersDeliveryTests/Machine/Command+Equatable.swift), reports by their case and every field,
  /// which ``DeliveryReport`` itself does not offer in the public API. A step of the sending task's loop
  /// (`exit`, `modeChanged`, `relinquish`, `wait`, `drain`, `openStorage`, `probeSenderLock`) ends its list.
  /// A batch's answer changes the log with edits of their own type (`BatchEdit`), run at once under the
  /// lock (`DriverState.answer`), never among these.
  enum Command {
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
    /// Start `timer` (replacing the one running, if any) to fire at `deadline` on the queue's clock: the
    /// deadline is the machine's, the clock the shell's. It fires as `.closeTimerFired` or
    /// `.relinquishTimerFired`.
    case startTimer(QueueTimer, deadline: Duration)
    /// `timer` is no longer needed: cancel it (the sender ended, the queue let go).
    case cancelTimer(QueueTimer)
  }

  /// The deadlines the machine asks the shell to time (`.startTimer`).
  enum QueueTimer: Hashable, Sendable {
    /// `close(timeout:)`'s: past it, the sending task is cancelled.
    case close
    /// `relinquishDirectory(timeout:)`'s: past it, the queue lets go without waiting for the sender.
    case relinquish
  }
}
