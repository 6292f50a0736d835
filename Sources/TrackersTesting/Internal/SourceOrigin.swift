/// A caller's source location, kept as the compile-time strings that `XCTFail` needs.
struct SourceOrigin: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  func fail(_ message: String) {
    TestFailure.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
