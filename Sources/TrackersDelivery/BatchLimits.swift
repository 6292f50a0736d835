/// How a destination wants its requests cut.
public struct BatchLimits: Sendable, Hashable {
  /// The most records in one request.
  public var maxEvents: Int
  /// The most payload bytes in one request: the sum of the payload sizes plus one byte per record (for
  /// a separator). Leave room for the vendor's envelope. A payload larger than this is refused at enqueue.
  public var maxBytes: Int
  /// How long a record may wait for a batch to fill before it is sent anyway.
  public var flushInterval: Duration

  /// Creates limits.
  public init(maxEvents: Int, maxBytes: Int, flushInterval: Duration) {
    self.maxEvents = max(1, maxEvents)
    self.maxBytes = max(1, maxBytes)
    self.flushInterval = flushInterval
  }
}
