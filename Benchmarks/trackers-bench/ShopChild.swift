import Foundation
import ShopApp

/// The shop app run in a child process of the benchmark (`trackers-bench --shop-child <shop options>`), so a
/// figure such as peak memory belongs to that run alone.
struct ShopChild {
  var status: Int32
  var lines: [String]
  /// The child's peak resident set size (`VmHWM`), in kB.
  var peakRSSKilobytes: Int

  /// The first argument that makes `trackers-bench` act as the shop.
  static let flag = "--shop-child"

  /// In the child: runs the shop, then prints its peak RSS as the last line.
  static func main(_ arguments: [String]) async -> Int32 {
    let status = await ShopApp.run(arguments)
    print("peak_rss_kb=\(peakRSSKilobytes() ?? -1)")
    return status
  }

  /// `VmHWM` from `/proc/self/status`, in kB; `nil` where there is no procfs.
  static func peakRSSKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
  }

  /// In the parent: runs the shop with `arguments` in a child and waits for it.
  static func run(_ arguments: [String]) throws -> ShopChild {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = [flag] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    let peak = lines.last { $0.hasPrefix("peak_rss_kb=") }.flatMap { Int($0.dropFirst("peak_rss_kb=".count)) } ?? -1
    return ShopChild(status: process.terminationStatus, lines: lines, peakRSSKilobytes: peak)
  }

  /// An integer field of the summary line; -1 when missing.
  func summary(_ name: String) -> Int {
    guard let line = lines.last(where: { $0.hasPrefix("summary ") }) else { return -1 }
    for field in line.split(separator: " ") where field.hasPrefix("\(name)=") {
      return Int(field.dropFirst(name.count + 1)) ?? -1
    }
    return -1
  }

  /// The summary line, for notes.
  var summaryLine: String { lines.last { $0.hasPrefix("summary ") } ?? "(no summary line; exit \(status))" }
}
