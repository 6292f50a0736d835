// Every ```swift block of the documentation compiles: this test finds each block of README.md, of every
// DocC article (Sources/*/Documentation.docc/*.md) and every multi-line ```swift example in a `///` doc
// comment under Sources/ (and the same in Examples/TelemetryDeckTracker/Sources), and fails unless the same
// lines stand between markers in a Swift file of this target, which the build compiles, or of
// Examples/TelemetryDeckTracker/Tests for the blocks that use that module (CI builds and tests it):
//
//   // snippet: Sources/Trackers/Documentation.docc/GettingStarted.md#2
//   ...the block, verbatim...
//   // end snippet
//
// How a block is named: its file (relative to the package root) and its ordinal, `#n`, counting from 1 in
// the order of the file. In a Markdown file every ```swift block counts; in a Swift file only the multi-line
// ones (a one-line example in a doc comment is exempt and not counted). File + ordinal, not file + symbol,
// because the names script renames the symbols (and the twins with them) but not the order of the blocks;
// when a block is added or removed above others, or its file is renamed, the failure names the block the
// twin's lines now match, so fixing the marker is a copy.
//
// How blocks compare: a doc comment's lines lose their `///`, then each block (doc and twin) loses its
// common indentation and every line its trailing whitespace. `import` lines of a doc block are not part of
// the twin (imports live at the top of a file): each must be a line of the twin's file instead.
//
// A block that can't compile here (a sketch elided with `...`, a manifest, an excerpt of a module's own
// code) is exempt when the line before its fence is `<!-- snippet: not compiled: <why> -->` (`/// <!-- ...`
// in a doc comment; neither DocC nor GitHub shows it); it keeps its number.
import Foundation
import Testing

@Suite struct DocSnippetTests {
  @Test func everyDocBlockHasItsVerbatimTwin() throws {
    let docs = try DocBlock.all()
    let twins = try Twin.all()
    #expect(docs.count > 150, "found only \(docs.count) documentation blocks: is the package root \(packageRoot.path)?")
    let twinsByName = Dictionary(grouping: twins, by: \.name)
    for doc in docs where !doc.isExempt {
      guard let twin = twinsByName[doc.name]?.first else {
        Issue.record(Comment(rawValue: """
          \(doc.name) (line \(doc.line)) has no compiled twin. To fix this, add it to a Swift file of \
          Tests/DocSnippetTests (in a scope where it compiles), between these markers:
          \(doc.expectedTwin)
          """))
        continue
      }
      if let difference = firstDifference(doc.lines, twin.lines) {
        Issue.record(Comment(rawValue: """
          \(doc.name) (line \(doc.line)) differs from its twin at \(twin.file):\(twin.line), block line \
          \(difference.index + 1):
            doc:  \(difference.doc ?? "<end of block>")
            twin: \(difference.twin ?? "<end of block>")
          To fix this, make the doc correct Swift and the twin the same lines:
          \(doc.expectedTwin)
          """))
      }
      for importLine in doc.imports where !twin.fileLines.contains(importLine) {
        Issue.record(Comment(rawValue: """
          \(doc.name) (line \(doc.line)) has `\(importLine)`, which \(twin.file) lacks. To fix this, add the line \
          at the top of \(twin.file).
          """))
      }
    }
  }

  @Test func everyTwinHasItsDocBlock() throws {
    let docs = try DocBlock.all()
    let twins = try Twin.all()
    let docsByName = Dictionary(grouping: docs, by: \.name)
    let docsByLines = Dictionary(grouping: docs, by: \.lines)
    for twin in twins {
      if let doc = docsByName[twin.name]?.first, !doc.isExempt { continue }
      let moved = docsByLines[twin.lines]?.map(\.name).joined(separator: ", ")
      Issue.record(Comment(rawValue: """
        The twin at \(twin.file):\(twin.line) is named \(twin.name), but \
        \(docsByName[twin.name] == nil ? "there is no such block" : "that block is not compiled") any more. \
        To fix this, \(moved.map { "rename the twin's marker: it is now \($0)" } ?? "delete the twin").
        """))
    }
    for (name, sameName) in Dictionary(grouping: twins, by: \.name) where sameName.count > 1 {
      Issue.record(Comment(rawValue: """
        \(name) has \(sameName.count) twins (\(sameName.map { "\($0.file):\($0.line)" }.joined(separator: ", "))). \
        To fix this, keep one.
        """))
    }
  }
}

// MARK: - Reading the blocks

/// The package root: this file is Tests/DocSnippetTests/DocSnippetTests.swift.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Where the documented code is: this package's modules, and the vendor module written in a package of its
/// own, whose docs use its API.
let sourceDirectories = ["Sources", "Examples/TelemetryDeckTracker/Sources"]

/// Where the twins are: this target, and the TelemetryDeckTracker package's tests for the blocks that use
/// that module (this package can't depend on it: it depends on this package; CI builds and tests it).
let twinDirectories = ["Tests/DocSnippetTests", "Examples/TelemetryDeckTracker/Tests"]

/// The start of the line before a fence that exempts its block.
let exemption = "<!-- snippet: not compiled:"

