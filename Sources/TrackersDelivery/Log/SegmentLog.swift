import Foundation

/// One segment file of the log: its number and how many bytes it holds.
struct SegmentInfo: Sendable {
  var number: UInt64
  var size: Int64
}

/// What the sender needs to read the pending records without holding the queue's lock.
struct ReadPlan: Sendable {
  /// Where the log's segment files are.
  var directory: String
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
  let writeMode: SegmentWriteMode
  /// The storage calls the log's files are reserved, written and synced with (``StorageCalls``).
  let calls: StorageCalls
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
  /// The frames of a log that lives in memory only (see `init(inMemoryMaxEvents:)`); `nil` on disk.
  private(set) var memory: MemoryFrames?
  /// The most records a log in memory holds (``DeliveryConfiguration/Storage/memory(maxEvents:maxBytes:)``).
  private(set) var maxEvents = Int.max

  static func segmentFileName(_ number: UInt64) -> String {
    let digits = String(number)
    return "segment-" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".log"
  }

  private func path(of segment: UInt64) -> String {
    directory + "/" + Self.segmentFileName(segment)
  }

  static func segmentNumber(fileName name: String) -> UInt64? {
    guard name.hasPrefix("segment-"), name.hasSuffix(".log") else { return nil }
    return UInt64(name.dropFirst(8).dropLast(4))
  }

  /// Which part the log plays when processes share a directory (see ``Handover``).
  enum Role {
    /// The log of the directory's lock holder: it takes the segments other processes hand over.
    case sender
    /// The log of a process writing for another one's sender, in a writer directory of its own: its
    /// segments are sealed and taken away, never read here.
    case handsOver
  }

  let role: Role
  /// Segments sealed for the sender and not yet taken, with the records and bytes each holds.
  private var sealed: [UInt64: (events: Int, bytes: Int64)] = [:]
  private var eventsInWritingSegment = 0

  init(
    directory: String, segmentMaxBytes: Int64, role: Role = .sender, writeMode: SegmentWriteMode = .platformDefault,
    calls: StorageCalls = .live
  ) throws(DeliveryError) {
    try POSIXFile.makeDirectory(directory)

    var numbers: [UInt64] = []
    for name in POSIXFile.listDirectory(directory) {
      if name.hasSuffix(".tmp") {
        POSIXFile.remove(directory + "/" + name)
      } else if let number = Self.segmentNumber(fileName: name) {
        numbers.append(number)
      }
    }
    numbers.sort()

    let cursor = CursorFile.load(directory: directory)
    // What other processes left for the sender is moved in after everything already here.
    let handedOver = role == .sender ? Handover.collect(in: directory) : Handover.Collected()
    var nextNumber = max(numbers.last ?? 0, cursor?.head.segment ?? 0) + 1
    for path in handedOver.segments where rename(path, directory + "/" + Self.segmentFileName(nextNumber)) == 0 {
      numbers.append(nextNumber)
      nextNumber += 1
    }
    handedOver.removeFinishedWriters()

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
      guard let fd = POSIXFile.openForReading(directory + "/" + Self.segmentFileName(number)) else { continue }
      let scan = Self.scan(
        scanner, fd: fd, number: number, from: number == head.segment ? head.offset : 0, finished: &finished)
      POSIXFile.closeFile(fd)
      segments.append(SegmentInfo(number: number, size: scan.end))
      events += scan.events
      bytes += scan.bytes
      corrupt += scan.corrupt
    }

    // Never append to a file from an earlier run: its tail may be torn.
    let writerNumber = (numbers.last ?? (head.segment > 0 ? head.segment - 1 : 0)) + 1
    let writer = try SegmentWriter(path: directory + "/" + Self.segmentFileName(writerNumber), mode: writeMode, calls: calls)
    segments.append(SegmentInfo(number: writerNumber, size: 0))
    if segments.count == 1 { head = LogPosition(segment: writerNumber, offset: 0) }

    self.directory = directory
    self.writeMode = writeMode
    self.calls = calls
    self.role = role
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

