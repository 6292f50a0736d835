import Foundation
import XCTest

/// The XCTest test case that an ``IsolatedEnvironmentsTestCase`` runs, bound to its task so that issues
/// reported from the test's code (and its child tasks) fail that test case at the reported file and line.
final class XCTestCaseBinding: @unchecked Sendable {  // safe: immutable, and used only under `lock` (below)
  // @unchecked is safe: `testCase` is immutable and only used inside `lock`, so failures recorded from
  // several threads of one test reach XCTest one at a time.
  private let testCase: XCTestCase
  private let lock = NSLock()

  @TaskLocal static var current: XCTestCaseBinding?

  init(_ testCase: XCTestCase) {
    self.testCase = testCase
  }

  func recordFailure(_ message: String, filePath: String, line: Int) {
    lock.lock()
    defer { lock.unlock() }
    #if canImport(Darwin)
    let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: line)
    let issue = XCTIssue(
      type: .assertionFailure,
      compactDescription: message,
      sourceCodeContext: XCTSourceCodeContext(location: location)
    )
    testCase.record(issue)
    #else
    testCase.recordFailure(withDescription: message, inFile: filePath, atLine: line, expected: true)
    #endif
  }
}
