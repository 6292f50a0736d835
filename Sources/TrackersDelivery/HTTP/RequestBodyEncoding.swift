/// How a request's body travels on the wire: as the destination built it, or gzip-compressed with
/// `Content-Encoding: gzip`.
///
/// A destination declares what its vendor documents (``DeliveryDestination/requestBodyEncoding(for:)``); the queue
/// puts it on each request (``HTTPRequest/bodyEncoding``) unless
/// ``DeliveryConfiguration/compressesRequestBodies`` is off, and the transport compresses when it sends
/// (``HTTPRequest/encodedForWire()``). The compressor is the package's own (no zlib, no Compression
/// framework), so it works the same on Linux and Apple platforms. Batch limits, the pending-bytes cap and
/// 413 splitting all count the uncompressed bytes: what vendors document their limits on.
///
/// ```swift
/// func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding { .gzip }   // in a DeliveryDestination
/// ```
public enum RequestBodyEncoding: Sendable, Hashable {
  /// The body as built, no `Content-Encoding`.
  case identity
  /// gzip (RFC 1952), sent with `Content-Encoding: gzip`.
  case gzip

  /// The `Content-Encoding` header's value, `nil` for ``identity``.
  package var contentEncoding: String? {
    switch self {
    case .identity: nil
    case .gzip: "gzip"
    }
  }

  /// `body` encoded this way.
  package func encode(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .identity: body
    case .gzip: Gzip.compress(body)
    }
  }
}
