import Testing
import TrackersTesting

/// Runs `body`, which must fail the running test with exactly `messages`, in this order, and with nothing
/// else; when `line` is given, every failure must point at that line of this file.
///
/// Built on `withKnownIssue`: an issue whose message is not in `messages` is not matched, so it fails the
/// test as usual, and shows what was recorded instead.
func expectIssues(
  _ messages: [String],
  atLine line: Int? = nil,
  fileID: String = #fileID,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () -> Void
) {
  let recorded = TrackerRecorder<String>(exhaustivity: .nonExhaustive)
  let record = recorded.tracker
  withKnownIssue(sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    guard messages.contains(message) else { return false }
    if let line, issue.sourceLocation?.line != line || issue.sourceLocation?.fileID != fileID {
      return false
    }
    record(message)
    return true
  }
  #expect(recorded.events == messages, sourceLocation: sourceLocation)
}
