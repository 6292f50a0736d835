import Foundation

/// A batch read from the log (`SegmentLog.Reader.readBatch`, `readMemoryBatch`) and on its way, with where
/// each record lives, so that its answer can finish exactly those records.
struct PendingBatch: Sendable {
  struct Entry: Sendable {
    var position: LogPosition
    var length: Int64
    var record: Record
  }

  var entries: [Entry]
  var partition: String
  /// The log generation the positions belong to (see `QueueMachine.generation`): once the log is replaced,
  /// they may name other records, and the batch's outcome is not applied.
  var generation = 0

  var batch: Batch { Batch(records: entries.map(\.record), partition: partition) }
}
