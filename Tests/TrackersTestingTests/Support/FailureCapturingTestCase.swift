import Trackers
import TrackersTesting
import XCTest

/// A failure XCTest recorded: its message, file and line.
struct RecordedFailure: Equatable, CustomStringConvertible {
  var message: String
  var filePath: String
  var line: Int

  var description: String { "\(filePath):\(line): \(message)" }
}

/// An ``IsolatedEnvironmentsTestCase`` that can watch its own failures: inside `capturingFailures`,
/// failures are collected instead of failing the test, so a test can assert their exact text and location.
///
/// It intercepts XCTest's own recording entry point (`recordFailure` in swift-corelibs-xctest, `record(_:)`
/// on Apple platforms), so what it sees is exactly what XCTest would report.
class FailureCapturingTestCase: IsolatedEnvironmentsTestCase {
  private var isCapturing = false
  private(set) var capturedFailures: [RecordedFailure] = []

  func capturingFailures(_ body: () -> Void) -> [RecordedFailure] {
    isCapturing = true
    defer { isCapturing = false }
    let before = capturedFailures.count
    body()
    return Array(capturedFailures[before...])
  }

  func startCapturingFailures() { isCapturing = true }
  func stopCapturingFailures() { isCapturing = false }

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard isCapturing else { return super.record(issue) }
    capturedFailures.append(
      RecordedFailure(
        message: issue.compactDescription,
        filePath: issue.sourceCodeContext.location?.fileURL.path ?? "",
        line: issue.sourceCodeContext.location?.lineNumber ?? 0
      )
    )
  }
  #else
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      return super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
    }
    capturedFailures.append(RecordedFailure(message: description, filePath: filePath, line: lineNumber))
  }
  #endif
}
