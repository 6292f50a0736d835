#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few blocking-socket calls the server makes, over the platform's C API (Glibc, Musl or Darwin).
/// A `Socket` is a file descriptor; whoever holds it closes it once.
public struct Socket: Sendable {
  /// The file descriptor.
  let fd: Int32

  /// A socket error: what failed, and `errno` then.
  public struct Failure: Error, CustomStringConvertible {
    /// The call that failed.
    public var call: String
    /// `errno` after it.
    public var code: Int32
    /// `bind failed: Address already in use (errno 98)`.
    public var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
  }

  #if canImport(Glibc)
  private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
  private static let streamType = SOCK_STREAM
  #endif

  /// The IPv4 socket address of `address:port`.
  private static func ipv4Address(_ address: String, port: Int) throws(Failure) -> sockaddr_in {
    var addr = sockaddr_in()
    #if canImport(Darwin)
    addr.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    addr.sin_family = sa_family_t(AF_INET)
    guard let port = UInt16(exactly: port) else { throw Failure(call: "port \(port)", code: EINVAL) }
    addr.sin_port = port.bigEndian
    guard inet_pton(AF_INET, address, &addr.sin_addr) == 1 else {
      throw Failure(call: "the IPv4 address \(address)", code: EINVAL)
    }
    return addr
  }

  /// A TCP socket listening on `address:port` (IPv4); port 0 picks a free one (see ``localPort()``).
  public static func listening(address: String, port: Int, backlog: Int32 = 128) throws(Failure) -> Socket {
    var addr = try ipv4Address(address, port: port)
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    let socket = Socket(fd: fd)
    socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1)
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let code = errno
      socket.close()
      throw Failure(call: "bind \(address):\(port)", code: code)
    }
    guard listen(fd, backlog) == 0 else {
      let code = errno
      socket.close()
      throw Failure(call: "listen", code: code)
    }
    return socket
  }

  /// A TCP connection to `127.0.0.1:port`: the tests' client.
  package static func connected(toLoopbackPort port: Int) throws(Failure) -> Socket {
    var addr = try ipv4Address("127.0.0.1", port: port)
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    let connected = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      let code = errno
      _ = systemClose(fd)
      throw Failure(call: "connect 127.0.0.1:\(port)", code: code)
    }
    let socket = Socket(fd: fd)
    #if canImport(Darwin)
    socket.setOption(SOL_SOCKET, SO_NOSIGPIPE, 1)
    #endif
    return socket
  }

  /// The port the socket is bound to.
  public func localPort() -> Int {
    var addr = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return result == 0 ? Int(UInt16(bigEndian: addr.sin_port)) : 0
  }

  /// Waits up to `milliseconds` for a connection to accept; `nil` when none came (or the call was
  /// interrupted), so the caller can look whether it should stop.
  public func accept(waitingAtMost milliseconds: Int32) -> (socket: Socket, peer: String?)? {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, milliseconds) > 0 else { return nil }
    var addr = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let client = withUnsafeMutablePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(fd, $0, &length) }
    }
    guard client >= 0 else {
      // Out of descriptors or memory: the connection waits in the backlog, and the loop doesn't spin.
      if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(50_000) }
      return nil
    }
    let socket = Socket(fd: client)
    socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
    #if canImport(Darwin)
    socket.setOption(SOL_SOCKET, SO_NOSIGPIPE, 1)
    #endif
    return (socket, Self.string(addr.sin_addr))
  }

  /// Makes ``receive(into:)`` give up after `milliseconds` without data.
  public func setReceiveTimeout(milliseconds: Int) {
    var timeout = timeval()
    timeout.tv_sec = milliseconds / 1000
    timeout.tv_usec = .init((milliseconds % 1000) * 1000)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// What one read brought.
  public enum Received: Equatable {
    /// This many bytes, appended.
    case bytes(Int)
    /// Nothing within the receive timeout.
    case timedOut
    /// The peer closed, or the connection failed.
    case closed
  }

  /// Reads what is there (up to 16 KiB) and appends it to `buffer`.
  public func receive(into buffer: inout [UInt8]) -> Received {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return .bytes(count)
      }
      if count == 0 { return .closed }
      let code = errno
      if code == EINTR { continue }
      return code == EAGAIN || code == EWOULDBLOCK ? .timedOut : .closed
    }
  }

  /// Writes all of `bytes`; `false` if the connection failed first. A closed peer never raises SIGPIPE.
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        systemSend(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Self.noSignal)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Closes the descriptor.
  public func close() {
    _ = systemClose(fd)
  }

  /// Whether `text` is an IPv4 or IPv6 address.
  public static func isIPAddress(_ text: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
  }

  private func setOption(_ level: Int32, _ name: Int32, _ value: Int32) {
    var value = value
    _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
  }

  private static func string(_ address: in_addr) -> String? {
    var address = address
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `send`'s flag that keeps a closed peer from raising SIGPIPE; on Darwin the socket option
  /// `SO_NOSIGPIPE`, set at accept, does it.
  #if canImport(Darwin)
  private static let noSignal: Int32 = 0
  #else
  private static let noSignal = Int32(MSG_NOSIGNAL)
  #endif
}

// The C functions whose names `Socket`'s own methods take.
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t) -> Int32 {
  accept(fd, address, &length)
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(fd, bytes, count, flags)
}

private func systemClose(_ fd: Int32) -> Int32 {
  close(fd)
}
