/// The small file that remembers where reading stopped, so restart neither resends everything nor keeps
/// an index of every record.
///
/// Layout (little endian): magic "TRKC" | version u32 | head segment u64 | head offset i64 |
/// finished count u32 | (segment u64, offset i64, length i64)... | attempts count u32 |
/// (segment u64, offset i64, attempts u32)... | CRC-32 of everything before it.
enum CursorFile {
  static let magic: UInt32 = 0x434B_5254  // "TRKC"

  struct Contents {
    var head: LogPosition
    var finished: [LogPosition: Int64]
    var attempts: [LogPosition: Int]
  }

  static func encode(head: LogPosition, finished: [LogPosition: Int64], attempts: [LogPosition: Int]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32 + finished.count * 24 + attempts.count * 20)
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    put(magic)
    put(UInt32(1))
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
    put(CRC32.checksum(bytes))
    return bytes
  }

  /// The cursor at `path`, or `nil` if it is missing or damaged (then reading restarts at the oldest
  /// segment: records may be sent again, never lost).
  static func load(from path: String) -> Contents? {
    guard let bytes = POSIXFile.readWholeFile(path), bytes.count >= 36 else { return nil }
    return bytes.withUnsafeBytes { raw -> Contents? in
      let body = UnsafeRawBufferPointer(rebasing: raw[0..<raw.count - 4])
      guard CRC32.checksum(body) == UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: raw.count - 4, as: UInt32.self))
      else { return nil }
      var offset = 0
      func get<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard offset + MemoryLayout<T>.size <= body.count else { return nil }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: T.self))
      }
      guard get(UInt32.self) == magic, get(UInt32.self) == 1,
        let segment = get(UInt64.self), let headOffset = get(Int64.self), let finishedCount = get(UInt32.self)
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
      return Contents(head: LogPosition(segment: segment, offset: headOffset), finished: finished, attempts: attempts)
    }
  }
}
