/// The line-by-line difference between the events a test expected and the events a recorder received,
/// rendered for a failure message.
///
/// Lines come in expected order, aligned on the longest common subsequence, so a missing event shows where
/// it was expected and an extra one where it arrived. An event that is both missing at one position and
/// extra at another is out of order, and both of its lines say so.
struct EventDiff: Sendable {
  enum Line: Sendable, Equatable {
    /// Expected and received here.
    case matched(String)
    /// Expected here, not received here.
    case missing(String, outOfOrder: Bool)
    /// Received here, not expected here.
    case extra(String, outOfOrder: Bool)
  }

  var lines: [Line]
  /// The index in `received` of the last event that matched, if any.
  var lastMatchedReceivedIndex: Int?

  init<Event: Equatable>(expected: [Event], received: [Event]) {
    let table = Self.commonSubsequenceLengths(expected, received)
    var lines: [Line] = []
    var pairs: [(expected: Int?, received: Int?)] = []
    var lastMatched: Int?
    var i = 0, j = 0
    while i < expected.count || j < received.count {
      if i < expected.count, j < received.count, expected[i] == received[j] {
        lines.append(.matched(describeEvent(expected[i])))
        pairs.append((i, j))
        lastMatched = j
        i += 1
        j += 1
      } else if i < expected.count, j == received.count || table[i + 1][j] >= table[i][j + 1] {
        lines.append(.missing(describeEvent(expected[i]), outOfOrder: false))
        pairs.append((i, nil))
        i += 1
      } else {
        lines.append(.extra(describeEvent(received[j]), outOfOrder: false))
        pairs.append((nil, j))
        j += 1
      }
    }
    // An event missing in one place and extra in another was sent, but not where it was expected.
    var pairedExtras = Set<Int>()
    for (lineIndex, pair) in pairs.enumerated() {
      guard let expectedIndex = pair.expected, pair.received == nil else { continue }
      let extra = pairs.indices.first { other in
        guard let receivedIndex = pairs[other].received, pairs[other].expected == nil,
              !pairedExtras.contains(other) else { return false }
        return received[receivedIndex] == expected[expectedIndex]
      }
      guard let extra else { continue }
      pairedExtras.insert(extra)
      lines[lineIndex] = .missing(describeEvent(expected[expectedIndex]), outOfOrder: true)
      lines[extra] = .extra(describeEvent(received[pairs[extra].received!]), outOfOrder: true)
    }
    self.lines = lines
    self.lastMatchedReceivedIndex = lastMatched
  }

  var missingCount: Int {
    lines.count { if case .missing(_, false) = $0 { true } else { false } }
  }

  var extraCount: Int {
    lines.count { if case .extra(_, false) = $0 { true } else { false } }
  }

  var outOfOrderCount: Int {
    lines.count { if case .missing(_, true) = $0 { true } else { false } }
  }

  var matchedCount: Int {
    lines.count { if case .matched = $0 { true } else { false } }
  }

  /// The diff, one event per line, indented for a failure message.
  ///
  /// `extraMarker` is `+` when extra events are failures and `·` when they are only skipped.
  func rendered(extraMarker: Character = "+") -> String {
    lines.map { line in
      switch line {
      case let .matched(event): "      \(event)"
      case let .missing(event, outOfOrder): "    − \(event)\(outOfOrder ? "  (out of order)" : "")"
      case let .extra(event, outOfOrder): "    \(extraMarker) \(event)\(outOfOrder ? "  (out of order)" : "")"
      }
    }
    .joined(separator: "\n")
  }

  /// `table[i][j]`: the length of the longest common subsequence of `a[i...]` and `b[j...]`.
  private static func commonSubsequenceLengths<Event: Equatable>(_ a: [Event], _ b: [Event]) -> [[Int]] {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table
  }
}
