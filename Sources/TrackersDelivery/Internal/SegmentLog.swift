import Foundation

/// One segment file of the log: its number and how many bytes it holds.
struct SegmentInfo: Sendable {
  var number: UInt64
  var size: Int64
}

/// What the sender needs to read the pending records without holding the queue's lock.
struct ReadPlan: Sendable {
  var head: LogPosition
  var segments: [SegmentInfo]
  var finished: [LogPosition: Int64]
}

/// A damaged region found while scanning.
struct CorruptRegion: Sendable {
  var segment: UInt64
  var offset: Int64
  var length: Int64
}

/// The append-only segment log and the read cursor of one destination.
///
/// Not thread-safe: it lives inside the queue's `LockIsolated` state. Pending records stay on disk;
/// memory holds only the segment list, the head position, and the few records past the head that are
/// finished out of order (`finished`) or have been tried (`attempts`), which the batch look-ahead bounds.
final class SegmentLog {
  let directory: String
  let segmentMaxBytes: Int64
  private(set) var segments: [SegmentInfo] = []
  private var writer: SegmentWriter?
  private(set) var head: LogPosition
  /// Regions past `head` that are already finished (delivered, dropped, corrupt), by start position.
  private(set) var finished: [LogPosition: Int64] = [:]
  /// Attempts so far for records past `head` that have been sent at least once.
  private(set) var attempts: [LogPosition: Int] = [:]
  private(set) var pendingEvents = 0
  private(set) var pendingBytes: Int64 = 0
  private var headReader: (segment: UInt64, fd: Int32)?
  private(set) var cursorDirty = false

  /// Records found on disk when the log was opened.
  let recoveredEvents: Int
  /// Damage found when the log was opened.
  let corruptRegions: [CorruptRegion]

  private var cursor: CursorSlots

  static func segmentFileName(_ number: UInt64) -> String {
    let digits = String(number)
    return "segment-" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".log"
  }

  private func path(of segment: UInt64) -> String {
    directory + "/" + Self.segmentFileName(segment)
  }

  init(directory: String, segmentMaxBytes: Int64) throws(DeliveryError) {
    try POSIXFile.makeDirectory(directory)

    var numbers: [UInt64] = []
    for name in POSIXFile.listDirectory(directory) {
      if name.hasSuffix(".tmp") {
        POSIXFile.remove(directory + "/" + name)
      } else if name.hasPrefix("segment-"), name.hasSuffix(".log"),
        let number = UInt64(name.dropFirst(8).dropLast(4))
      {
        numbers.append(number)
      }
    }
    numbers.sort()

    let cursor = CursorFile.load(directory: directory)
    var head = cursor?.head ?? LogPosition(segment: numbers.first ?? 1, offset: 0)
    if let first = numbers.first, head.segment < first { head = LogPosition(segment: first, offset: 0) }
    for number in numbers where number < head.segment {
      POSIXFile.remove(directory + "/" + Self.segmentFileName(number))
    }
    numbers.removeAll { $0 < head.segment }
    if let first = numbers.first, first != head.segment { head = LogPosition(segment: first, offset: 0) }
    var finished = (cursor?.finished ?? [:]).filter { $0.key >= head }
    let attempts = (cursor?.attempts ?? [:]).filter { $0.key >= head }

    // Count what is pending and find damage, verifying every checksum once.
    let scanner = SegmentScanner()
    var segments: [SegmentInfo] = []
    var corrupt: [CorruptRegion] = []
    var events = 0
    var bytes: Int64 = 0
    for number in numbers {
      let filePath = directory + "/" + Self.segmentFileName(number)
      guard let fd = POSIXFile.openForReading(filePath) else { continue }
      let size = POSIXFile.size(fd)
      segments.append(SegmentInfo(number: number, size: size))
      scanner.reset(fd: fd, end: size)
      var offset: Int64 = number == head.segment ? head.offset : 0
      while true {
        if let length = finished[LogPosition(segment: number, offset: offset)] {
          offset += length
          continue
        }
        guard let item = scanner.next(at: offset) else { break }
        switch item {
        case .frame(_, let length):
          events += 1
          bytes += Int64(length)
          offset += Int64(length)
        case .corrupt(_, let length):
          corrupt.append(CorruptRegion(segment: number, offset: offset, length: length))
          finished[LogPosition(segment: number, offset: offset)] = length
          offset += length
        }
      }
      // A file mapped when its writer crashed ends in reserved zeros: the data ends where scanning did.
      segments[segments.count - 1].size = offset
      POSIXFile.closeFile(fd)
    }

    // Never append to a file from an earlier run: its tail may be torn.
    let writerNumber = (numbers.last ?? (head.segment > 0 ? head.segment - 1 : 0)) + 1
    let writer = try SegmentWriter(path: directory + "/" + Self.segmentFileName(writerNumber))
    segments.append(SegmentInfo(number: writerNumber, size: 0))
    if segments.count == 1 { head = LogPosition(segment: writerNumber, offset: 0) }

    self.directory = directory
    self.cursor = CursorSlots(directory: directory, lastSequence: cursor?.sequence ?? 0)
    self.segmentMaxBytes = segmentMaxBytes
    self.segments = segments
    self.writer = writer
    self.head = head
    self.finished = finished
    self.attempts = attempts
    self.pendingEvents = events
    self.pendingBytes = bytes
    self.recoveredEvents = events
    self.corruptRegions = corrupt
    self.cursorDirty = !corrupt.isEmpty
    advanceHead()
  }

  deinit {
    closeFiles()
  }

