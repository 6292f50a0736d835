import Foundation
import Testing

/// Runs `body`, which must fail the running test through `reportIssue` (inside an `.isolatedEnvironments`
/// test every `reportIssue` does), marks those failures as known, and returns their messages in order, so
/// the test can check exactly what was reported: how many, and what each says.
///
/// ```swift
/// let issues = knownIssues { mixpanelTracker("$bad") }
/// #expect(issues.count == 1)
/// #expect(issues[0].hasPrefix("Mixpanel: event name '$bad' starts with '$'"))
/// ```
///
/// Built on `withKnownIssue`: a body that reports nothing fails the test ("Known issue was not recorded")
/// unless `isIntermittent`; a failed `#expect` inside `body` is not taken for a report and fails the test
/// as usual.
public func knownIssues(
  isIntermittent: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () -> Void
) -> [String] {
  let messages = MessageLog()
  withKnownIssue(isIntermittent: isIntermittent, sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    messages.append(issue)
  }
  return messages.all
}

/// Runs an asynchronous `body` that must fail the running test through `reportIssue`; see
/// the synchronous `knownIssues`.
public func knownIssues(
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async -> [String] {
  let messages = MessageLog()
  await withKnownIssue(isIntermittent: isIntermittent, isolation: isolation, sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    messages.append(issue)
  }
  return messages.all
}

/// The messages of the issues `reportIssue` recorded, in order.
private final class MessageLog: @unchecked Sendable {
  // @unchecked Sendable is safe: `messages` is only read or written while `lock` is held.
  private let lock = NSLock()
  private var messages: [String] = []

  /// Keeps the message of an issue `reportIssue` recorded (`Issue.record` with a comment) and says it is
  /// known; any other issue is left to fail the test.
  func append(_ issue: Issue) -> Bool {
    guard case .unconditional = issue.kind else { return false }
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    lock.withLock { messages.append(message) }
    return true
  }

  var all: [String] { lock.withLock { messages } }
}
