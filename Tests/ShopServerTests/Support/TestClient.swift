import Foundation
import VendorTestSupport
@testable import ShopServer

/// A keep-alive HTTP/1.1 client over one blocking socket, for the tests: it writes raw bytes (hostile ones
/// included) and reads the answers back with their `Content-Length`.
final class TestClient: Sendable {
  struct Response: Sendable, Equatable {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  private let socket: Socket
  private let unread = LockIsolatedBytes()

  init(port: Int) throws {
    socket = try Socket.connected(toLoopbackPort: port)
    // Generous: a loaded machine may be slow, and a read that times out fails the test rather than hangs.
    socket.setReceiveTimeout(milliseconds: 60_000)
  }

  deinit { socket.close() }

  func send(_ text: String) {
    socket.send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) {
    socket.send(bytes)
  }

  /// `POST /orders` with `body`, and any extra header lines (`"X-Forwarded-For: 203.0.113.9"`).
  func postOrder(_ body: String, headers: [String] = []) {
    let extra = headers.map { $0 + "\r\n" }.joined()
    send("POST /orders HTTP/1.1\r\nHost: shop\r\n\(extra)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
  }

  /// Reads one answer (to a `HEAD` request: without a body, whatever its length says); `nil` if the
  /// server closed the connection first.
  func response(toHead: Bool = false) -> Response? {
    unread.withBytes { buffer in
      while true {
        if let (response, consumed) = Self.parse(buffer, toHead: toHead) {
          buffer.removeFirst(consumed)
          return response
        }
        guard case .bytes = socket.receive(into: &buffer) else { return nil }
      }
    }
  }

  /// Whether the server closed the connection (after any answers still unread).
  func isClosedByServer() -> Bool {
    unread.withBytes { buffer in
      while true {
        switch socket.receive(into: &buffer) {
        case .bytes: continue
        case .closed: return true
        case .timedOut: return false
        }
      }
    }
  }

  private static func parse(_ bytes: [UInt8], toHead: Bool) -> (Response, Int)? {
    let separator = Array("\r\n\r\n".utf8)
    guard let headEnd = bytes.indices.first(where: { Array(bytes[$0..<min(bytes.count, $0 + 4)]) == separator })
    else { return nil }
    let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
    let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = toHead ? 0 : headers["content-length"].flatMap { Int($0) } ?? 0
    let bodyStart = headEnd + 4
    guard bytes.count - bodyStart >= length else { return nil }
    let body = String(decoding: bytes[bodyStart..<bodyStart + length], as: UTF8.self)
    return (Response(status: status, headers: headers, body: body), bodyStart + length)
  }
}

/// The bytes a client read past its last answer.
private final class LockIsolatedBytes: @unchecked Sendable {
  // @unchecked is safe: `bytes` is only touched under `lock`.
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  func withBytes<R>(_ body: (inout [UInt8]) -> R) -> R {
    lock.withLock { body(&bytes) }
  }
}

/// Runs blocking client work on a thread of its own (see `offThePool`).
func blocking<R: Sendable>(_ work: @escaping @Sendable () throws -> R) async throws -> R {
  try await offThePool(work)
}
