// `swift run tracking-plan [--json] [paths...]`: every module's tracking plan as one document.
//
// A path is a `TrackingPlan.json` or a directory searched (recursively, hidden folders skipped) for
// `TrackingPlan.json` files; by default, the current directory's `Tests/`. Prints the union as Markdown
// (`TrackingPlan.markdown(_:)`), or with `--json` as a JSON array of the plans in module order. A file that
// can't be read or isn't a plan is named on standard error with the problem, and the exit code is 1.

import Foundation
import TrackersTrackingPlan

let usage = """
  Usage: tracking-plan [--json] [paths...]

  Prints the union of the tracking plans found as Markdown, or with --json as a JSON array of plans in
  module order. A path is a TrackingPlan.json file or a directory searched recursively for them
  (default: ./Tests).
  """

/// Writes `text` to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

// MARK: Arguments

var json = false
var paths: [String] = []
for argument in CommandLine.arguments.dropFirst() {
  switch argument {
  case "--json": json = true
  case "-h", "--help":
    print(usage)
    exit(0)
  case let option where option.hasPrefix("-") && option.count > 1:
    printError("tracking-plan: unknown option '\(option)'.\n\n\(usage)")
    exit(1)
  default: paths.append(argument)
  }
}
if paths.isEmpty { paths = ["Tests"] }

// MARK: Finding the files

let fileManager = FileManager.default
var errors: [String] = []
var files: [String] = []

for path in paths {
  var isDirectory: ObjCBool = false
  guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
    errors.append("\(path): no such file or directory")
    continue
  }
  guard isDirectory.boolValue else {
    files.append(path)
    continue
  }
  let root = URL(fileURLWithPath: path, isDirectory: true)
  guard
    let enumerator = fileManager.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
  else {
    errors.append("\(path): can't list the directory")
    continue
  }
  var found: [String] = []
  for case let url as URL in enumerator where url.lastPathComponent == "TrackingPlan.json" {
    found.append(url.path)
  }
  if found.isEmpty {
    errors.append("\(path): no TrackingPlan.json in this directory or below")
  }
  files += found.sorted()
}

// The same file named twice (a directory and a file in it) counts once.
var seen: Set<String> = []
files = files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }

// MARK: Reading the plans

/// What's wrong with a file that isn't a plan, in a line.
func describe(_ error: any Error) -> String {
  func at(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
    }
    return text.isEmpty ? "" : " at " + text
  }
  switch error {
  case let DecodingError.dataCorrupted(context):
    if context.codingPath.isEmpty {
      let detail = (context.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
      return "not valid JSON\(detail)"
    }
    return "not a tracking plan\(at(context.codingPath)): \(context.debugDescription)"
  case let DecodingError.keyNotFound(key, context):
    return "not a tracking plan: the key '\(key.stringValue)' is missing\(at(context.codingPath))"
  case let DecodingError.typeMismatch(type, context):
    return "not a tracking plan: expected \(type)\(at(context.codingPath)) (\(context.debugDescription))"
  case let DecodingError.valueNotFound(type, context):
    return "not a tracking plan: expected \(type)\(at(context.codingPath)), found null"
  default:
    return (error as NSError).localizedDescription
  }
}

var plans: [(plan: TrackingPlan, file: String)] = []
for file in files {
  let data: Data
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: file))
  } catch {
    errors.append("\(file): can't read it: \(describe(error))")
    continue
  }
  do {
    plans.append((try TrackingPlan(json: data), file))
  } catch {
    errors.append("\(file): \(describe(error))")
  }
}

// Two files for one module would make two sections of the same name: say which.
for (module, group) in Dictionary(grouping: plans, by: \.plan.module) where group.count > 1 {
  errors.append("two plans for the module \(module): " + group.map(\.file).joined(separator: ", "))
}

guard errors.isEmpty else {
  for error in errors.sorted() { printError("tracking-plan: " + error) }
  exit(1)
}

// MARK: Printing

let ordered = plans.map(\.plan).sorted { $0.module < $1.module }
if json {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  do {
    print(String(decoding: try encoder.encode(ordered), as: UTF8.self))
  } catch {
    printError("tracking-plan: can't encode the plans: \(error)")
    exit(1)
  }
} else {
  print(TrackingPlan.markdown(ordered), terminator: "")
}
