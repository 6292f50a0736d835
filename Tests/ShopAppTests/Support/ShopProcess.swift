import Foundation
import VendorTestSupport

/// The built `shop` executable run as a child process, so each run has its own modules' `Current` and
/// counters, as a user's run does.
struct ShopProcess {
  var status: Int32
  var output: [String]
  var errors: String

  /// The summary line's fields, `vendor=ga4 tracked=...` as a dictionary.
  var summary: [String: String] {
    guard let line = output.last(where: { $0.hasPrefix("summary ") }) else { return [:] }
    var fields: [String: String] = [:]
    for field in line.split(separator: " ").dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1)
      if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
    }
    return fields
  }

  /// An integer field of the summary line; -1 when it is missing.
  func count(_ name: String) -> Int { summary[name].flatMap { Int($0) } ?? -1 }

  /// Runs `shop` with `arguments` and waits for it without blocking a thread of the concurrency pool (the
  /// pipes are read on threads of their own): a blocked pool thread would starve the other suites' queues.
  static func run(_ arguments: [String]) async throws -> ShopProcess {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let outputData = LockedData()
    let errorData = LockedData()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      // Read both pipes to the end while the child runs, so a full pipe never blocks it.
      Thread { outputData.set(output.fileHandleForReading.readDataToEndOfFile()) }.start()
      Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }.start()
    }
    while !(outputData.isSet && errorData.isSet) { try await Task.sleep(for: .milliseconds(5)) }
    return ShopProcess(
      status: process.terminationStatus,
      output: String(decoding: outputData.value, as: UTF8.self).split(separator: "\n").map(String.init),
      errors: String(decoding: errorData.value, as: UTF8.self)
    )
  }

  /// The `shop` binary built next to the test bundle.
  static func executable() throws -> URL {
    try builtExecutable("shop")
  }
}

private final class LockedData: @unchecked Sendable {
  // @unchecked is safe: every access to `data` and `done` holds `lock`.
  private let lock = NSLock()
  private var data = Data()
  private var done = false

  func set(_ value: Data) {
    lock.withLock {
      data = value
      done = true
    }
  }

  var isSet: Bool { lock.withLock { done } }
  var value: Data { lock.withLock { data } }
}