/// One ```swift block of the documentation.
struct DocBlock {
  var file: String
  var ordinal: Int
  /// The line of the opening fence, from 1.
  var line: Int
  var lines: [String]
  var imports: [String]
  var isExempt: Bool

  var name: String { "\(file)#\(ordinal)" }

  /// The text to paste into a twin file.
  var expectedTwin: String {
    (["// snippet: \(name)"] + lines + ["// end snippet"]).joined(separator: "\n")
  }

  static func all() throws -> [DocBlock] {
    var blocks: [DocBlock] = []
    for file in try markdownFiles() {
      blocks += try markdownBlocks(in: file)
    }
    for directory in sourceDirectories {
      for file in try files(under: directory, withExtension: "swift") {
        blocks += try docCommentBlocks(in: file)
      }
    }
    return blocks
  }

  static func markdownFiles() throws -> [String] {
    var files = ["README.md"]
    for directory in sourceDirectories {
      let modules = try FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent(directory).path
      )
      files += modules.sorted().flatMap { articles(in: "\(directory)/\($0)/Documentation.docc") }
    }
    return files
  }

  static func articles(in docc: String) -> [String] {
    guard let articles = try? FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent(docc).path
    ) else { return [] }
    return articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(docc)/\($0)" }
  }

  static func markdownBlocks(in file: String) throws -> [DocBlock] {
    let lines = try readLines(file)
    return fencedBlocks(in: lines.map { Optional($0) }, file: file, countsOneLiners: true) { index in
      index > 0 && lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix(exemption)
    }
  }

  /// Doc comment lines lose their `///`; any other line is `nil` and ends a block.
  static func docCommentBlocks(in file: String) throws -> [DocBlock] {
    let lines = try readLines(file).map { line -> String? in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      return trimmed.hasPrefix("///") ? String(trimmed.dropFirst(3)) : nil
    }
    return fencedBlocks(in: lines, file: file, countsOneLiners: false) { index in
      index > 0 && lines[index - 1]?.trimmingCharacters(in: .whitespaces).hasPrefix(exemption) == true
    }
  }

  static func fencedBlocks(
    in lines: [String?], file: String, countsOneLiners: Bool, isExempt: (Int) -> Bool
  ) -> [DocBlock] {
    var blocks: [DocBlock] = []
    var index = 0
    while index < lines.count {
      guard let opening = lines[index], opening.trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      var body: [String] = []
      var end = index + 1
      while end < lines.count, let line = lines[end], line.trimmingCharacters(in: .whitespaces) != "```" {
        body.append(line)
        end += 1
      }
      let normalized = normalize(body)
      if countsOneLiners || normalized.filter({ !$0.isEmpty }).count > 1 {
        let imports = normalized.filter { $0.hasPrefix("import ") }
        blocks.append(DocBlock(
          file: file, ordinal: blocks.count + 1, line: index + 1,
          lines: trimBlankEnds(normalized.filter { !$0.hasPrefix("import ") }), imports: imports,
          isExempt: isExempt(index)
        ))
      }
      index = end + 1
    }
    return blocks
  }
}

/// A block of this target between `// snippet: <name>` and `// end snippet`.
struct Twin {
  var name: String
  var file: String
  /// The line of the opening marker, from 1.
  var line: Int
  var lines: [String]
  var fileLines: Set<String>

  static func all() throws -> [Twin] {
    var twins: [Twin] = []
    for file in try twinDirectories.flatMap({ try files(under: $0, withExtension: "swift") }) {
      let lines = try readLines(file)
      let fileLines = Set(lines.map { $0.trimmingCharacters(in: .whitespaces) })
      var index = 0
      while index < lines.count {
        let marker = lines[index].trimmingCharacters(in: .whitespaces)
        guard marker.hasPrefix("// snippet: ") else {
          index += 1
          continue
        }
        var end = index + 1
        while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "// end snippet" { end += 1 }
        twins.append(Twin(
          name: String(marker.dropFirst("// snippet: ".count)), file: file, line: index + 1,
          lines: trimBlankEnds(normalize(Array(lines[(index + 1)..<min(end, lines.count)]))), fileLines: fileLines
        ))
        index = end + 1
      }
    }
    return twins
  }
}

// MARK: - Comparing

/// Without trailing whitespace and the lines' common indentation.
func normalize(_ lines: [String]) -> [String] {
  let trimmed = lines.map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
  let indentation = trimmed.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
  return trimmed.map { String($0.dropFirst(indentation)) }
}

func trimBlankEnds(_ lines: [String]) -> [String] {
  Array(lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
}

func firstDifference(_ doc: [String], _ twin: [String]) -> (index: Int, doc: String?, twin: String?)? {
  for index in 0..<max(doc.count, twin.count) {
    let docLine = index < doc.count ? doc[index] : nil
    let twinLine = index < twin.count ? twin[index] : nil
    if docLine != twinLine { return (index, docLine, twinLine) }
  }
  return nil
}

func readLines(_ file: String) throws -> [String] {
  try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// Paths relative to the package root, sorted.
func files(under directory: String, withExtension pathExtension: String) throws -> [String] {
  let root = packageRoot.appendingPathComponent(directory)
  guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
  }
  return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".\(pathExtension)") }.sorted()
    .map { "\(directory)/\($0)" }
}
