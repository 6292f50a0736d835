import Foundation

extension QueueMachine {
  /// What the machine tells the shell to do for one input, split the way AsyncHTTPClient's
  /// `HTTPConnectionPool` splits its actions: what must run in the same hold of the driver's lock
  /// (`underLock`), what runs once it is released (`afterUnlock`), and the sending task's next step
  /// (`next`). One optional step, not a list: a loop can't be told two things to await. Not `Equatable`
  /// here: the machine's tests compare answers with an `==` of their own
  /// (Tests/TrackersDeliveryTests/Machine/Answer+Equatable.swift), reports by their case and every field,
  /// which ``DeliveryReport`` itself does not offer in the public API. A batch's answer changes the log
  /// with edits of their own type (`BatchEdit`), applied at once under the lock (`DriverState.answer`).
  struct Answer: ExpressibleByArrayLiteral {
    /// Run in order before the lock is released, so nothing another thread does can come between the
    /// decision and its effect (`DriverState.apply`).
    var underLock: [LockedEffect]
    /// Run in order once the lock is released (`QueueDriver.run`).
    var afterUnlock: [Effect]
    /// What the sending task's loop does next (`Sender.perform`); `nil`: it looks again. Only the loop's
    /// own inputs answer one.
    var next: LoopStep?

    /// Nothing to do, and no step.
    init() {
      self.init(underLock: [], [], next: nil)
    }

    init(underLock: [LockedEffect], _ afterUnlock: [Effect] = [], next: LoopStep? = nil) {
      self.underLock = underLock
      self.afterUnlock = afterUnlock
      self.next = next
    }

    /// Effects after the lock only, the common answer: `[.wakeSender]`.
    init(arrayLiteral effects: Effect...) {
      self.init(underLock: [], effects)
    }

    /// Effects after the lock, then `next`.
    init(_ afterUnlock: [Effect], next: LoopStep? = nil) {
      self.init(underLock: [], afterUnlock, next: next)
    }

    /// Only the loop's next step.
    init(next: LoopStep) {
      self.init(underLock: [], [], next: next)
    }

    /// Nothing to do, and no step.
    var isEmpty: Bool { underLock.isEmpty && afterUnlock.isEmpty && next == nil }

    /// `lhs`'s effects, then `rhs`'s. At most one of them may name a step: two answers that both do are
    /// a bug in the machine, not a choice to make here.
    static func + (lhs: Answer, rhs: Answer) -> Answer {
      precondition(lhs.next == nil || rhs.next == nil, "two loop steps in one answer: \(lhs.next!), \(rhs.next!)")
      return Answer(underLock: lhs.underLock + rhs.underLock, lhs.afterUnlock + rhs.afterUnlock, next: lhs.next ?? rhs.next)
    }

    static func += (lhs: inout Answer, rhs: Answer) {
      lhs = lhs + rhs
    }

    /// This answer with `step` as the loop's next step (replacing none).
    func then(_ step: LoopStep) -> Answer {
      self + Answer(next: step)
    }
  }

  /// What the shell does under the driver's lock, in the same hold as the decision: what another thread
  /// may not see half done (the log let go of, purged, sealed).
  enum LockedEffect: Equatable {
    /// Let go of the directory now (`letGo`, then the log handed over): between two requests, or with no
    /// request to wait for.
    case letGo
    /// Purge the log just taken back (`purge()` was called while it was let go of).
    case purge
    /// Seal what this process wrote so the sender takes it, and count what it took.
    case sealForHandover
  }

  /// What the shell does once the lock is released: wake or answer callers, report, time, cancel.
  enum Effect {
    /// Wake the sender's task.
    case wakeSender
    /// Answer these `flush()` calls.
    case answer([FlushTicket])
    case report(DeliveryReport)
    /// What was read from a replaced log is void: the sending task drops it, and reads from `generation`
    /// on. Only the loop's own looks answer it.
    case voidReadAhead(generation: Int)
    /// `close(timeout:)`'s deadline is up: cancel the sending task, and the requests in flight with it.
    case cancelSending
    /// Start `timer` (replacing the one running, if any) to fire at `deadline` on the queue's clock: the
    /// deadline is the machine's, the clock the shell's. It fires as `.closeTimerFired` or
    /// `.relinquishTimerFired`.
    case startTimer(QueueTimer, deadline: Duration)
    /// `timer` is no longer needed: cancel it (the sender ended, the queue let go).
    case cancelTimer(QueueTimer)
  }

  /// The sending task's next step (`Sender.perform`): what it awaits, does outside the lock, or how its
  /// loop ends.
  enum LoopStep: Equatable {
    /// The sender's task ends.
    case exit
    /// The queue's part changed: run the loop of the new one.
    case modeChanged
    /// Wait this long, or until woken (`nil`).
    case wait(Duration?)
    /// Send what is pending up to `target` (after taking what other processes handed over, if
    /// `takingHandedOverFirst`: then up to what the log holds with it); the machine answers the `flush()`
    /// calls it holds for the drain when it ends (`.drainEnded`).
    case drain(target: LogPosition, takingHandedOverFirst: Bool)
    /// Try the directory's sender lock (outside the lock: opening scans the log), then tell the machine
    /// (`.senderLock(free:)`).
    case probeSenderLock
    /// Try to open the directory the queue started without, then tell the machine (`.storageIdle`).
    case openStorage
    /// Take the segments other processes sealed or left behind (with the loop's scanner), then look again.
    case takeHandedOver
  }

  /// The deadlines the machine asks the shell to time (`.startTimer`).
  enum QueueTimer: Hashable, Sendable {
    /// `close(timeout:)`'s: past it, the sending task is cancelled.
    case close
    /// `relinquishDirectory(timeout:)`'s: past it, the queue lets go without waiting for the sender.
    case relinquish
  }
}
