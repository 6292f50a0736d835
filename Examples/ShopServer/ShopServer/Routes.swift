/// What the client told about itself: where an event about its request says it came from.
public struct ClientInfo: Sendable, Hashable {
  /// The client's IP address: the first entry of `X-Forwarded-For`, else the connection's peer.
  public var ip: String?
  /// The `User-Agent` header.
  public var userAgent: String?
  /// The GA4 client id of the browser: what follows `GA1.1.` (or any `GAx.y.`) in its `_ga` cookie.
  public var gaClientId: String?

  /// Creates client information.
  public init(ip: String?, userAgent: String?, gaClientId: String? = nil) {
    self.ip = ip
    self.userAgent = userAgent
    self.gaClientId = gaClientId
  }

  /// The client of `request`, which came over a connection from `peer`.
  ///
  /// `X-Forwarded-For` is what a proxy in front says about the client; its first entry is the client as
  /// the first proxy saw it. It is trusted as given (the server is meant to run behind one), but only if it
  /// is an IP address: anything else falls back to the peer.
  public init(_ request: HTTPRequest, peer: String?) {
    let forwarded = request.header("X-Forwarded-For")?.split(separator: ",").first.map { $0.trimmingSpaces }
    ip = forwarded.flatMap { Socket.isIPAddress($0) ? $0 : nil } ?? peer
    userAgent = request.header("User-Agent").flatMap { $0.isEmpty ? nil : String($0.prefix(512)) }
    gaClientId = request.header("Cookie").flatMap(Self.gaClientId(cookies:))
  }

  /// The client id in a `Cookie` header's `_ga` cookie: `_ga=GA1.1.1234567890.1700000000` gives
  /// `1234567890.1700000000`.
  static func gaClientId(cookies: String) -> String? {
    for cookie in cookies.split(separator: ";") {
      let pair = cookie.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingSpaces == "_ga" else { continue }
      let parts = pair[1].trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4, parts[0].hasPrefix("GA"), parts[2...].allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
      else { return nil }
      return parts[2...].joined(separator: ".")
    }
    return nil
  }
}

/// The server's routes, without I/O: what to answer to a request, and which order to track.
public enum Routes {
  /// What a request asks for.
  public enum Action: Sendable, Equatable {
    /// Answer this.
    case respond(HTTPResponse)
    /// Track this order for this client, then answer 202 (or 503 if tracking can't take it).
    case trackOrder(OrderRequest, ClientInfo)
  }

  /// The action for `request`, received from `peer`.
  ///
  /// - `POST /orders`: a valid body is an order to track; otherwise 400 with the rule it broke.
  /// - `GET /health` (or `HEAD`): 200.
  /// - Any other method on those paths: 405 with `Allow`; any other path: 404.
  public static func action(for request: HTTPRequest, peer: String?) -> Action {
    switch (request.path, request.method) {
    case ("/orders", "POST"):
      do {
        return .trackOrder(try OrderRequest.parse(request.body), ClientInfo(request, peer: peer))
      } catch {
        return .respond(HTTPResponse(status: 400, body: "\(error)\n"))
      }
    case ("/orders", _):
      return .respond(HTTPResponse(status: 405, body: "/orders takes POST\n", headers: ["Allow": "POST"]))
    case ("/health", "GET"), ("/health", "HEAD"):
      return .respond(HTTPResponse(status: 200, body: "ok\n"))
    case ("/health", _):
      return .respond(HTTPResponse(status: 405, body: "/health takes GET\n", headers: ["Allow": "GET, HEAD"]))
    default:
      return .respond(HTTPResponse(status: 404, body: "no such path: the server has POST /orders and GET /health\n"))
    }
  }

  /// The answer to an order tracking took: 202, before any vendor heard of it.
  public static let accepted = HTTPResponse(status: 202, body: "accepted\n")

  /// The answer to an order tracking could not take (its backlog is full, or the server is stopping):
  /// nothing was tracked, the client may retry.
  public static let busy = HTTPResponse(
    status: 503, body: "the server is busy or stopping: the order was not tracked, retry later\n",
    headers: ["Retry-After": "1"], closes: true)
}
