import Foundation
import Trackers

/// The lines written to a sink, kept in order.
final class Lines: Sendable {
  private let lines = LockIsolated<[String]>([])
  var sink: LogSink { LogSink { [lines] line in lines.withLock { $0.append(line) } } }
  var all: [String] { lines.withLock { $0 } }

  /// The fields of the `summary` line about `vendor`: `["tracked": "12", ...]`.
  func summary(_ vendor: String) -> [String: String] {
    guard let line = all.first(where: { $0.hasPrefix("summary vendor=\(vendor) ") }) else { return [:] }
    var fields: [String: String] = [:]
    for field in line.split(separator: " ").dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1)
      if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
    }
    return fields
  }
}
