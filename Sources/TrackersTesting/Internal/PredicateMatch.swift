/// Where, in order, received events satisfy a list of predicates, skipping events in between: how a
/// non-exhaustive recorder matches `expect { ... }`.
struct PredicateMatch {
  /// For each predicate, the index of the received event that satisfied it, or `nil`.
  var matchedIndices: [Int?]

  init<Event>(_ predicates: [(Event) -> Bool], in received: [Event]) {
    var next = 0
    matchedIndices = predicates.map { predicate in
      guard let index = received[next...].firstIndex(where: predicate) else { return nil }
      next = index + 1
      return index
    }
  }

  var isComplete: Bool { !matchedIndices.contains(nil) }

  /// How many received events, from the first, a complete match consumes.
  var consumedCount: Int { (matchedIndices.compactMap { $0 }.max() ?? -1) + 1 }
}
