import Foundation
import Testing
@testable import TrackersDelivery

/// The log's reading side on its own: frames written with `append`, read back with `readBatch`, no
/// queue, no sender, no clock.
@Suite struct SegmentReaderTests {
  let start = Date(timeIntervalSince1970: 1_793_817_970)

  func log(_ directory: URL, records: [(partition: String, age: Double)]) throws -> SegmentLog {
    let log = try SegmentLog(directory: directory.path, segmentMaxBytes: 1 << 20)
    for (seq, record) in records.enumerated() {
      let frame = RecordFrame.encode(
        id: RecordID(), enqueuedAt: start - record.age, partition: record.partition, payload: payload(seq))
      try log.append(size: frame.count) { space in frame.withUnsafeBytes { space.copyMemory(from: $0) } }
    }
    return log
  }

  func seqs(_ read: SegmentLog.BatchRead) -> [Int] {
    read.entries.compactMap { entry in
      let text = String(decoding: entry.record.payload, as: UTF8.self)
      return Int(text.dropFirst("{\"seq\":".count).prefix { $0.isNumber })
    }
  }

  @Test func aBatchIsTheOldestRecordsPartitionWithinTheLimits() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let log = try log(directory, records: [("a", 0), ("b", 0), ("a", 0), ("a", 0), ("b", 0), ("a", 0)])
    defer { log.closeFiles() }
    let reader = SegmentLog.Reader(limits: BatchLimits(maxEvents: 3, maxBytes: 1 << 20, flushInterval: .seconds(1)))
    let read = reader.readBatch(
      log.readPlan(), attempts: log.attempts, limits: BatchLimits(maxEvents: 3, maxBytes: 1 << 20, flushInterval: .seconds(1)),
      olderThan: start - 3600)
    #expect(read.partition == "a")
    #expect(seqs(read) == [0, 2, 3])
    #expect(read.aged.isEmpty && read.corrupt.isEmpty)
  }

  /// The memory bound of Guarantees.md: a read looks at no more than `max(4 × maxEvents, 1000)` records
  /// past the head, so what it holds of records finished out of order stays bounded however many are
  /// pending. A partition's record 999 records down is read; one 1,000 down is not, unless the batch is big
  /// enough (300 events: 1,200 records) for the look-ahead to reach it. The same on disk and in memory.
  @Test(arguments: [false, true])
  func aReadLooksAtMostMaxOf4BatchesOr1000RecordsAhead(inMemory: Bool) throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let records = [("a", 0.0)] + Array(repeating: ("b", 0.0), count: 998) + [("a", 0), ("a", 0)]
    let log: SegmentLog
    if inMemory {
      log = SegmentLog(inMemoryMaxEvents: 10_000)
      for (seq, record) in records.enumerated() {
        let frame = RecordFrame.encode(id: RecordID(), enqueuedAt: start - record.1, partition: record.0, payload: payload(seq))
        try log.append(size: frame.count) { space in frame.withUnsafeBytes { space.copyMemory(from: $0) } }
      }
    } else {
      log = try self.log(directory, records: records.map { (partition: $0.0, age: $0.1) })
    }
    defer { log.closeFiles() }
    func read(maxEvents: Int) -> [Int] {
      let limits = BatchLimits(maxEvents: maxEvents, maxBytes: 1 << 20, flushInterval: .seconds(1))
      if inMemory {
        return seqs(
          log.readMemoryBatch(attempts: [:], limits: limits, olderThan: .distantPast, claimed: [:], busyPartitions: []))
      }
      return seqs(SegmentLog.Reader(limits: limits).readBatch(log.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast))
    }
    #expect(read(maxEvents: 10) == [0, 999])  // 1,000 records looked at: the floor
    #expect(read(maxEvents: 250) == [0, 999])  // 4 × 250 = 1,000
    #expect(read(maxEvents: 300) == [0, 999, 1000])  // 4 × 300 = 1,200
  }

  @Test func recordsBeforeTheCutAreReturnedAgedNotSent() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let log = try log(directory, records: [("", 7200), ("", 10), ("", 7200), ("", 0)])
    defer { log.closeFiles() }
    let limits = BatchLimits(maxEvents: 10, maxBytes: 1 << 20, flushInterval: .seconds(1))
    let read = SegmentLog.Reader(limits: limits).readBatch(log.readPlan(), attempts: [:], limits: limits, olderThan: start - 3600)
    #expect(seqs(read) == [1, 3])
    #expect(read.aged.count == 2)
    // Once finished, the aged ones are passed over without being read again.
    for aged in read.aged { #expect(log.finish(aged.position, length: aged.length)) }
    let again = SegmentLog.Reader(limits: limits).readBatch(log.readPlan(), attempts: [:], limits: limits, olderThan: start - 3600)
    #expect(again.aged.isEmpty)
    #expect(seqs(again) == [1, 3])
  }

  @Test func aRecordsAttemptsComeFromTheLog() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let log = try log(directory, records: [("", 0), ("", 0)])
    defer { log.closeFiles() }
    let limits = BatchLimits(maxEvents: 10, maxBytes: 1 << 20, flushInterval: .seconds(1))
    let reader = SegmentLog.Reader(limits: limits)
    let first = reader.readBatch(log.readPlan(), attempts: log.attempts, limits: limits, olderThan: .distantPast)
    _ = log.recordAttempt(first.entries[1].position)
    _ = log.recordAttempt(first.entries[1].position)
    let second = reader.readBatch(log.readPlan(), attempts: log.attempts, limits: limits, olderThan: .distantPast)
    #expect(second.entries.map(\.record.attempts) == [0, 2])
  }

  /// Requests in flight: the next read passes over what is on its way, and over partitions whose order is
  /// kept while a batch of theirs is out.
  @Test func aReadPassesOverRecordsOnTheirWayAndBusyPartitions() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let log = try log(directory, records: [("a", 0), ("a", 0), ("a", 0), ("b", 0), ("a", 0), ("c", 0)])
    defer { log.closeFiles() }
    let limits = BatchLimits(maxEvents: 2, maxBytes: 1 << 20, flushInterval: .seconds(1))
    let reader = SegmentLog.Reader(limits: limits)
    let first = reader.readBatch(log.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast)
    #expect(seqs(first) == [0, 1])
    var claimed: [LogPosition: Int64] = [:]
    for entry in first.entries { claimed[entry.position] = entry.length }
    // "a" in any order: its next record goes in a second request at once.
    let second = reader.readBatch(log.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast, claimed: claimed)
    #expect(second.partition == "a" && seqs(second) == [2, 4])
    // "a" kept in order: it waits for its batch's answer, and "b" goes.
    let other = reader.readBatch(
      log.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast, claimed: claimed, busyPartitions: ["a"])
    #expect(other.partition == "b" && seqs(other) == [3])
  }

  /// Answered out of order: the head moves only over the records finished in a row from the oldest; the
  /// cursor remembers the others, so they are not read again (nor, after a restart, sent again).
  @Test func theHeadMovesOnlyOverTheFinishedPrefix() throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let log = try log(directory, records: [("", 0), ("", 0), ("", 0)])
    let limits = BatchLimits(maxEvents: 10, maxBytes: 1 << 20, flushInterval: .seconds(1))
    let entries = SegmentLog.Reader(limits: limits).readBatch(
      log.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast
    ).entries
    #expect(log.finish(entries[1].position, length: entries[1].length))
    log.advanceHead()
    #expect(log.head == entries[0].position)
    try log.persistCursor()
    log.closeFiles()
    let reopened = try SegmentLog(directory: directory.path, segmentMaxBytes: 1 << 20)
    defer { reopened.closeFiles() }
    let again = SegmentLog.Reader(limits: limits).readBatch(
      reopened.readPlan(), attempts: [:], limits: limits, olderThan: .distantPast)
    #expect(seqs(again) == [0, 2])
    #expect(reopened.finish(again.entries[0].position, length: again.entries[0].length))
    reopened.advanceHead()
    #expect(reopened.head == again.entries[1].position)
  }
}
