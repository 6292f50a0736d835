#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The small file that remembers where reading stopped, so restart neither resends everything nor keeps
/// an index of every record.
///
/// Layout (little endian): magic "TRKC" | version u32 (2) | sequence u64 | length u32 (of everything up to
/// and including the CRC) | head segment u64 | head offset i64 | finished count u32 |
/// (segment u64, offset i64, length i64)... | attempts count u32 | (segment u64, offset i64, attempts u32)... |
/// CRC-32 of everything before it. Bytes after `length` are stale and ignored. Version 1 (written before
/// 2026-11) has no sequence and no length: its CRC is the file's last 4 bytes.
///
/// The cursor is written after every batch. It alternates between two files, `cursor` and `cursor-b`,
/// overwritten in place, and the loader takes the valid one with the higher sequence: a torn write leaves the
/// other, one batch older (duplicates, not loss). Writing a new file and renaming it over the old one cost
/// an inode allocation and a forced writeback per batch, which capped small batches (GA4's 25 events) at
/// a few hundred requests per second.
enum CursorFile {
  static let magic: UInt32 = 0x434B_5254  // "TRKC"
  static let fileNames = ["cursor", "cursor-b"]

  struct Contents {
    var head: LogPosition
    var finished: [LogPosition: Int64]
    var attempts: [LogPosition: Int]
    var sequence: UInt64 = 0
  }

  static func encode(
    head: LogPosition, finished: [LogPosition: Int64], attempts: [LogPosition: Int], sequence: UInt64
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(44 + finished.count * 24 + attempts.count * 20)
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    put(magic)
    put(UInt32(2))
    put(sequence)
    put(UInt32(0))  // the length, set below
    put(head.segment)
    put(head.offset)
    put(UInt32(finished.count))
    for (position, length) in finished {
      put(position.segment)
      put(position.offset)
      put(length)
    }
    put(UInt32(attempts.count))
    for (position, count) in attempts {
      put(position.segment)
      put(position.offset)
      put(UInt32(clamping: count))
    }
    withUnsafeBytes(of: UInt32(bytes.count + 4).littleEndian) { length in
      bytes.withUnsafeMutableBytes { $0[16..<20].copyBytes(from: length) }
    }
    put(CRC32.checksum(bytes))
    return bytes
  }

  /// The newest valid cursor in `directory`, or `nil` if there is none (then reading restarts at the
  /// oldest segment: records may be sent again, never lost).
  static func load(directory: String) -> Contents? {
    fileNames.compactMap { load(from: directory + "/" + $0) }.max { $0.sequence < $1.sequence }
  }

  static func load(from path: String) -> Contents? {
    guard let bytes = POSIXFile.readWholeFile(path), bytes.count >= 36 else { return nil }
    return bytes.withUnsafeBytes { raw -> Contents? in
      guard raw.count >= 8, UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) == magic else { return nil }
      let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
      var length = raw.count
      if version == 2 {
        guard raw.count >= 20 else { return nil }
        length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
        guard length >= 48, length <= raw.count else { return nil }
      }
      let body = UnsafeRawBufferPointer(rebasing: raw[0..<length - 4])
      guard CRC32.checksum(body) == UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
      else { return nil }
      var offset = 8
      func get<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard offset + MemoryLayout<T>.size <= body.count else { return nil }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: T.self))
      }
      var sequence: UInt64 = 0
      switch version {
      case 1: break
      case 2:
        guard let stored = get(UInt64.self), get(UInt32.self) != nil else { return nil }
        sequence = stored
      default: return nil
      }
      guard let segment = get(UInt64.self), let headOffset = get(Int64.self), let finishedCount = get(UInt32.self)
      else { return nil }
      var finished: [LogPosition: Int64] = [:]
      for _ in 0..<finishedCount {
        guard let s = get(UInt64.self), let o = get(Int64.self), let l = get(Int64.self), l > 0 else { return nil }
        finished[LogPosition(segment: s, offset: o)] = l
      }
      guard let attemptsCount = get(UInt32.self) else { return nil }
      var attempts: [LogPosition: Int] = [:]
      for _ in 0..<attemptsCount {
        guard let s = get(UInt64.self), let o = get(Int64.self), let a = get(UInt32.self) else { return nil }
        attempts[LogPosition(segment: s, offset: o)] = Int(a)
      }
      return Contents(
        head: LogPosition(segment: segment, offset: headOffset), finished: finished, attempts: attempts,
        sequence: sequence)
    }
  }
}

/// The two cursor files, kept open and overwritten in place (see ``CursorFile``).
struct CursorSlots {
  let directory: String
  private var descriptors: [Int32] = [-1, -1]
  private var lengths: [Int] = [Int.max, Int.max]  // unknown until written: truncate on the first write
  /// The sequence of the last cursor written or loaded.
  private(set) var sequence: UInt64

  init(directory: String, lastSequence: UInt64) {
    self.directory = directory
    self.sequence = lastSequence
  }

  private func path(_ slot: Int) -> String { directory + "/" + CursorFile.fileNames[slot] }

  /// Writes the cursor to the slot not holding the newest one, with one `pwrite(2)`.
  mutating func write(head: LogPosition, finished: [LogPosition: Int64], attempts: [LogPosition: Int])
    throws(DeliveryError)
  {
    let next = sequence + 1
    let slot = Int(next & 1)
    let bytes = CursorFile.encode(head: head, finished: finished, attempts: attempts, sequence: next)
    if descriptors[slot] < 0 {
      let fd = open(path(slot), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard fd >= 0 else { throw .storage(operation: "open", path: path(slot), errno: errno) }
      descriptors[slot] = fd
    }
    let fd = descriptors[slot]
    let failure = bytes.withUnsafeBytes { buffer -> Int32? in
      var done = 0
      while done < buffer.count {
        let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(done))
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        done += n
      }
      return nil
    }
    if let failure { throw .storage(operation: "write", path: path(slot), errno: failure) }
    // Stale bytes past `length` are ignored; trimming them only keeps the file small.
    if bytes.count < lengths[slot] { _ = ftruncate(fd, off_t(bytes.count)) }
    lengths[slot] = bytes.count
    sequence = next
  }

  /// Forces both files to stable storage (``StorageCalls/sync(_:path:)``: `F_FULLFSYNC` on Darwin).
  func sync(_ calls: StorageCalls) {
    for slot in descriptors.indices where descriptors[slot] >= 0 { _ = calls.sync(descriptors[slot], path: path(slot)) }
  }

  mutating func close() {
    for slot in descriptors.indices where descriptors[slot] >= 0 {
      POSIXFile.closeFile(descriptors[slot])
      descriptors[slot] = -1
      lengths[slot] = Int.max
    }
  }

  /// Closes and deletes both files.
  mutating func remove() {
    close()
    for slot in CursorFile.fileNames.indices { POSIXFile.remove(path(slot)) }
  }
}
