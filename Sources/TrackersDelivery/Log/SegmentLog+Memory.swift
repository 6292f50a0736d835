import Foundation

/// The frames of a log that lives in memory only (``DeliveryConfiguration/Storage/memory(maxEvents:maxBytes:)``):
/// one endless segment whose offsets are the frames' running byte count, so positions, `finished`,
/// `attempts` and the head work as on disk. Frames before the head are let go of as it moves.
struct MemoryFrames {
  /// Frames from `firstOffset` on, oldest first; `start` is the index of the first one kept.
  private(set) var frames: [[UInt8]] = []
  private var start = 0
  private(set) var firstOffset: Int64 = 0
  private var offsets: [Int64] = []

  mutating func append(_ frame: [UInt8], at offset: Int64) {
    if frames.isEmpty { firstOffset = offset }
    frames.append(frame)
    offsets.append(offset)
  }

  /// The frame starting at `offset`, if it is kept.
  func frame(at offset: Int64) -> [UInt8]? {
    guard let index = index(of: offset) else { return nil }
    return frames[index]
  }

  private func index(of offset: Int64) -> Int? {
    var low = start
    var high = offsets.count
    while low < high {
      let mid = (low + high) / 2
      if offsets[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low < offsets.count && offsets[low] == offset ? low : nil
  }

  /// The kept frames from `offset` on, with their offsets.
  func frames(from offset: Int64) -> some Sequence<(offset: Int64, frame: [UInt8])> {
    var low = start
    var high = offsets.count
    while low < high {
      let mid = (low + high) / 2
      if offsets[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return (low..<offsets.count).lazy.map { (offsets[$0], frames[$0]) }
  }

  /// Lets go of the frames before `offset`.
  mutating func discard(before offset: Int64) {
    while start < offsets.count, offsets[start] < offset {
      frames[start] = []
      start += 1
    }
    // Compact now and then, so the arrays don't grow with everything ever sent.
    if start > 1024, start * 2 > offsets.count {
      frames.removeFirst(start)
      offsets.removeFirst(start)
      start = 0
    }
  }

  mutating func removeAll() {
    frames = []
    offsets = []
    start = 0
  }
}

extension SegmentLog {
  /// Reads the next batch from the frames in memory, as `Reader.readBatch` reads it from disk (the same
  /// rules: the oldest pending record's partition, within `limits`, past finished, claimed and aged
  /// records and busy partitions); under the queue's lock, since nothing here waits on a file.
  func readMemoryBatch(
    attempts: [LogPosition: Int], limits: BatchLimits, olderThan: Date, claimed: [LogPosition: Int64],
    busyPartitions: Set<String>
  ) -> BatchRead {
    var read = BatchRead()
    guard let memory, !isClosed else { return read }
    let lookahead = max(limits.maxEvents * 4, 1000)
    var bytes = 0
    var scanned = 0
    for (offset, frame) in memory.frames(from: head.offset) {
      let position = LogPosition(segment: head.segment, offset: offset)
      if finished[ifAny: position] != nil || claimed[ifAny: position] != nil { continue }
      scanned += 1
      let length = Int64(frame.count)
      let parsed = frame.withUnsafeBytes { bytes -> (RecordFrame.Body, [UInt8])? in
        let body = UnsafeRawBufferPointer(rebasing: bytes[RecordFrame.headerSize...])
        guard let parsed = RecordFrame.parseBody(body) else { return nil }
        return (parsed, [UInt8](UnsafeRawBufferPointer(rebasing: body[parsed.payloadRange])))
      }
      // Frames made by this process are never damaged; one that does not parse is skipped as damage.
      guard let (body, payload) = parsed else {
        read.corrupt.append(CorruptRegion(segment: position.segment, offset: offset, length: length))
        continue
      }
      if body.enqueuedAt < olderThan {
        read.aged.append((position, length))
      } else if !busyPartitions.contains(body.partition) {
        if read.partition == nil { read.partition = body.partition }
        if body.partition == read.partition {
          let size = limits.bytes(inRequestOf: payload)
          if read.entries.count >= limits.maxEvents || (!read.entries.isEmpty && bytes + size > limits.recordBudget) {
            break
          }
          bytes += size
          let record = Record(
            id: body.id, enqueuedAt: body.enqueuedAt, attempts: attempts[ifAny: position] ?? 0, partition: body.partition,
            payload: payload)
          read.entries.append(PendingBatch.Entry(position: position, length: length, record: record))
        }
      }
      if scanned >= lookahead { break }
    }
    return read
  }
}
