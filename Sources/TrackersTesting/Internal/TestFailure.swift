import Testing
import Trackers
import XCTest

/// Fails the running test, whichever framework runs it.
///
/// Inside a Swift Testing test (`Test.current` is set) the failure is an `Issue` at the caller's source
/// location. Otherwise it goes to XCTest: to the test case that ``IsolatedEnvironmentsTestCase`` bound to
/// the task, else through `XCTFail`, which XCTest attributes to the test case it is running.
enum TestFailure {
  /// Fails the test at a location the caller captured with `#fileID`, `#filePath`, `#line`, `#column`.
  static func record(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(fileID)",
          filePath: "\(filePath)",
          line: Int(line),
          column: Int(column)
        )
      )
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }

  /// Fails the test at a location that library code reported through `reportIssue`.
  static func record(_ message: String, at location: IssueLocation) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: location.fileID,
          filePath: location.filePath,
          line: location.line,
          column: location.column
        )
      )
    } else if let testCase = XCTestCaseBinding.current {
      testCase.recordFailure(message, filePath: location.filePath, line: location.line)
    } else {
      // `XCTFail` needs a compile-time file path, which a run-time `IssueLocation` can't give: name the
      // location in the message instead.
      XCTFail("\(message) (reported at \(location.filePath):\(location.line))")
    }
  }
}
