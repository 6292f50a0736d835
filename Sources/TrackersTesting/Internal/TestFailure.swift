import Testing
import Trackers
import XCTest

/// Fails the running test, whichever framework runs it.
///
/// Inside a Swift Testing test (`Test.current` is set) the failure is an `Issue` at the caller's source
/// location. Otherwise it goes to XCTest: to the test case that ``IsolatedEnvironmentsTestCase`` bound to
/// the task, else through `XCTFail`, which XCTest attributes to the test case it is running.
///
/// Code in a `Task.detached` or on another thread has no `Test.current`. While an `.isolatedEnvironments`
/// test runs, such a failure is also recorded as a Swift Testing issue, which fails the run (attributed to
/// no particular test) rather than vanishing: outside an XCTest test, `XCTFail` does nothing on Linux.
enum TestFailure {
  /// Where a failure goes.
  enum Destination: Equatable {
    /// A Swift Testing `Issue`: to the current test, else to the run.
    case swiftTestingIssue
    /// The XCTest test case bound to the task by ``IsolatedEnvironmentsTestCase``.
    case boundXCTestCase
    /// `XCTFail`: XCTest's current test case, if any.
    case xctFail
  }

  /// How many `.isolatedEnvironments` Swift Testing test cases are running in this process.
  static let runningSwiftTestingScopes = LockIsolated(0)

  /// Fails the test at a location the caller captured with `#fileID`, `#filePath`, `#line`, `#column`.
  static func record(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let location = SourceLocation(
      fileID: "\(fileID)",
      filePath: "\(filePath)",
      line: Int(line),
      column: Int(column)
    )
    // `XCTFail` keeps the compile-time file path, so it is preferred to the bound test case here.
    for destination in destinations(hasBoundXCTestCase: false) {
      switch destination {
      case .swiftTestingIssue: Issue.record(Comment(rawValue: message), sourceLocation: location)
      case .boundXCTestCase: break
      case .xctFail: XCTFail(message, file: filePath, line: line)
      }
    }
  }

  /// Fails the test at a location that library code reported through `reportIssue`.
  static func record(_ message: String, at location: IssueLocation) {
    let binding = XCTestCaseBinding.current
    for destination in destinations(hasBoundXCTestCase: binding != nil) {
      switch destination {
      case .swiftTestingIssue:
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: location.fileID,
            filePath: location.filePath,
            line: location.line,
            column: location.column
          )
        )
      case .boundXCTestCase:
        binding?.recordFailure(message, filePath: location.filePath, line: location.line)
      case .xctFail:
        // `XCTFail` needs a compile-time file path, which a run-time `IssueLocation` can't give: name the
        // location in the message instead.
        XCTFail("\(message) (reported at \(location.filePath):\(location.line))")
      }
    }
  }

  static func destinations(hasBoundXCTestCase: Bool) -> [Destination] {
    destinations(
      isInSwiftTestingTest: Test.current != nil,
      hasBoundXCTestCase: hasBoundXCTestCase,
      isSwiftTestingRunning: runningSwiftTestingScopes.withLock { $0 > 0 }
    )
  }

  /// The routing rule, on its own so that tests can check every case of it.
  static func destinations(
    isInSwiftTestingTest: Bool,
    hasBoundXCTestCase: Bool,
    isSwiftTestingRunning: Bool
  ) -> [Destination] {
    if isInSwiftTestingTest { return [.swiftTestingIssue] }
    if hasBoundXCTestCase { return [.boundXCTestCase] }
    // No test context: a detached task or another thread. Reach whichever framework is running; the one
    // that is not ignores the failure (no Swift Testing run, or no current XCTest test case).
    return isSwiftTestingRunning ? [.swiftTestingIssue, .xctFail] : [.xctFail]
  }
}
