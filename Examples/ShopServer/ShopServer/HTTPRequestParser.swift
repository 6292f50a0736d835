/// The bounds a request must keep; what breaks one is answered with the status that names it, and the
/// connection closes.
public struct HTTPLimits: Sendable, Equatable {
  /// The most bytes of request line and headers, blank line included (431 beyond).
  public var maxHeadBytes = 8 * 1024
  /// The most header lines (431 beyond).
  public var maxHeaderCount = 64
  /// The most body bytes `Content-Length` may announce (413 beyond).
  public var maxBodyBytes = 16 * 1024

  /// The defaults: 8 KiB of head, 64 headers, 16 KiB of body.
  public init() {}
}

/// Reads HTTP/1.1 requests out of the bytes a connection received, without any I/O: the connection
/// appends what it reads and asks again until a request is complete.
///
/// Only what the shop's server needs: origin-form targets, `Content-Length` bodies, keep-alive. Anything
/// ambiguous (two different lengths, a length and a transfer coding, folded or malformed header lines) is
/// refused rather than guessed, so a request can't mean one thing here and another to a proxy in front.
public enum HTTPRequestParser {
  /// What the bytes received so far hold.
  public enum Result: Sendable, Equatable {
    /// Not a whole request yet: read more.
    case incomplete
    /// A whole request, which took the first `consumed` bytes (pipelined requests may follow).
    case request(HTTPRequest, consumed: Int)
    /// A request the server won't read: answer this (it closes the connection).
    case invalid(HTTPResponse)
  }

  /// Parses the first request in `bytes`.
  public static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits = HTTPLimits()) -> Result {
    // A client may send blank lines between requests (RFC 9112, 2.2); they are skipped.
    var start = bytes.startIndex
    while bytes.endIndex - start >= 2, bytes[start] == cr, bytes[start + 1] == lf { start += 2 }
    guard let headEnd = endOfHead(bytes[start...], limit: limits.maxHeadBytes) else {
      if bytes.endIndex - start > limits.maxHeadBytes { return .invalid(headTooLarge(limits)) }
      return .incomplete
    }
    let head: Head
    switch parseHead(bytes[start..<headEnd - 4], limits: limits) {
    case let .success(parsed): head = parsed
    case let .failure(refusal): return .invalid(refusal.response)
    }
    let bodyStart = headEnd
    guard bytes.endIndex - bodyStart >= head.contentLength else { return .incomplete }
    let request = HTTPRequest(
      method: head.method, path: head.path, headers: head.headers,
      body: Array(bytes[bodyStart..<bodyStart + head.contentLength]), keepAlive: head.keepAlive)
    return .request(request, consumed: bodyStart + head.contentLength - bytes.startIndex)
  }

  /// Parses the first request in `bytes`.
  public static func parse(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> Result {
    parse(bytes[...], limits: limits)
  }

  private static let cr = UInt8(ascii: "\r")
  private static let lf = UInt8(ascii: "\n")

  /// The index just past the blank line ending the head, looking no further than `limit` bytes.
  private static func endOfHead(_ bytes: ArraySlice<UInt8>, limit: Int) -> Int? {
    let end = min(bytes.endIndex, bytes.startIndex + limit)
    var index = bytes.startIndex
    while end - index >= 4 {
      if bytes[index] == cr, bytes[index + 1] == lf, bytes[index + 2] == cr, bytes[index + 3] == lf {
        return index + 4
      }
      index += 1
    }
    return nil
  }

  struct Head {
    var method: String
    var path: String
    var headers: [(name: String, value: String)]
    var contentLength: Int
    var keepAlive: Bool
  }

  struct Refusal: Error {
    var response: HTTPResponse
    init(_ status: Int, _ rule: String) { response = HTTPResponse(status: status, body: rule + "\n", closes: true) }
  }

  private static func headTooLarge(_ limits: HTTPLimits) -> HTTPResponse {
    Refusal(431, "the request line and headers must fit in \(limits.maxHeadBytes) bytes").response
  }

  private static func parseHead(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) -> Swift.Result<Head, Refusal> {
    let lines = split(bytes)
    guard let requestLine = lines.first else { return .failure(Refusal(400, "the request has no request line")) }
    guard lines.count - 1 <= limits.maxHeaderCount else {
      return .failure(Refusal(431, "a request may have at most \(limits.maxHeaderCount) headers"))
    }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.count <= 16, parts[0].utf8.allSatisfy(isTokenByte)
    else { return .failure(Refusal(400, "the request line must be METHOD SP /path SP HTTP/1.1")) }
    let version = parts[2]
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      if version.hasPrefix("HTTP/") { return .failure(Refusal(505, "this server speaks HTTP/1.1 and HTTP/1.0")) }
      return .failure(Refusal(400, "the request line must be METHOD SP /path SP HTTP/1.1"))
    }
    guard parts[1].hasPrefix("/") else { return .failure(Refusal(400, "the request target must be a path starting with /")) }
    let path = String(parts[1].prefix { $0 != "?" && $0 != "#" })
    var headers: [(name: String, value: String)] = []
    var lengths: Set<Int> = []
    var connection: [String] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else {
        return .failure(Refusal(400, "every header line must be Name: value"))
      }
      let name = line[..<colon]
      // A leading space is an obsolete folded line, a space before the colon a smuggling attempt: refused.
      guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
        return .failure(Refusal(400, "a header name must be a token, without spaces, before the colon"))
      }
      let value = line[line.index(after: colon)...].trimmingSpaces
      guard !value.utf8.contains(where: { $0 == 0 || $0 == cr || $0 == lf }) else {
        return .failure(Refusal(400, "a header value must not contain NUL, CR or LF"))
      }
      switch name.lowercased() {
      case "content-length":
        guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ (48...57).contains($0) }),
          let length = Int(value)
        else { return .failure(Refusal(400, "Content-Length must be a whole number of bytes")) }
        lengths.insert(length)
      case "transfer-encoding":
        return .failure(Refusal(501, "Transfer-Encoding is not supported: send the body with Content-Length"))
      case "connection":
        connection += value.lowercased().split(separator: ",").map { String($0).trimmingSpaces }
      default:
        break
      }
      headers.append((String(name), value))
    }
    guard lengths.count <= 1 else { return .failure(Refusal(400, "Content-Length headers must agree")) }
    let contentLength = lengths.first ?? 0
    guard contentLength <= limits.maxBodyBytes else {
      return .failure(Refusal(413, "the body must be at most \(limits.maxBodyBytes) bytes"))
    }
    let keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    return .success(
      Head(method: String(parts[0]), path: path, headers: headers, contentLength: contentLength, keepAlive: keepAlive))
  }

  /// The head's lines, split at CRLF; a lone CR or LF stays in its line (and is refused there).
  private static func split(_ bytes: ArraySlice<UInt8>) -> [String] {
    var lines: [String] = []
    var lineStart = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == cr, index + 1 < bytes.endIndex, bytes[index + 1] == lf {
        lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self))
        index += 2
        lineStart = index
      } else {
        index += 1
      }
    }
    lines.append(String(decoding: bytes[lineStart..<bytes.endIndex], as: UTF8.self))
    return lines
  }

  /// A byte of an HTTP token (RFC 9110, 5.6.2): letters, digits and ``!#$%&'*+-.^_`|~``.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}

extension StringProtocol {
  /// Without the spaces and tabs around it.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
