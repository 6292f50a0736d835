import Foundation
import Testing
import VendorTestSupport
@testable import ShopServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `shop-server` as a user runs it: it prints where it listens, answers, and on SIGTERM or
/// SIGINT drains, prints the summary and exits 0. What decides each step is a line the server printed,
/// never a delay.
@Suite struct ShopServerProcessTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalDrainsPrintsTheSummaryAndExitsZero(_ signalNumber: Int32) async throws {
    let collector = try await Collector()
    defer { collector.stop() }
    let storage = FileManager.default.temporaryDirectory.appendingPathComponent("shop-server-process-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: storage) }
    let server = try ServerProcess(
      ["--port", "0", "--endpoint", collector.baseURL.absoluteString, "--vendor", "segment", "--storage", storage.path])
    defer { if server.process.isRunning { server.process.terminate() } }
    let listening = try await blocking { server.waitForLine { $0.hasPrefix("shop-server: listening on ") } }
    let port = try #require(listening.flatMap { line in
      line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.flatMap { Int($0.split(separator: ":").last ?? "") }
    }, "\(server.lines)")
    let status = try await blocking {
      let client = try TestClient(port: port)
      client.postOrder(#"{"userId": "u-1", "orderId": "o-1", "total": 9.5, "currency": "EUR"}"#)
      return client.response()?.status
    }
    #expect(status == 202)
    kill(server.process.processIdentifier, signalNumber)
    let exit = try await blocking { server.waitForExit() }
    #expect(exit == 0, "\(server.lines)")
    let name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT"
    #expect(server.lines.contains { $0.hasPrefix("shop-server: \(name): stopping") }, "\(server.lines)")
    let summary = try #require(server.lines.first { $0.hasPrefix("summary vendor=segment ") }, "\(server.lines)")
    #expect(summary.contains(" tracked=1 delivered=1 unsupported=0 repaired=0 dropped=0 retried=0 pending=0 "), "\(summary)")
  }

  @Test func aCommandLineItCannotRunExitsTwoWithTheRule() async throws {
    let server = try ServerProcess(["--port", "70000", "--endpoint", "http://127.0.0.1:9"])
    let exit = try await blocking { server.waitForExit() }
    #expect(exit == 2)
    #expect(server.errors.contains("--port must be a port, 0 to 65535, not \"70000\""), "\(server.errors)")
  }
}

/// `shop-server` run as a child process, its output read line by line as it comes.
final class ServerProcess: Sendable {
  let process: Process
  private let output: Pipe
  private let errorPipe: Pipe
  private let received = LockIsolatedLines()

  init(_ arguments: [String]) throws {
    process = Process()
    process.executableURL = try Self.executable()
    process.arguments = arguments
    output = Pipe()
    errorPipe = Pipe()
    process.standardOutput = output
    process.standardError = errorPipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  var lines: [String] { received.lines }
  var errors: String { String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

  /// Reads output until a line satisfies `match` (returned) or the output ends (`nil`). Blocks.
  func waitForLine(_ match: (String) -> Bool) -> String? {
    while true {
      if let line = received.lines.first(where: match) { return line }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      received.append(chunk)
    }
  }

  /// Reads the rest of the output and waits for the exit status. Blocks.
  func waitForExit() -> Int32 {
    received.append(output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The `shop-server` binary built next to the test bundle.
  static func executable() throws -> URL {
    try builtExecutable("shop-server")
  }
}

/// Output bytes split into lines as they arrive.
private final class LockIsolatedLines: @unchecked Sendable {
  // @unchecked is safe: `pending` and `complete` are only touched under `lock`.
  private let lock = NSLock()
  private var pending = Data()
  private var complete: [String] = []

  var lines: [String] { lock.withLock { complete } }

  func append(_ data: Data) {
    lock.withLock {
      pending.append(data)
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        complete.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
        pending = Data(pending[pending.index(after: newline)...])
      }
    }
  }
}
