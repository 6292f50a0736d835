/// The records of one request, oldest first, all with the same partition.
///
/// Partitions let a vendor that needs one user per request (GA4's `client_id`) group records: the queue
/// never mixes partitions in one batch.
public struct Batch: Sendable {
  /// The records, oldest first. Outcome indices (``DeliveryOutcome/partiallyDelivered(rejected:)``) refer
  /// to this array.
  public let records: [Record]
  /// The partition shared by every record.
  public let partition: String

  /// Creates a batch.
  public init(records: [Record], partition: String) {
    self.records = records
    self.partition = partition
  }
}