  /// A log that holds nothing and writes nothing, in place of the one a queue could not open yet (see
  /// `DriverState.unopened`): closed, so nothing here touches the directory.
  init(unopenedAt directory: String, segmentMaxBytes: Int64, writeMode: SegmentWriteMode) {
    self.directory = directory
    self.writeMode = writeMode
    self.calls = .live
    self.role = .sender
    self.cursor = CursorSlots(directory: directory, lastSequence: 0)
    self.segmentMaxBytes = segmentMaxBytes
    self.segments = [SegmentInfo(number: 1, size: 0)]
    self.writer = nil
    self.head = LogPosition(segment: 1, offset: 0)
    self.recoveredEvents = 0
    self.corruptRegions = []
    self.isClosed = true
  }

  /// A log in memory only: one endless segment, no directory, no cursor, no handover; at most `maxEvents`
  /// records (the bytes are the machine's cap). What it holds is lost with the process.
  init(inMemoryMaxEvents maxEvents: Int) {
    self.directory = ""
    self.writeMode = .platformDefault
    self.calls = .live
    self.role = .sender
    self.cursor = CursorSlots(directory: "", lastSequence: 0)
    self.segmentMaxBytes = .max
    self.segments = [SegmentInfo(number: 1, size: 0)]
    self.writer = nil
    self.head = LogPosition(segment: 1, offset: 0)
    self.recoveredEvents = 0
    self.corruptRegions = []
    self.memory = MemoryFrames()
    self.maxEvents = max(1, maxEvents)
  }

  /// Empties a log in memory (its queue closed): returns how many pending records that lost.
  func discardMemory() -> Int {
    guard memory != nil else { return 0 }
    let lost = pendingEvents
    memory?.removeAll()
    finished = [:]
    attempts = [:]
    head = writerEnd
    pendingEvents = 0
    pendingBytes = 0
    return lost
  }

  /// What scanning one segment found: its records, its damage, and where its data ends.
  struct Scan {
    var events = 0
    var bytes: Int64 = 0
    /// Where the data ends: the file's size, or where a crashed writer's reserved zeros begin.
    var end: Int64 = 0
    var corrupt: [CorruptRegion] = []
  }

  /// Counts the records of segment `number` from `start`, skipping regions already `finished` and marking
  /// damaged ones finished, verifying every checksum once.
  static func scan(
    _ scanner: SegmentScanner, fd: Int32, number: UInt64, from start: Int64, finished: inout [LogPosition: Int64]
  ) -> Scan {
    var scan = Scan()
    scanner.reset(fd: fd, end: POSIXFile.size(fd))
    var offset = start
    while true {
      if let length = finished[LogPosition(segment: number, offset: offset)] {
        offset += length
        continue
      }
      guard let item = scanner.next(at: offset) else { break }
      switch item {
      case .frame(_, let length):
        scan.events += 1
        scan.bytes += Int64(length)
        offset += Int64(length)
      case .corrupt(_, let length):
        scan.corrupt.append(CorruptRegion(segment: number, offset: offset, length: length))
        finished[LogPosition(segment: number, offset: offset)] = length
        offset += length
      }
    }
    scan.end = offset
    return scan
  }

  /// A segment another process handed over, scanned before it is taken (see ``adopt(_:)``).
  struct HandedOverSegment {
    var path: String
    var scan: Scan
  }

  /// Scans a handed-over segment where its writer left it: it is sealed, so this needs no lock.
  static func scanHandedOver(_ path: String, scanner: SegmentScanner) -> HandedOverSegment? {
    guard let fd = POSIXFile.openForReading(path) else { return nil }
    defer { POSIXFile.closeFile(fd) }
    var finished: [LogPosition: Int64] = [:]
    return HandedOverSegment(path: path, scan: scan(scanner, fd: fd, number: 0, from: 0, finished: &finished))
  }

