import Trackers
import TrackersTesting
import XCTest

/// A failure XCTest recorded: its message, file and line.
public struct RecordedFailure: Equatable, CustomStringConvertible {
  /// What XCTest reported.
  public var message: String
  /// The file it points at.
  public var filePath: String
  /// The line it points at.
  public var line: Int

  /// A failure of `message` at `filePath:line`.
  public init(message: String, filePath: String, line: Int) {
    self.message = message
    self.filePath = filePath
    self.line = line
  }

  /// `file:line: message`.
  public var description: String { "\(filePath):\(line): \(message)" }
}

/// An ``IsolatedEnvironmentsTestCase`` that can watch its own failures: inside `capturingFailures`,
/// failures are collected instead of failing the test, so a test can assert their exact text and location.
///
/// It intercepts XCTest's own recording entry point (`recordFailure` in swift-corelibs-xctest, `record(_:)`
/// on Apple platforms), so what it sees is exactly what XCTest would report.
///
/// A target of its own (TrackersTestingTests and TrackersTrackingPlanTests subclass it), so it is `open`.
open class FailureCapturingTestCase: IsolatedEnvironmentsTestCase {
  private var isCapturing = false
  /// The failures collected so far.
  public private(set) var capturedFailures: [RecordedFailure] = []

  /// Runs `body` collecting its failures instead of failing the test, and returns them.
  public func capturingFailures(_ body: () -> Void) -> [RecordedFailure] {
    isCapturing = true
    defer { isCapturing = false }
    let before = capturedFailures.count
    body()
    return Array(capturedFailures[before...])
  }

  /// Collects failures from now on, instead of failing the test.
  public func startCapturingFailures() { isCapturing = true }
  /// Fails the test on failures again.
  public func stopCapturingFailures() { isCapturing = false }

  #if canImport(Darwin)
  override open func record(_ issue: XCTIssue) {
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
  override open func recordFailure(
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
