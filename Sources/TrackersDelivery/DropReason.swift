/// Why records left the queue without being delivered.
public enum DropReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Dropped oldest-first to stay under ``DeliveryConfiguration/maxPendingBytes``.
  case overflow
  /// Refused at enqueue under ``DeliveryConfiguration/OverflowPolicy/refuseNew``; never entered the queue.
  case refused
  /// The vendor refused these records in a partial success.
  case rejected
  /// A single record the server still called too large.
  case tooLarge
  /// Too many retryable failures.
  case maxAttempts
  /// Older than ``DeliveryConfiguration/maxAge``.
  case maxAge
  /// The server answered with a permanent failure, or the request could not be built or was insecure.
  case permanentFailure
  /// Damaged bytes on disk (a torn write, garbage); counted per damaged region.
  case corrupt
  /// Removed by a purge: consent denied, or ``Trackers/PrivacyRegistry/purge(destination:)``,
  /// ``Trackers/ConsentStore/optOut()`` or ``Trackers/PrivacyRegistry/reset()``.
  case purged
  /// Kept in memory while the queue's directory could not be opened (Data Protection before the first
  /// unlock), and lost there: the memory buffer was full, or the queue closed before the directory
  /// opened.
  case storageUnavailable
  /// Pending in a memory-only queue (``DeliveryConfiguration/Storage/memory(maxEvents:maxBytes:)``) when it
  /// closed: nothing keeps them for the next start.
  case closedInMemory

  /// The raw name.
  public var description: String { rawValue }
}