  /// Moves handed-over segments into this log, after the segment being written, which is sealed and
  /// followed by a new one; returns the records taken and the damage found in them.
  func adopt(_ handedOver: [HandedOverSegment]) throws(DeliveryError) -> (events: Int, corrupt: [CorruptRegion]) {
    guard !handedOver.isEmpty, !isClosed, let current = writer else { return (0, []) }
    let first = segments[segments.count - 1].number + 1
    // Opened first: if it fails, nothing has moved.
    let next = try SegmentWriter(path: path(of: first + UInt64(handedOver.count)), mode: writeMode, calls: calls)
    var events = 0
    var corrupt: [CorruptRegion] = []
    for (index, segment) in handedOver.enumerated() {
      let number = first + UInt64(index)
      // Gone since it was scanned (its writer purged it): nothing to take.
      guard rename(segment.path, path(of: number)) == 0 else { continue }
      segments.append(SegmentInfo(number: number, size: segment.scan.end))
      events += segment.scan.events
      pendingEvents += segment.scan.events
      pendingBytes += segment.scan.bytes
      for region in segment.scan.corrupt {
        finished[LogPosition(segment: number, offset: region.offset)] = region.length
        corrupt.append(CorruptRegion(segment: number, offset: region.offset, length: region.length))
        cursorDirty = true
      }
    }
    current.close()
    writer = next
    segments.append(SegmentInfo(number: first + UInt64(handedOver.count), size: 0))
    return (events, corrupt)
  }

  deinit {
    closeFiles()
  }

  /// Whether the files are closed: then the directory may be another queue's (this process let go of it,
  /// see ``Handover``), so nothing here deletes, writes or reads a file any more.
  private(set) var isClosed = false

  func closeFiles() {
    isClosed = true
    if memory != nil { return }
    cursor.close()
    writer?.close()
    writer = nil
    if let reader = headReader { POSIXFile.closeFile(reader.fd) }
    headReader = nil
  }

  /// Where the next record goes: the end of everything in the log.
  var writerEnd: LogPosition {
    // No segment only after a purge whose new segment could not be created: the head is the end.
    segments.last.map { LogPosition(segment: $0.number, offset: $0.size) } ?? head
  }

  // MARK: Appending

  /// Appends one frame of `size` bytes, which `encode` writes into the space it is given (see
  /// `SegmentWriter`: on Linux, straight into the file's mapped pages).
  func append(size: Int, encode: (UnsafeMutableRawBufferPointer) -> Void) throws(DeliveryError) {
    if memory != nil {
      guard !isClosed else { throw .closed }
      var frame = [UInt8](repeating: 0, count: size)
      frame.withUnsafeMutableBytes { encode($0) }
      memory?.append(frame, at: segments[0].size)
      segments[0].size += Int64(size)
      pendingEvents += 1
      pendingBytes += Int64(size)
      return
    }
    guard let current = writer else { throw .closed }
    let writer = current.size >= segmentMaxBytes ? try rotate() : current
    encode(try writer.reserve(size))
    try writer.commit(size)
    segments[segments.count - 1].size = writer.size
    pendingEvents += 1
    pendingBytes += Int64(size)
    eventsInWritingSegment += 1
  }

  private func rotate() throws(DeliveryError) -> SegmentWriter {
    let number = segments[segments.count - 1].number + 1
    let next = try SegmentWriter(path: path(of: number), mode: writeMode, calls: calls)
    writer?.close()
    writer = next
    if role == .handsOver {
      // The sender may take it from now on: it is no longer this log's to read or drop.
      let done = segments.removeLast()
      sealed[done.number] = (eventsInWritingSegment, done.size)
      head = LogPosition(segment: number, offset: 0)
    }
    eventsInWritingSegment = 0
    segments.append(SegmentInfo(number: number, size: 0))
    return next
  }

  /// Seals the segment being written, if it holds anything, so the sender can take it.
  func sealForHandover() throws(DeliveryError) {
    guard role == .handsOver, writer != nil, segments[segments.count - 1].size > 0 else { return }
    _ = try rotate()
  }

