import Foundation
import Trackers

/// Records what a tracker receives, safe to call from any thread.
public final class Recorder<Event: Sendable>: Sendable {
  private let lock = NSLock()
  // nonisolated(unsafe) is guarded: `storage` is only touched while `lock` is held.
  nonisolated(unsafe) private var storage: [Event] = []

  public init() {}

  public var tracker: Tracker<Event> {
    return { event in self.append(event) }
  }

  public func append(_ event: Event) {
    lock.lock()
    defer { lock.unlock() }
    storage.append(event)
  }

  public var events: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

/// Runs `body` with every reported issue captured instead of failing or warning.
public func collectingIssues<R>(_ body: () throws -> R) rethrows -> (result: R, issues: [String]) {
  let issues = Recorder<String>()
  let result = try withIssueReporter(IssueReporter { message, _ in issues.append(message) }) { try body() }
  return (result, issues.events)
}

/// Async variant of ``collectingIssues(_:)``.
public func collectingIssues<R>(_ body: () async throws -> R) async rethrows -> (result: R, issues: [String]) {
  let issues = Recorder<String>()
  let result = try await withIssueReporter(IssueReporter { message, _ in issues.append(message) }) { try await body() }
  return (result, issues.events)
}
