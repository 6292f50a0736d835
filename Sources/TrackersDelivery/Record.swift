import Foundation

/// One queued event as the destination sees it when building a request.
public struct Record: Sendable {
  /// The id created at enqueue time; the same on every attempt.
  public let id: RecordID
  /// When the event was enqueued (wall clock).
  public let enqueuedAt: Date
  /// How many times this record was sent before and answered with a retryable failure.
  public let attempts: Int
  /// The grouping key given at enqueue time; every record of a ``Batch`` has the same one.
  public let partition: String
  /// The event's bytes as the vendor module encoded them (usually one JSON object).
  public let payload: [UInt8]

  /// Creates a record; the queue makes these, tests of vendor modules may too.
  public init(id: RecordID, enqueuedAt: Date, attempts: Int, partition: String, payload: [UInt8]) {
    self.id = id
    self.enqueuedAt = enqueuedAt
    self.attempts = attempts
    self.partition = partition
    self.payload = payload
  }
}
