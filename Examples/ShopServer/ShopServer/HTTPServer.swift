import Foundation
import ShopApp
import Trackers

/// A small HTTP/1.1 server over blocking sockets: one thread accepts, one thread per connection reads
/// requests (keep-alive, pipelining) and writes the answers `respond` gives.
///
/// ```swift
/// let server = try HTTPServer.start(port: 0) { request, peer in HTTPResponse(status: 200, body: "hi\n") }
/// print(server.port)
/// await server.stop(within: .seconds(5))
/// ```
///
/// Threads, not tasks: a blocked read must not hold one of the few threads Swift concurrency has, on
/// which the vendors' delivery queues run.
public final class HTTPServer: Sendable {
  /// Handles one request from `peer` (its IP address): the answer to write.
  public typealias Respond = @Sendable (_ request: HTTPRequest, _ peer: String?) -> HTTPResponse

  /// The bounds of a connection.
  public struct Settings: Sendable {
    /// The limits every request must keep.
    public var limits = HTTPLimits()
    /// The most open connections; one more is answered 503 and closed.
    public var maxConnections = 512
    /// How long a keep-alive connection may wait for its next request.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request may take to arrive once it started (408 beyond).
    public var requestTimeout: Duration = .seconds(10)
    /// How often a blocked read or accept looks whether the server is stopping.
    public var pollInterval: Duration = .milliseconds(100)

    /// The defaults.
    public init() {}
  }

  /// The port the server listens on.
  public let port: Int
  private let listener: Socket
  private let settings: Settings
  private let respond: Respond
  private let state = Locked(State())

  private struct State {
    var stopping = false
    var accepting = true
    var connections = 0
    var served = 0
  }

  private init(listener: Socket, settings: Settings, respond: @escaping Respond) {
    self.listener = listener
    self.port = listener.localPort()
    self.settings = settings
    self.respond = respond
  }

  /// Listens on `address:port` (port 0: a free one, see ``port``) and serves until ``stop(within:)``.
  public static func start(
    address: String = "127.0.0.1", port: Int, settings: Settings = Settings(), respond: @escaping Respond
  ) throws(Socket.Failure) -> HTTPServer {
    let server = HTTPServer(listener: try Socket.listening(address: address, port: port), settings: settings, respond: respond)
    Thread.detachNewThread { server.acceptLoop() }
    return server
  }

  /// Requests answered so far.
  public var requestsServed: Int { state.withLock { $0.served } }

  /// Whether the server still accepts connections: until ``stop(within:)`` closed its socket.
  public var isAccepting: Bool { state.withLock { $0.accepting } }

  /// Stops accepting, lets every connection finish the request it is reading and close, and returns once
  /// all did, or after `deadline`; `true` if all did. Idle keep-alive connections close at once.
  @discardableResult
  public func stop(within deadline: Duration) async -> Bool {
    let end = ContinuousClock.now + deadline
    state.withLock { $0.stopping = true }
    while ContinuousClock.now < end {
      if state.withLock({ !$0.accepting && $0.connections == 0 }) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return state.withLock { !$0.accepting && $0.connections == 0 }
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private var pollMilliseconds: Int {
    let (seconds, attoseconds) = settings.pollInterval.components
    return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  private func acceptLoop() {
    while !isStopping {
      guard let (connection, peer) = listener.accept(waitingAtMost: Int32(clamping: pollMilliseconds)) else { continue }
      let admitted = state.withLock { state in
        guard state.connections < settings.maxConnections else { return false }
        state.connections += 1
        return true
      }
      guard admitted else {
        connection.send(HTTPResponse(status: 503, body: "too many connections\n", closes: true).serialized(keepAlive: false))
        connection.close()
        continue
      }
      Thread.detachNewThread { [self] in
        serve(connection, peer: peer)
        connection.close()
        state.withLock { $0.connections -= 1 }
      }
    }
    listener.close()
    state.withLock { $0.accepting = false }
  }

  /// Reads and answers requests until the client closes, asks to, breaks a rule, stays idle too long, or
  /// the server stops.
  private func serve(_ connection: Socket, peer: String?) {
    connection.setReceiveTimeout(milliseconds: pollMilliseconds)
    var buffer: [UInt8] = []
    var waitingSince = ContinuousClock.now
    while true {
      switch HTTPRequestParser.parse(buffer[...], limits: settings.limits) {
      case let .request(request, consumed):
        buffer.removeFirst(consumed)
        let response = respond(request, peer)
        let keepAlive = request.keepAlive && !response.closes && !isStopping
        state.withLock { $0.served += 1 }
        guard connection.send(response.serialized(keepAlive: keepAlive, omittingBody: request.method == "HEAD")),
          keepAlive
        else { return }
        waitingSince = .now
      case let .invalid(response):
        connection.send(response.serialized(keepAlive: false))
        return
      case .incomplete:
        let wasEmpty = buffer.isEmpty
        switch connection.receive(into: &buffer) {
        case .bytes:
          // A request's time starts with its first byte.
          if wasEmpty { waitingSince = .now }
        case .closed:
          return
        case .timedOut:
          let waited = ContinuousClock.now - waitingSince
          if buffer.isEmpty {
            if isStopping || waited > settings.idleTimeout { return }
          } else if waited > settings.requestTimeout {
            let timeout = HTTPResponse(status: 408, body: "the request did not arrive in time\n", closes: true)
            connection.send(timeout.serialized(keepAlive: false))
            return
          }
        }
      }
    }
  }
}
