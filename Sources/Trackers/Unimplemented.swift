/// A tracker that reports an issue when it is called, for `Environment.unimplemented` values.
///
/// In a test run through `TrackersTesting` the issue fails the test, so a test that starts from an
/// unimplemented environment proves which closures the code under test really uses:
///
/// ```swift
/// extension Environment {
///   public static let unimplemented = Environment(
///     send: Trackers.unimplemented("GoogleAnalyticsTracker.Current.send")
///   )
/// }
/// ```
///
/// The message reads: "GoogleAnalyticsTracker.Current.send was called but not expected. To fix this, ...".
public func unimplemented<Event>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Tracker<Event> {
  return { event in
    reportIssue(
      unimplementedMessage(name, argument: String(describing: event)),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// A closure of any shape that reports an issue when it is called, then returns `placeholder`.
///
/// ```swift
/// public static let unimplemented = Environment(
///   send: Trackers.unimplemented("MixpanelTracker.Current.send"),
///   now: Trackers.unimplemented("MixpanelTracker.Current.now", placeholder: Date(timeIntervalSince1970: 0))
/// )
/// ```
public func unimplemented<Result: Sendable>(
  _ name: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable () -> Result {
  return {
    reportIssue(
      unimplementedMessage(name, argument: nil),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    return placeholder
  }
}

func unimplementedMessage(_ name: String, argument: String?) -> String {
  let received = argument.map { " with \($0)" } ?? ""
  return """
    \(name) was called\(received) but not expected. To fix this, assign the closure this test \
    expects to be used (for example `\(name) = recorder.tracker`), or start from `.mock` if the calls \
    do not matter.
    """
}
