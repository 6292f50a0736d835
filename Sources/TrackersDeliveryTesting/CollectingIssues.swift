import Trackers

/// Runs `body` and returns what it reported through ``Trackers/reportIssue(_:fileID:filePath:line:column:)``
/// (an invalid event, a refused one, a module not configured), instead of failing the running test.
///
/// ```swift
/// let issues = collectingIssues { acmeTracker("") }
/// #expect(issues == ["Acme: event name is empty. ... To fix this, ..."])
/// ```
public func collectingIssues(_ body: () throws -> Void) rethrows -> [String] {
  let issues = LockIsolated<[String]>([])
  try withIssueReporter(IssueReporter { message, _ in issues.withLock { $0.append(message) } }) {
    try body()
  }
  return issues.current
}

/// Runs an asynchronous `body` and returns what it reported; see the synchronous `collectingIssues`.
public func collectingIssues(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [String] {
  let issues = LockIsolated<[String]>([])
  try await withIssueReporter(IssueReporter { message, _ in issues.withLock { $0.append(message) } }, isolation: isolation) {
    try await body()
  }
  return issues.current
}
