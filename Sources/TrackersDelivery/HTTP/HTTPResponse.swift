import Foundation

/// What the server answered.
public struct HTTPResponse: Sendable, CustomStringConvertible {
  /// The HTTP status code.
  public var statusCode: Int
  /// Header fields as received.
  public var headers: [String: String]
  /// The body bytes: all of them, or only the first ones (maybe none) when ``isBodyTruncated``.
  public var body: [UInt8]
  /// The body was longer than the transport keeps (``URLSessionTransport/maxResponseBytes``): `body` is
  /// its beginning (empty when the answer announced its length: then none of it was read), the rest was
  /// never read. No vendor documents an answer that long, so a destination that reads the body takes
  /// such an answer as unexpected.
  public var isBodyTruncated: Bool
  /// When the answer arrived, on the queue's clock (its injected one, virtual in tests): the queue sets it
  /// before the destination's ``DeliveryDestination/classify(_:for:)`` reads the answer, so that a
  /// `Retry-After` date is read against it (``DeliveryOutcome/retryAfter(_:)``). `nil` from a transport.
  public var receivedAt: Date?

  /// Creates a response.
  public init(statusCode: Int, headers: [String: String] = [:], body: [UInt8] = [], isBodyTruncated: Bool = false) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.isBodyTruncated = isBodyTruncated
  }

  /// This response, stamped as received at `date` (``receivedAt``).
  package func received(at date: Date) -> HTTPResponse {
    var stamped = self
    stamped.receivedAt = date
    return stamped
  }

  /// The value of a header field, ignoring the case of its name.
  public func header(_ name: String) -> String? {
    if let value = headers[name] { return value }
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }

  /// The body as UTF-8 text (invalid bytes replaced).
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// `HTTP status`, then the headers and the body when there are any: secret headers and secrets in the
  /// body redacted, body cut at 500 characters.
  public var description: String {
    var description = "HTTP \(statusCode)"
    if !headers.isEmpty { description += " [\(Redaction.describe(headers: headers))]" }
    let text = bodyText
    if !text.isEmpty || isBodyTruncated {
      let shown = text.count > 500 || isBodyTruncated ? String(text.prefix(500)) + "..." : text
      description += " \(Redaction.redact(shown))"
    }
    return description
  }
}
