// Apple-only members of XCTest, for `.ci/apple-typecheck`. Linux has XCTest (swift-corelibs-xctest) without
// Apple's issue API, so in the Apple views this file is compiled INTO each checked module that imports
// XCTest, as `internal` declarations. Declarations as on the page named above each one (developer.apple.com,
// read 2026-11). Nothing here runs.
import Foundation
import XCTest

// https://developer.apple.com/documentation/xctest/xctsourcecodelocation
class XCTSourceCodeLocation: NSObject {
  // https://developer.apple.com/documentation/xctest/xctsourcecodelocation/init(filepath:linenumber:)-3hzmr
  convenience init(filePath: String, lineNumber: Int) { fatalError() }
  // https://developer.apple.com/documentation/xctest/xctsourcecodelocation/init(fileurl:linenumber:)
  init(fileURL: URL, lineNumber: Int) { fatalError() }
}

// https://developer.apple.com/documentation/xctest/xctsourcecodecontext
class XCTSourceCodeContext: NSObject {
  // https://developer.apple.com/documentation/xctest/xctsourcecodecontext/init(location:)
  convenience init(location: XCTSourceCodeLocation?) { fatalError() }
  // https://developer.apple.com/documentation/xctest/xctsourcecodecontext/init()
  override convenience init() { fatalError() }
}

// https://developer.apple.com/documentation/xctest/xctissue-swift.struct
struct XCTIssue {
  // https://developer.apple.com/documentation/xctest/xctissuereference/issuetype
  enum IssueType: Int {
    case assertionFailure = 0, thrownError = 1, uncaughtException = 2, performanceRegression = 3, system = 4
    case unmatchedExpectedFailure = 5
  }
  // https://developer.apple.com/documentation/xctest/xctissue-swift.struct/init(type:compactdescription:detaileddescription:sourcecodecontext:associatederror:attachments:severity:)
  // (without `attachments:` and `severity:`, which our code does not pass)
  init(
    type: XCTIssue.IssueType, compactDescription: String, detailedDescription: String? = nil,
    sourceCodeContext: XCTSourceCodeContext = .init(), associatedError: (any Error)? = nil
  ) { fatalError() }
}

extension XCTestCase {
  // https://developer.apple.com/documentation/xctest/xctestcase/record(_:)
  func record(_ issue: XCTIssue) { fatalError() }
}
