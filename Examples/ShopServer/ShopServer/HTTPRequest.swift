/// One HTTP/1.1 request as the server read it: the request line, the headers, and the body that
/// `Content-Length` announced.
public struct HTTPRequest: Sendable, Equatable {
  /// The method, as sent (`GET`, `POST`): methods are case-sensitive.
  public var method: String
  /// The path of the request target, without its query (`/orders`).
  public var path: String
  /// The headers in the order they came, names as the client spelled them.
  public var headers: [(name: String, value: String)]
  /// The body: exactly the `Content-Length` bytes that followed the headers.
  public var body: [UInt8]
  /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`, HTTP/1.0
  /// only with `Connection: keep-alive`.
  public var keepAlive: Bool

  /// Creates a request.
  public init(
    method: String, path: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    keepAlive: Bool = true
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
    self.keepAlive = keepAlive
  }

  /// The value of the first header named `name`, ignoring case.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }

  public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body && lhs.keepAlive == rhs.keepAlive
      && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}

/// What the server answers: a status, a plain-text body, and whether the connection closes after it.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// Extra headers (`Allow`, `Retry-After`); `Content-Type`, `Content-Length` and `Connection` are added.
  public var headers: [String: String]
  /// The body, UTF-8 text: for an error, the rule the request broke.
  public var body: String
  /// Close the connection after this answer.
  public var closes: Bool

  /// Creates a response.
  public init(status: Int, body: String = "", headers: [String: String] = [:], closes: Bool = false) {
    self.status = status
    self.body = body
    self.headers = headers
    self.closes = closes
  }

  /// The response's bytes on the wire, `keepAlive` deciding the `Connection` header unless ``closes``;
  /// without the body for a `HEAD` request (`omittingBody`), its length still announced.
  public func serialized(keepAlive: Bool, omittingBody: Bool = false) -> [UInt8] {
    let body = Array(body.utf8)
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
    head += "Connection: \(keepAlive && !closes ? "keep-alive" : "close")\r\n\r\n"
    return Array(head.utf8) + (omittingBody ? [] : body)
  }

  /// The reason phrase of the statuses the server uses.
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 202: "Accepted"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 431: "Request Header Fields Too Large"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }
}
