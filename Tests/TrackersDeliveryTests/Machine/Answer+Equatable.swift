import Foundation
@testable import TrackersDelivery

// The machine's answers compared whole, as AsyncHTTPClient's state-machine tests compare actions: the
// effects under the lock and after it as exact lists, and the loop's step. Here, not in the library: nothing
// but the tests compares answers, and `DeliveryReport` is not `Equatable` in the public API.

extension QueueMachine.Answer: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.underLock == rhs.underLock && lhs.afterUnlock == rhs.afterUnlock && lhs.next == rhs.next
  }
}

extension QueueMachine.Effect: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.wakeSender, .wakeSender), (.cancelSending, .cancelSending):
      true
    case (.answer(let a), .answer(let b)): a == b
    case (.startTimer(let a, let x), .startTimer(let b, let y)): a == b && x == y
    case (.cancelTimer(let a), .cancelTimer(let b)): a == b
    case (.report(let a), .report(let b)): a.isSame(as: b)
    case (.voidReadAhead(let a), .voidReadAhead(let b)): a == b
    // Each case by name, so that a new case is a compile error here rather than `false`.
    case (.wakeSender, _), (.cancelSending, _), (.answer, _), (.startTimer, _), (.cancelTimer, _), (.report, _),
      (.voidReadAhead, _):
      false
    }
  }
}

extension DeliveryReport {
  /// The same case with the same fields: what `Effect`'s `==` compares.
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

/// The machine's reports as effects, whole (case, counts, detail), for the destination the machine tests name
/// "Test": one set for every suite, so a report reads the same in each.
extension QueueMachine.Effect {
  static func dropped(_ count: Int, _ reason: DropReason, _ detail: String) -> Self {
    .report(.dropped(destination: "Test", count: count, reason: reason, detail: detail))
  }

  static func corrupt(_ regions: Int, _ bytes: Int, _ detail: String) -> Self {
    .report(.corruptDataSkipped(destination: "Test", regions: regions, bytes: bytes, detail: detail))
  }

  static func retry(_ count: Int, _ delay: Duration, _ detail: String) -> Self {
    .report(.retryScheduled(destination: "Test", count: count, delay: delay, detail: detail))
  }
}
