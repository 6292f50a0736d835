import Foundation

/// This package's executable `name` (`shop`, `shop-server`, `DeliveryCrashChild`), built next to the test
/// bundle; else beside the test runner, else in `otherDirectories`: what the tests that run a real child
/// process start. Throws, naming every place it looked, when none has it.
public func builtExecutable(_ name: String, otherDirectories: [URL] = []) throws -> URL {
  var candidates: [URL] = []
  if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
    candidates.append(bundle.bundleURL.deletingLastPathComponent())
  }
  candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
  candidates += otherDirectories
  for directory in candidates {
    let url = directory.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
}
