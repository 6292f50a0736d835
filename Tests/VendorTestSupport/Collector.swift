import Foundation
import Trackers
import TrackersDelivery

/// The loopback collector (`Tests/Collector/collector.py`) run as a child process, one per test.
///
/// ```swift
/// let collector = try await Collector.start()
/// defer { collector.stop() }
/// try await collector.script([.init(status: 500), .init(status: 200)])
/// let requests = try await collector.requests()
/// ```
public final class Collector: Sendable {
  /// A request the collector received.
  public struct Request: Sendable, Decodable {
    public var method: String
    public var path: String
    public var query: String
    public var headers: [String: String]
    public var body: String

    /// The query as name-value pairs (percent-decoded).
    public var queryItems: [String: String] {
      var items: [String: String] = [:]
      for item in URLComponents(string: "http://x/?" + query)?.queryItems ?? [] { items[item.name] = item.value }
      return items
    }

    /// A header, ignoring the case of its name.
    public func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body parsed by `JSONSerialization`: much faster than ``json()`` for thousands of events, but
    /// numbers are untyped `NSNumber`s.
    public func jsonObject() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    /// The body parsed as JSON, with typed numbers.
    public func json() throws -> PropertyValue {
      try JSONDecoder().decode(PropertyValue.self, from: Data(body.utf8))
    }
  }

  /// One scripted answer.
  public struct Response: Sendable, Encodable {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    public init(status: Int, headers: [String: String] = [:], body: String = "") {
      self.status = status
      self.headers = headers
      self.body = body
    }
  }

  private let process: Process
  private let stdin: Pipe
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL
  private let transport = URLSessionTransport()

  private init(process: Process, stdin: Pipe, port: Int) {
    self.process = process
    self.stdin = stdin
    self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  /// Starts a collector on a free loopback port.
  public static func start(file: StaticString = #filePath) throws -> Collector {
    let script = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Collector/collector.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--idle-timeout", "60"]
    let stdout = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardInput = stdin
    try process.run()
    var line: [UInt8] = []
    while true {
      let byte = stdout.fileHandleForReading.readData(ofLength: 1)
      guard let first = byte.first else { break }
      if first == UInt8(ascii: "\n") { break }
      line.append(first)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      throw CollectorError(message: "the collector did not print its port")
    }
    return Collector(process: process, stdin: stdin, port: port)
  }

  /// Stops the collector (closing its stdin makes it exit).
  public func stop() {
    try? stdin.fileHandleForWriting.close()
    process.terminate()
  }

  /// Answers to give next, in order.
  public func script(_ responses: [Response]) async throws {
    _ = try await control("script", body: try JSONEncoder().encode(responses))
  }

  /// The answer given when the script is empty.
  public func setDefault(_ response: Response) async throws {
    _ = try await control("default", body: try JSONEncoder().encode(response))
  }

  /// Every request received so far, in order.
  public func requests() async throws -> [Request] {
    try JSONDecoder().decode([Request].self, from: Data(try await control("requests", method: "GET")))
  }

  private func control(_ name: String, method: String = "POST", body: Data = Data()) async throws -> [UInt8] {
    let response = try await transport.send(
      HTTPRequest(method: method, url: baseURL.appendingPathComponent("_control/\(name)"), body: [UInt8](body)))
    guard response.statusCode == 200 else { throw CollectorError(message: "control \(name): \(response)") }
    return response.body
  }
}

/// The collector could not be started or controlled.
public struct CollectorError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// A fresh empty directory under the temporary directory.
public func temporaryDirectory(_ name: String = #function) -> URL {
  let safe = name.filter { $0.isLetter || $0.isNumber }
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swift-trackers-tests/\(safe)-\(RecordID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
