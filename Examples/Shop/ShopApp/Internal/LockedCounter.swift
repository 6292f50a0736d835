import Synchronization

/// A count shared by trackers that may run on any thread.
final class LockedCounter: Sendable {
  private let count = Atomic<Int>(0)

  func increment(by amount: Int = 1) {
    count.add(amount, ordering: .relaxed)
  }

  var value: Int { count.load(ordering: .relaxed) }
}
