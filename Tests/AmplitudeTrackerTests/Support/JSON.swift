import Foundation
import Trackers

/// Parses JSON bytes into a `PropertyValue`, so tests compare structures, never strings.
func parseJSON(_ bytes: [UInt8]) throws -> PropertyValue {
  try JSONDecoder().decode(PropertyValue.self, from: Data(bytes))
}

/// Parses a JSON literal written in a test.
func parseJSON(_ text: String) throws -> PropertyValue {
  try parseJSON(Array(text.utf8))
}

/// A moment with milliseconds: 2026-11-04T18:46:10.123Z.
let eventTime = Date(timeIntervalSince1970: 1_793_817_970.123)
/// A date property value: 2023-11-14T22:13:20.000Z.
let propertyDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A string of `count` ASCII characters.
func text(_ count: Int) -> String { String(repeating: "x", count: count) }

/// Records what a tracker receives, safe to call from any thread.
final class Recorder<Event: Sendable>: Sendable {
  private let lock = NSLock()
  // nonisolated(unsafe) is guarded: `storage` is only touched while `lock` is held.
  nonisolated(unsafe) private var storage: [Event] = []

  var tracker: Tracker<Event> {
    return { event in self.append(event) }
  }

  func append(_ event: Event) {
    lock.withLock { storage.append(event) }
  }

  var events: [Event] {
    lock.withLock { storage }
  }
}

/// Runs `body` with every reported issue captured instead of failing or warning.
func collectingIssues<R>(_ body: () async throws -> R) async rethrows -> (result: R, issues: [String]) {
  let issues = Recorder<String>()
  let result = try await withIssueReporter(IssueReporter { message, _ in issues.append(message) }) { try await body() }
  return (result, issues.events)
}

/// A fresh storage directory under the system's temporary directory.
func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("trackers-\(UUID().uuidString)", isDirectory: true)
}

/// `value` without the members named `keys` (at the top level), for comparing events minus generated ids.
func removing(_ keys: Set<String>, from value: PropertyValue) -> PropertyValue {
  guard case let .object(members) = value else { return value }
  return .object(members.filter { !keys.contains($0.key) })
}
