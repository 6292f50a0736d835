import Foundation
import Trackers
import TrackersDelivery

/// A running `Tests/Collector/collector.py`: one per test, so tests can run in parallel (a copy of
/// TrackersDeliveryTests' helper that reads bodies as JSON).
final class Collector {
  struct Response: Encodable {
    var status: Int = 200
    var headers: [String: String] = [:]
    var body: String = ""
    var delay: Double = 0
    var drop: Bool = false
  }

  struct Request: Decodable {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: String
    var time: Double

    /// The body parsed as JSON.
    var json: PropertyValue { (try? JSONDecoder().decode(PropertyValue.self, from: Data(body.utf8))) ?? .null }
  }

  private let process: Process
  private let input: Pipe
  let port: Int
  private let transport = URLSessionTransport()

  init() throws {
    let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Collector/collector.py")
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--idle-timeout", "60"]
    input = Pipe()
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
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw CollectorError.noPort
    }
    self.port = port
  }

  enum CollectorError: Error { case noPort, badControlResponse(Int) }

  deinit {
    stop()
  }

  func stop() {
    if process.isRunning { process.terminate() }
    try? input.fileHandleForWriting.close()
  }

  func url(_ path: String = "/collect") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  func script(_ responses: [Response]) async throws {
    try await control("/_control/script", body: JSONEncoder().encode(responses))
  }

  func setDefault(_ response: Response) async throws {
    try await control("/_control/default", body: JSONEncoder().encode(response))
  }

  func requests() async throws -> [Request] {
    let data = try await control("/_control/requests", method: "GET")
    return try JSONDecoder().decode([Request].self, from: data)
  }

  func requestCount() async throws -> Int {
    let data = try await control("/_control/count", method: "GET")
    return (try JSONSerialization.jsonObject(with: data) as? [String: Int])?["requests"] ?? 0
  }

  @discardableResult
  private func control(_ path: String, method: String = "POST", body: Data = Data()) async throws -> Data {
    let response = try await transport.send(HTTPRequest(method: method, url: url(path), body: [UInt8](body)))
    guard response.statusCode == 200 else { throw CollectorError.badControlResponse(response.statusCode) }
    return Data(response.body)
  }
}
