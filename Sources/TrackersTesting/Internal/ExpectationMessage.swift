/// The failure messages of ``TrackerRecorder``'s expectations.
enum ExpectationMessage {
  static let fixMismatch = """
    To fix this, make the code under test send exactly the expected events in this order, or update the \
    expectation if the new events are intended.
    """

  static let fixNotFound = """
    To fix this, make the code under test send the expected events in this order, or update the \
    expectation if the new events are intended.
    """

  static func eventsMismatch(_ diff: EventDiff) -> String {
    """
    Received events differ from the expected events: \(summary(of: diff)).
    (− expected but not received, + received but not expected)
    \(diff.rendered())
    \(fixMismatch)
    """
  }

  static func eventsNotFound(_ diff: EventDiff) -> String {
    """
    Expected events did not all arrive in this order: \(summary(of: diff, countingExtras: false)).
    (− expected but not received, · received and skipped, as the recorder is non-exhaustive)
    \(diff.rendered(extraMarker: "·"))
    \(fixNotFound)
    """
  }

  static func unexpectedEvents<Event>(_ events: [Event]) -> String {
    """
    Expected no events, but received \(counted(events.count, "event", "events")):
    \(events.map { "    + \(describeEvent($0))" }.joined(separator: "\n"))
    To fix this, expect these events with `recorder.expect(...)`, or stop the code under test from \
    sending them.
    """
  }

  /// The failure of an exhaustive `expect { ... }`, or `nil` when each received event satisfies its
  /// predicate and there are as many events as predicates.
  static func predicatesMismatch<Event>(_ predicates: [(Event) -> Bool], received: [Event]) -> String? {
    var lines: [String] = []
    var failing = 0, missing = 0, extra = 0
    for position in 0..<max(predicates.count, received.count) {
      switch (position < predicates.count, position < received.count) {
      case (true, true) where predicates[position](received[position]):
        lines.append("      \(describeEvent(received[position]))")
      case (true, true):
        failing += 1
        lines.append("    ✗ \(describeEvent(received[position]))  (fails predicate \(position + 1))")
      case (true, false):
        missing += 1
        lines.append("    − (no event for predicate \(position + 1))")
      default:
        extra += 1
        lines.append("    + \(describeEvent(received[position]))")
      }
    }
    let counts = [
      failing > 0 ? "\(failing) failing" : nil,
      missing > 0 ? "\(missing) missing" : nil,
      extra > 0 ? "\(extra) extra" : nil,
    ].compactMap { $0 }
    guard !counts.isEmpty else { return nil }
    return """
      Received events do not satisfy the expected predicates: \(counts.joined(separator: ", ")).
      (✗ received but fails its predicate, − no event received for a predicate, + received but not expected)
      \(lines.joined(separator: "\n"))
      \(fixMismatch)
      """
  }

  /// The failure of a non-exhaustive `expect { ... }` that found no event for some predicates.
  static func predicatesNotFound<Event>(_ match: PredicateMatch, received: [Event]) -> String {
    var satisfied: [Int: Int] = [:]
    for (predicate, index) in match.matchedIndices.enumerated() {
      if let index { satisfied[index] = predicate + 1 }
    }
    var lines = received.enumerated().map { index, event in
      if let predicate = satisfied[index] {
        "      \(describeEvent(event))  (satisfies predicate \(predicate))"
      } else {
        "    · \(describeEvent(event))"
      }
    }
    let unmatched = match.matchedIndices.enumerated().filter { $0.element == nil }.map { $0.offset + 1 }
    lines += unmatched.map { "    − (no event for predicate \($0))" }
    return """
      Expected events did not all arrive in this order: \(unmatched.count) missing.
      (− no event received for a predicate, · received and skipped, as the recorder is non-exhaustive)
      \(lines.joined(separator: "\n"))
      \(fixNotFound)
      """
  }

  private static func summary(of diff: EventDiff, countingExtras: Bool = true) -> String {
    [
      diff.missingCount > 0 ? "\(diff.missingCount) missing" : nil,
      countingExtras && diff.extraCount > 0 ? "\(diff.extraCount) extra" : nil,
      diff.outOfOrderCount > 0 ? "\(diff.outOfOrderCount) out of order" : nil,
    ]
    .compactMap { $0 }
    .joined(separator: ", ")
  }
}
