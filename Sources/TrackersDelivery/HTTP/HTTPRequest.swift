import Foundation

/// A request a destination wants sent.
///
/// Its `description` never shows secrets: the URL goes through ``Redaction``, secret headers are
/// replaced, and the body is shown only by size (bodies carry api keys for several vendors).
public struct HTTPRequest: Sendable, CustomStringConvertible {
  /// `POST`, usually.
  public var method: String
  /// The full URL, including any query. Must be `https` unless the host is a loopback address.
  public var url: URL
  /// Header fields.
  public var headers: [String: String]
  /// The body bytes, uncompressed: what the destination built and what batch limits count.
  public var body: [UInt8]
  /// How the transport encodes ``body`` on the wire (``encodedForWire()``); ``RequestBodyEncoding/identity``
  /// unless the queue sets the destination's ``DeliveryDestination/requestBodyEncoding(for:)``.
  public var bodyEncoding: RequestBodyEncoding

  /// Creates a request.
  public init(
    method: String = "POST", url: URL, headers: [String: String] = [:], body: [UInt8] = [],
    bodyEncoding: RequestBodyEncoding = .identity
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.bodyEncoding = bodyEncoding
  }

  /// The headers and body as they go on the wire: ``body`` encoded as ``bodyEncoding`` says, with its
  /// `Content-Encoding` header. A transport of your own calls this when it builds its request.
  ///
  /// ```swift
  /// let (headers, body) = request.encodedForWire()
  /// ```
  public func encodedForWire() -> (headers: [String: String], body: [UInt8]) {
    guard let encoding = bodyEncoding.contentEncoding, !body.isEmpty else { return (headers, body) }
    var headers = headers.filter { $0.key.lowercased() != "content-encoding" }
    headers["Content-Encoding"] = encoding
    return (headers, bodyEncoding.encode(body))
  }

  /// `METHOD url (headers) body size`, with secrets redacted.
  public var description: String {
    "\(method) \(Redaction.redact(url.absoluteString)) [\(Redaction.describe(headers: headers))] body: \(body.count) bytes\(bodyEncoding == .gzip ? " (gzip on the wire)" : "")"
  }

  /// Throws ``DeliveryError/insecureURL(_:)`` unless the URL is `https`, or `http` to a loopback host
  /// (`127.0.0.0/8`, `localhost`, `::1`).
  package func validateTransportSecurity() throws(DeliveryError) {
    let scheme = url.scheme?.lowercased()
    if scheme == "https" { return }
    if scheme == "http", let host = url.host, Self.isLoopback(host) { return }
    throw .insecureURL(Redaction.redact(url.absoluteString))
  }

  /// Whether `host` names the local machine: `localhost`, `127.0.0.0/8`, or `::1`.
  package static func isLoopback(_ host: String) -> Bool {
    var host = host.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "127" else { return false }
    return parts.allSatisfy { part in UInt8(part) != nil }
  }
}