  func closeFiles() {
    cursor.close()
    writer?.close()
    writer = nil
    if let reader = headReader { POSIXFile.closeFile(reader.fd) }
    headReader = nil
  }

  private var writerEnd: LogPosition {
    LogPosition(segment: segments[segments.count - 1].number, offset: segments[segments.count - 1].size)
  }

  // MARK: Appending

  /// Appends one frame of `size` bytes, which `encode` writes into the space it is given (see
  /// `SegmentWriter`: on Linux, straight into the file's mapped pages).
  func append(size: Int, encode: (UnsafeMutableRawBufferPointer) -> Void) throws(DeliveryError) {
    guard let current = writer else { throw .closed }
    let writer = current.size >= segmentMaxBytes ? try rotate() : current
    encode(try writer.reserve(size))
    try writer.commit(size)
    segments[segments.count - 1].size = writer.size
    pendingEvents += 1
    pendingBytes += Int64(size)
  }

  private func rotate() throws(DeliveryError) -> SegmentWriter {
    let number = segments[segments.count - 1].number + 1
    let next = try SegmentWriter(path: path(of: number))
    writer?.close()
    writer = next
    segments.append(SegmentInfo(number: number, size: 0))
    return next
  }

  // MARK: Finishing records

  /// Marks the region at `position` finished; returns `false` if it was already gone (dropped at the
  /// cap, purged, or finished before), so callers count each record once.
  @discardableResult
  func finish(_ position: LogPosition, length: Int64, isRecord: Bool = true) -> Bool {
    guard position >= head, finished[position] == nil else { return false }
    guard segments.contains(where: { $0.number == position.segment }) else { return false }
    finished[position] = length
    attempts[position] = nil
    if isRecord {
      pendingEvents -= 1
      pendingBytes -= length
    }
    cursorDirty = true
    return true
  }

  func isPending(_ position: LogPosition) -> Bool {
    position >= head && finished[position] == nil && segments.contains { $0.number == position.segment }
  }

  func recordAttempt(_ position: LogPosition) -> Int {
    let count = (attempts[position] ?? 0) + 1
    attempts[position] = count
    cursorDirty = true
    return count
  }

  func attemptsSoFar(_ position: LogPosition) -> Int {
    attempts[position] ?? 0
  }

  /// Moves the head over finished regions and exhausted segments, deleting segment files it leaves.
  func advanceHead() {
    while true {
      if let length = finished.removeValue(forKey: head) {
        head.offset += length
        cursorDirty = true
        continue
      }
      if segments.count > 1, head.segment == segments[0].number, head.offset >= segments[0].size {
        let old = segments.removeFirst()
        if let reader = headReader, reader.segment == old.number {
          POSIXFile.closeFile(reader.fd)
          headReader = nil
        }
        POSIXFile.remove(path(of: old.number))
        head = LogPosition(segment: segments[0].number, offset: 0)
        cursorDirty = true
        continue
      }
      return
    }
  }

  /// Drops the oldest pending records until `needed` more bytes fit under `cap`; returns how many.
  func dropOldest(toFit needed: Int64, cap: Int64) -> Int {
    var dropped = 0
    while pendingBytes + needed > cap {
      advanceHead()
      guard head < writerEnd else { break }
      let length = recordLength(at: head) ?? (segments[0].size - head.offset)
      attempts[head] = nil
      head.offset += length
      pendingEvents -= 1
      pendingBytes -= length
      dropped += 1
      cursorDirty = true
    }
    advanceHead()
    return dropped
  }

  private func recordLength(at position: LogPosition) -> Int64? {
    if headReader?.segment != position.segment {
      if let reader = headReader { POSIXFile.closeFile(reader.fd) }
      headReader = POSIXFile.openForReading(path(of: position.segment)).map { (position.segment, $0) }
    }
    guard let fd = headReader?.fd else { return nil }
    var header = (UInt64(0), UInt32(0))
    let read = withUnsafeMutableBytes(of: &header) {
      POSIXFile.read(fd, into: $0, count: RecordFrame.headerSize, at: position.offset)
    }
    guard read == RecordFrame.headerSize else { return nil }
    return withUnsafeBytes(of: &header) { RecordFrame.claimedLength($0) }.map(Int64.init)
  }

  // MARK: Reading, purging, persisting

  func readPlan() -> ReadPlan {
    ReadPlan(head: head, segments: segments, finished: finished)
  }

  func segmentPath(_ number: UInt64) -> String {
    path(of: number)
  }

  /// Deletes every segment and the cursor; returns how many pending records that removed.
  func purge() throws(DeliveryError) -> Int {
    let removed = pendingEvents
    let next = segments[segments.count - 1].number + 1
    let wasOpen = writer != nil
    closeFiles()
    for segment in segments { POSIXFile.remove(path(of: segment.number)) }
    cursor.remove()
    segments = []
    finished = [:]
    attempts = [:]
    pendingEvents = 0
    pendingBytes = 0
    head = LogPosition(segment: next, offset: 0)
    if wasOpen { writer = try SegmentWriter(path: path(of: next)) }
    segments = [SegmentInfo(number: next, size: 0)]
    cursorDirty = false
    return removed
  }

  func persistCursor() throws(DeliveryError) {
    guard cursorDirty else { return }
    try cursor.write(head: head, finished: finished, attempts: attempts)
    cursorDirty = false
  }

  func sync() throws(DeliveryError) {
    cursorDirty = true
    try persistCursor()
    if let failure = writer?.sync() {
      throw .storage(operation: "fsync", path: path(of: segments[segments.count - 1].number), errno: failure)
    }
    cursor.sync()
    POSIXFile.syncDirectory(directory)
  }
}
