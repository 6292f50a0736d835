/// Walks the frames of one segment file, reading it in large chunks, and finds the way past damage.
///
/// A damaged region (garbage bytes, a flipped bit, a torn last write) is reported once, as one
/// `.corrupt` item covering everything up to the next frame whose checksum verifies, so the records
/// around the damage are kept.
final class SegmentScanner {
  enum Item: Equatable {
    case frame(offset: Int64, length: Int)
    case corrupt(offset: Int64, length: Int64)
  }

  private var buffer: UnsafeMutableRawBufferPointer
  private var bufferStart: Int64 = 0
  private var bufferCount = 0
  private var fd: Int32 = -1
  private var end: Int64 = 0
  private var zeroTail: Int64?
  /// How much to read at a time; small for small batches so a 25-event batch does not read a megabyte.
  var preferredReadSize: Int

  init(preferredReadSize: Int = 1 << 20) {
    self.preferredReadSize = max(4096, preferredReadSize)
    buffer = .allocate(byteCount: self.preferredReadSize, alignment: 8)
  }

  deinit {
    buffer.deallocate()
  }

  /// Points the scanner at a file whose first `end` bytes may be read.
  func reset(fd: Int32, end: Int64) {
    self.fd = fd
    self.end = end
    zeroTail = nil
    bufferStart = 0
    bufferCount = 0
  }

  /// The bytes of a frame returned by `next(at:)`; valid until the next call to `next(at:)`.
  func bytes(at offset: Int64, length: Int) -> UnsafeRawBufferPointer {
    let start = Int(offset - bufferStart)
    return UnsafeRawBufferPointer(rebasing: buffer[start..<start + length])
  }

  /// The item starting at `offset`, or `nil` at the end of the data.
  ///
  /// The data ends at the end of the readable part of the file, or where only zeros follow: the space a
  /// writer reserved past its last record (see `SegmentWriter`) and never used because it crashed. Every
  /// frame starts with a nonzero magic, so zeros are never a record's beginning.
  func next(at offset: Int64) -> Item? {
    guard offset < end else { return nil }
    if let length = frameLength(at: offset) {
      return .frame(offset: offset, length: length)
    }
    let zeros = zeroTailStart()
    guard offset < zeros else { return nil }
    return .corrupt(offset: offset, length: min(resynchronize(after: offset), zeros) - offset)
  }

  /// Where the run of zero bytes that ends the readable part begins (`end` if the last byte isn't zero),
  /// read backwards from the end once per file, and only when damage or a crashed writer's tail is met.
  private func zeroTailStart() -> Int64 {
    if let known = zeroTail { return known }
    var position = end
    scan: while position > 0 {
      let chunk = min(Int64(64 << 10), position)
      load(position - chunk, count: Int(chunk))
      let start = Int(position - chunk - bufferStart)
      guard bufferCount >= start + Int(chunk) else { break }
      for index in stride(from: start + Int(chunk) - 1, through: start, by: -1) where buffer[index] != 0 {
        position = bufferStart + Int64(index) + 1
        break scan
      }
      position -= chunk
    }
    zeroTail = position
    return position
  }

  /// The length of a verified frame at `offset`, or `nil` if there is none.
  private func frameLength(at offset: Int64) -> Int? {
    load(offset, count: RecordFrame.headerSize)
    while true {
      let available = UnsafeRawBufferPointer(rebasing: buffer[Int(offset - bufferStart)..<bufferCount])
      switch RecordFrame.check(available) {
      case .valid(let length):
        return length
      case .invalid:
        return nil
      case .incomplete(let needed):
        if offset + Int64(needed) > end || available.count >= needed { return nil }
        load(offset, count: needed)
      }
    }
  }

  /// The offset of the next verified frame after `offset`, or the end of the file.
  private func resynchronize(after offset: Int64) -> Int64 {
    var candidate = offset + 1
    let magicLow = RecordFrame.magicFirstByte
    while end - candidate >= Int64(RecordFrame.headerSize + RecordFrame.fixedBodySize) {
      load(candidate, count: RecordFrame.headerSize)
      let startIndex = Int(candidate - bufferStart)
      var found: Int64?
      var index = startIndex
      while index < bufferCount {
        if buffer[index] == magicLow {
          let position = bufferStart + Int64(index)
          if frameLength(at: position) != nil {
            found = position
            break
          }
          // frameLength may have moved the buffer; continue from the same file position.
          index = Int(position - bufferStart)
        }
        index += 1
      }
      if let found { return found }
      let scannedTo = bufferStart + Int64(bufferCount)
      if scannedTo >= end { return end }
      candidate = max(candidate + 1, scannedTo - Int64(RecordFrame.headerSize))
    }
    return end
  }

  /// Makes sure the buffer holds `[offset, offset + count)`, or up to the end of the file.
  private func load(_ offset: Int64, count: Int) {
    let wanted = Int(min(Int64(count), end - offset))
    if offset >= bufferStart, offset + Int64(wanted) <= bufferStart + Int64(bufferCount) { return }
    let readSize = Int(min(Int64(max(count, preferredReadSize)), end - offset))
    if readSize > buffer.count {
      buffer.deallocate()
      buffer = .allocate(byteCount: readSize, alignment: 8)
    }
    bufferStart = offset
    bufferCount = POSIXFile.read(fd, into: buffer, count: readSize, at: offset)
    // A short read means the file is shorter than it was: a writer cut its reserved zeros off (see
    // `SegmentWriter.close`) after `reset`. The data ends here, so every loop over the file ends too.
    if bufferCount < readSize { end = offset + Int64(bufferCount) }
  }
}
