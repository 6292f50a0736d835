import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the delivery benchmarks: keep-alive, `Expect: 100-continue`,
/// `Content-Length` bodies, one thread per connection, and ``successBody`` to everything (an answer every
/// vendor module reads as its documented success). It counts requests and the events in their bodies (each
/// benchmark event carries `"seq":<n>`), and can keep every `seq` to check exactly what arrived.
///
/// Written for the benchmark rather than reusing the Python collector: the collector keeps every request
/// body, and its per-request cost would be what the end-to-end figure measures.
final class LoopbackServer: @unchecked Sendable {
  // @unchecked is safe: the mutable counters live in `state`, only touched while holding `lock`; the file
  // descriptors are set in `init` and only closed in `stop`.
  private struct State {
    var requests = 0
    var events = 0
    var firstRequestAt: ContinuousClock.Instant?
    var sequenceNumbers: [Int] = []
    var connections: [Int32] = []
    var stopped = false
  }

  /// One body that every vendor's success check accepts: Mixpanel `/import` and Amplitude want
  /// `"code": 200`, Mixpanel `/engage` and PostHog `"status": 1`; GA4 and Segment read only the status.
  /// (With `{"status":1}` alone, Mixpanel and Amplitude retried every batch as an unexpected answer.)
  static let successBody = #"{"code":200,"status":1}"#

  let port: Int
  private let listener: Int32
  private let keepsSequenceNumbers: Bool
  private let lock = NSLock()
  private var state = State()

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  init(keepsSequenceNumbers: Bool = false) throws {
    self.keepsSequenceNumbers = keepsSequenceNumbers
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(errno: errno, "socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 128) == 0 else { throw POSIXError(errno: errno, "bind/listen") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = Int(UInt16(bigEndian: address.sin_port))
    let acceptThread = Thread { [self] in acceptLoop() }
    acceptThread.start()
  }

  /// Requests answered so far.
  var requests: Int { lock.withLock { state.requests } }
  /// Events received so far (occurrences of `"seq":` in the bodies).
  var events: Int { lock.withLock { state.events } }
  /// When the first request arrived.
  var firstRequestAt: ContinuousClock.Instant? { lock.withLock { state.firstRequestAt } }
  /// Every `seq` received, in arrival order (only with `keepsSequenceNumbers`).
  var sequenceNumbers: [Int] { lock.withLock { state.sequenceNumbers } }

  /// Closes the listener and every connection.
  func stop() {
    let connections = lock.withLock { () -> [Int32] in
      state.stopped = true
      return state.connections
    }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if lock.withLock({ state.stopped }) { return }
        continue
      }
      var yes: Int32 = 1
      setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      lock.withLock { state.connections.append(connection) }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    func fill() -> Bool {
      let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { return false }
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
    let response = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(Self.successBody.utf8.count)\r\n\r\n\(Self.successBody)".utf8)
    let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    while true {
      var headerEnd: Int?
      while headerEnd == nil {
        headerEnd = Self.find([13, 10, 13, 10], in: buffer)
        if headerEnd == nil, !fill() { return }
      }
      let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self).lowercased()
      buffer.removeFirst(headerEnd! + 4)
      var contentLength = 0
      for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
        contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
      }
      if head.contains("expect: 100-continue") { guard writeAll(continueLine, to: connection) else { return } }
      while buffer.count < contentLength {
        if !fill() { return }
      }
      record(buffer[0..<contentLength])
      buffer.removeFirst(contentLength)
      guard writeAll(response, to: connection) else { return }
    }
  }

  private func record(_ body: ArraySlice<UInt8>) {
    let marker = Array("\"seq\":".utf8)
    var found: [Int] = []
    var count = 0
    var index = body.startIndex
    let end = body.endIndex
    while index + marker.count <= end {
      if body[index] == marker[0], body[index..<(index + marker.count)].elementsEqual(marker) {
        count += 1
        index += marker.count
        var value = 0
        while index < end, body[index] >= 48, body[index] <= 57 {
          value = value * 10 + Int(body[index] - 48)
          index += 1
        }
        if keepsSequenceNumbers { found.append(value) }
      } else {
        index += 1
      }
    }
    let now = ContinuousClock.now
    lock.withLock {
      state.requests += 1
      state.events += count
      if state.firstRequestAt == nil { state.firstRequestAt = now }
      state.sequenceNumbers.append(contentsOf: found)
    }
  }

  private func writeAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(connection, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return false }
      offset += written
    }
    return true
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
      if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
    }
    return nil
  }
}

struct POSIXError: Error, CustomStringConvertible {
  var errno: Int32
  var operation: String
  init(errno: Int32, _ operation: String) {
    self.errno = errno
    self.operation = operation
  }
  var description: String { "\(operation) failed: \(String(cString: strerror(errno)))" }
}
