/// How a destination wants its requests cut.
///
/// A request holds at most ``maxEvents`` records and ``maxBytes`` bytes: the ``envelopeBytes`` every request
/// carries around its records, plus each record as ``recordBytes`` counts it (its payload and a separator).
///
/// ```swift
/// // Countly: a JSON array inside a form field, beside the app key.
/// BatchLimits(maxEvents: 100, maxBytes: 1_000_000, flushInterval: .seconds(60),
///             envelopeBytes: 200, recordBytes: .percentEncodedPlusSeparator)
/// ```
public struct BatchLimits: Sendable, Hashable {
  /// The most records in one request.
  public var maxEvents: Int
  /// The most bytes in one request: ``envelopeBytes`` plus every record's bytes as ``recordBytes`` counts
  /// them. A record that can't fit a request alone is refused at enqueue.
  public var maxBytes: Int
  /// How long a record may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration
  /// The bytes of every request besides its records: brackets, a key, the names of a form's fields. 0 by
  /// default: a destination without it leaves that room in ``maxBytes``.
  public var envelopeBytes: Int
  /// How a record's bytes count toward ``maxBytes``.
  public var recordBytes: RecordBytes

  /// How a record's bytes count toward a request's ``maxBytes``.
  public enum RecordBytes: Sendable, Hashable {
    /// Its payload's bytes, plus one for the separator between records: a JSON array, lines.
    case payloadPlusSeparator
    /// Its payload percent-encoded, plus three for an encoded separator (`%2C`): a JSON array sent as a
    /// form field (Countly's `requests=`) or a query item. ASCII letters and digits count one byte, every
    /// other byte three, as `addingPercentEncoding(withAllowedCharacters: .alphanumerics)` or any stricter
    /// encoder writes them: an upper bound, measured on each record, not the worst case of every record.
    case percentEncodedPlusSeparator
  }

  /// Creates limits.
  public init(
    maxEvents: Int, maxBytes: Int, flushInterval: Duration, envelopeBytes: Int = 0,
    recordBytes: RecordBytes = .payloadPlusSeparator
  ) {
    self.maxEvents = max(1, maxEvents)
    self.maxBytes = max(1, maxBytes)
    self.flushInterval = flushInterval
    self.envelopeBytes = max(0, envelopeBytes)
    self.recordBytes = recordBytes
  }

  /// The bytes the records of one request may take: ``maxBytes`` less the ``envelopeBytes``, at least 1.
  package var recordBudget: Int { max(1, maxBytes - envelopeBytes) }

  /// The bytes `payload` takes in a request, as ``recordBytes`` counts them.
  ///
  /// ```swift
  /// limits.bytes(inRequestOf: Array(#"{"k":1}"#.utf8))   // 8 as JSON; 20 percent-encoded
  /// ```
  @inlinable
  public func bytes(inRequestOf payload: some Collection<UInt8>) -> Int {
    switch recordBytes {
    case .payloadPlusSeparator:
      return payload.count + 1
    case .percentEncodedPlusSeparator:
      var bytes = 3
      for byte in payload {
        let isAlphanumeric =
          (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        bytes += isAlphanumeric ? 1 : 3
      }
      return bytes
    }
  }
}

extension BatchLimits {
  /// Whether this many pending events and bytes make a full batch: the trigger that starts sending without
  /// waiting for the interval (an append that wakes the sender, a look that drains, a drain that goes on).
  func makeAFullBatch(events: Int, bytes: Int64) -> Bool {
    events >= maxEvents || bytes >= Int64(maxBytes)
  }
}