  /// Forgets the sealed segments the sender has taken; returns how many records they held.
  func forgetTakenSegments() -> Int {
    var taken = 0
    for (number, counts) in sealed where access(path(of: number), F_OK) != 0 {
      sealed[number] = nil
      taken += counts.events
      pendingEvents -= counts.events
      pendingBytes -= counts.bytes
    }
    return taken
  }

  // MARK: Finishing records

  /// Marks the region at `position` finished; returns `false` if it was already gone (dropped at the
  /// cap, purged, or finished before), so callers count each record once.
  @discardableResult
  func finish(_ position: LogPosition, length: Int64, isRecord: Bool = true) -> Bool {
    guard !isClosed, position >= head, finished[ifAny: position] == nil else { return false }
    guard segments.contains(where: { $0.number == position.segment }) else { return false }
    finished[position] = length
    if !attempts.isEmpty { attempts[position] = nil }
    if isRecord {
      pendingEvents -= 1
      pendingBytes -= length
    }
    cursorDirty = true
    return true
  }

  func isPending(_ position: LogPosition) -> Bool {
    !isClosed && position >= head && finished[ifAny: position] == nil && segments.contains { $0.number == position.segment }
  }

  func recordAttempt(_ position: LogPosition) -> Int {
    let count = (attempts[position] ?? 0) + 1
    attempts[position] = count
    cursorDirty = true
    return count
  }

  func attemptsSoFar(_ position: LogPosition) -> Int {
    attempts[ifAny: position] ?? 0
  }

  /// Moves the head over finished regions and exhausted segments, deleting segment files it leaves.
  func advanceHead() {
    while !isClosed {
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
      memory?.discard(before: head.offset)
      return
    }
  }

  /// Drops the oldest pending records until `needed` more bytes fit under `cap`; returns how many.
  func dropOldest(toFit needed: Int64, cap: Int64) -> Int {
    var dropped = 0
    guard !isClosed else { return 0 }
    while pendingBytes + needed > cap || pendingEvents >= maxEvents {
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
    if let memory { return memory.frame(at: position.offset).map { Int64($0.count) } }
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
    ReadPlan(directory: directory, head: head, segments: segments, finished: finished)
  }

  func segmentPath(_ number: UInt64) -> String {
    path(of: number)
  }

  /// Deletes every segment and the cursor; returns how many pending records that removed, and how many
  /// turned out to be taken by the sender just before (role `.handsOver`), so they count once, correctly.
  func purge() throws(DeliveryError) -> (removed: Int, takenBySender: Int) {
    if memory != nil { return (discardMemory(), 0) }
    var removed = pendingEvents
    var takenBySender = 0
    let next = segments[segments.count - 1].number + 1
    let wasOpen = writer != nil
    closeFiles()
    for segment in segments { POSIXFile.remove(path(of: segment.number)) }
    // Sealed and not yet taken by the sender: still this process's to delete. A failed unlink means the
    // sender renamed it first: those records are its own now.
    for (number, counts) in sealed where unlink(path(of: number)) != 0 {
      removed -= counts.events
      takenBySender += counts.events
    }
    sealed = [:]
    eventsInWritingSegment = 0
    cursor.remove()
    segments = []
    finished = [:]
    attempts = [:]
    pendingEvents = 0
    pendingBytes = 0
    head = LogPosition(segment: next, offset: 0)
    if wasOpen {
      writer = try SegmentWriter(path: path(of: next), mode: writeMode, calls: calls)
      isClosed = false
    }
    segments = [SegmentInfo(number: next, size: 0)]
    cursorDirty = false
    return (removed, takenBySender)
  }

  func persistCursor() throws(DeliveryError) {
    guard cursorDirty, !isClosed, memory == nil else { return }
    try cursor.write(head: head, finished: finished, attempts: attempts)
    cursorDirty = false
  }

  func sync() throws(DeliveryError) {
    guard !isClosed, memory == nil else { return }
    cursorDirty = true
    try persistCursor()
    if let failure = writer?.sync() {
      throw .storage(operation: calls.syncName, path: path(of: segments[segments.count - 1].number), errno: failure)
    }
    cursor.sync(calls)
    calls.syncDirectory(directory)
  }
}
