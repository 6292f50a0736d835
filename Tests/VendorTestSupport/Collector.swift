import Foundation
import Trackers
import TrackersDelivery

/// The loopback collector (`Tests/Collector/collector.py`) run as a child process: one per test, on its own
/// free port, so tests that deliver over real HTTP run in parallel.
///
/// ```swift
/// let collector = try await Collector()
/// defer { collector.stop() }
/// try await collector.script([.init(status: 500), .init(status: 200)])
/// // ... point the environment at `collector.baseURL`, send, flush ...
/// let request = try #require(try await collector.requests().first)
/// #expect(try request.json() == ["events": [["name": "login"]]])
/// ```
public final class Collector: Sendable {
  /// A request the collector received (control requests are not recorded).
  public struct Request: Sendable, Decodable {
    public var method: String
    public var path: String
    /// The raw query string, without the `?`.
    public var query: String
    /// The headers as the client spelled them; ``header(_:)`` ignores case.
    public var headers: [String: String]
    /// The body as UTF-8 text, gunzipped when the request was gzip-encoded.
    public var body: String
    /// When the collector received it, in seconds since 1970 (the collector's clock).
    public var time: Double

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

    /// The body parsed as JSON with typed numbers, for comparing whole structures with `==`; see
    /// ``parseJSON(_:)-(String)``.
    public func json() throws -> PropertyValue {
      try parseJSON(body)
    }

    /// The body parsed by `JSONSerialization`: much faster than ``json()`` for thousands of events, but the
    /// numbers are untyped.
    public func jsonObject() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(body.utf8))
    }
  }

  /// One scripted answer.
  public struct Response: Sendable, Encodable {
    public var status: Int
    public var headers: [String: String]
    public var body: String
    /// Seconds to wait before answering.
    public var delay: Double
    /// Close the connection instead of answering.
    public var drop: Bool
    /// Bytes of `x` streamed after `body`, 64 KiB per write, with their length announced; ``endless``
    /// streams until the client hangs up. `nil`: just `body`.
    public var stream: Int?

    /// A ``stream`` without end.
    public static let endless = -1

    public init(
      status: Int = 200, headers: [String: String] = [:], body: String = "", delay: Double = 0, drop: Bool = false,
      stream: Int? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.drop = drop
      self.stream = stream
    }

    /// A redirect to `location` (a 302 unless told).
    public static func redirect(to location: URL, status: Int = 302) -> Response {
      Response(status: status, headers: ["Location": location.absoluteString])
    }

    /// A 200 with an HTML page, as a captive portal or a proxy answers.
    public static let htmlPage = Response(
      status: 200, headers: ["Content-Type": "text/html"],
      body: "<!DOCTYPE html><html><head><title>Sign in to Wi-Fi</title></head><body>Welcome</body></html>")
  }

  /// What the collector streamed (``Response/stream``).
  public struct Streamed: Sendable, Decodable, Equatable {
    /// Body bytes written so far, over every streamed answer.
    public var bytes: Int
    /// Streamed answers that ended: the client hung up, or the whole body went out.
    public var finished: Int
  }

  private let process: Process
  private let input: Pipe
  /// Control answers (every request received) may be far longer than any vendor's.
  private let transport = URLSessionTransport(maxResponseBytes: 1 << 30)
  /// The port the collector listens on, on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:<port>`: the host to give a vendor configuration.
  public let baseURL: URL

  /// Starts a collector on a free loopback port; until scripted otherwise it answers each vendor module's
  /// path with the vendor's documented success (Mixpanel `/import` and `/engage`, Amplitude `/2/httpapi`,
  /// PostHog `/batch/`), and any other path with `200 {"ok":true}`.
  ///
  /// Waiting for Python to start and print its port blocks, so it happens off the cooperative threads
  /// (see ``offThePool(_:)``).
  public init() async throws {
    let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Collector/collector.py")
    let started = try await offThePool { () throws -> StartedProcess in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      // It exits when this process does (its stdin closes); the idle limit only catches a parent that hangs,
      // and must outlast the longest quiet stretch of a test on a loaded machine (a multi-process test
      // setting up its children took over 60 s in one release run, and under the thread sanitizer on a 2-core
      // machine `HostileServerTests.longBodiesAreCutAtTheLimitAndNotRead` took 613 s, so 600 cut it off).
      process.arguments = ["python3", script.path, "--idle-timeout", "1800"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
      }
      guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        process.terminate()
        throw CollectorError(message: "the collector did not print its port (is python3 installed?)")
      }
      return StartedProcess(process: process, input: input, port: port)
    }
    process = started.process
    input = started.input
    port = started.port
    baseURL = URL(string: "http://127.0.0.1:\(started.port)")!
  }

  /// The running collector process, handed from the thread that started it.
  private struct StartedProcess: Sendable {
    let process: Process
    let input: Pipe
    let port: Int
  }

  deinit {
    stop()
  }

  /// Stops the collector (closing its stdin also makes it exit, should the test process die first).
  public func stop() {
    if process.isRunning { process.terminate() }
    try? input.fileHandleForWriting.close()
  }

  /// A URL on the collector: every path is recorded and answered from the script.
  public func url(_ path: String = "/collect") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Answers to give next, in order, before falling back to the default.
  public func script(_ responses: [Response]) async throws {
    try await control("/_control/script", body: JSONEncoder().encode(responses))
  }

  /// The answer given when the script is empty.
  public func setDefault(_ response: Response) async throws {
    try await control("/_control/default", body: JSONEncoder().encode(response))
  }

  /// Every request received so far, in arrival order.
  public func requests() async throws -> [Request] {
    try JSONDecoder().decode([Request].self, from: try await control("/_control/requests", method: "GET"))
  }

  /// How many requests arrived so far, without transferring them.
  public func requestCount() async throws -> Int {
    struct Count: Decodable { var requests: Int }
    return try JSONDecoder().decode(Count.self, from: try await control("/_control/count", method: "GET")).requests
  }

  /// What was streamed so far.
  public func streamed() async throws -> Streamed {
    try JSONDecoder().decode(Streamed.self, from: try await control("/_control/streamed", method: "GET"))
  }

  @discardableResult
  private func control(_ path: String, method: String = "POST", body: Data = Data()) async throws -> Data {
    let response = try await transport.send(HTTPRequest(method: method, url: url(path), body: [UInt8](body)))
    guard response.statusCode == 200 else {
      throw CollectorError(message: "control \(path) answered HTTP \(response.statusCode)")
    }
    return Data(response.body)
  }
}

/// The collector could not be started or controlled.
public struct CollectorError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
