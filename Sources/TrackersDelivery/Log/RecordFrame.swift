import Foundation

/// The on-disk framing of one record.
///
/// ```
/// header (12 bytes, little endian): magic "TRK2" | body length u32 | checksum of body u32
/// body: record id (16) | enqueued at, µs since 1970 i64 | partition length u16 | partition | payload
/// ```
/// The magic lets a reader find the next record after garbage; the length and checksum detect a torn
/// last write and flipped bytes. The checksum is the low 32 bits of ``XXH64`` in frames written since
/// 2026-11 (`TRK2`), CRC-32 in older ones (`TRK1`), which are still read.
enum RecordFrame {
  static let magic: UInt32 = 0x324B_5254  // "TRK2" read as little endian
  static let magicCRC32: UInt32 = 0x314B_5254  // "TRK1", the format before XXH64
  /// The first byte of either magic: where the scanner looks for a frame after damage.
  static let magicFirstByte = UInt8(truncatingIfNeeded: magic)

  static func checksum(_ body: UnsafeRawBufferPointer) -> UInt32 {
    UInt32(truncatingIfNeeded: XXH64.hash(body))
  }
  static let headerSize = 12
  static let fixedBodySize = 16 + 8 + 2
  /// Sanity bound on the body length: a header claiming more is garbage.
  static let maxBodySize = 64 << 20

  static func encodedSize(payloadCount: Int, partitionCount: Int) -> Int {
    headerSize + fixedBodySize + partitionCount + payloadCount
  }

  static func encode(id: RecordID, enqueuedAt: Date, partition: String, payload: [UInt8]) -> [UInt8] {
    let total = encodedSize(payloadCount: payload.count, partitionCount: min(partition.utf8.count, Int(UInt16.max)))
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      encode(into: UnsafeMutableRawBufferPointer(buffer), id: id, enqueuedAt: enqueuedAt, partition: partition, payload: payload)
      count = total
    }
  }

  /// Writes the frame into `frame`, which is exactly `encodedSize(...)` bytes: straight into the segment
  /// file's mapped pages, so a record is encoded once and copied nowhere else.
  static func encode(
    into frame: UnsafeMutableRawBufferPointer, id: RecordID, enqueuedAt: Date, partition: String, payload: [UInt8]
  ) {
    var partition = partition
    partition.withUTF8 { partitionBytes in
      let partitionCount = min(partitionBytes.count, Int(UInt16.max))
      let bodySize = fixedBodySize + partitionCount + payload.count
      let total = headerSize + bodySize
      precondition(frame.count == total, "frame buffer of \(frame.count) bytes for a \(total)-byte frame")
      frame.storeBytes(of: magic.littleEndian, toByteOffset: 0, as: UInt32.self)
      frame.storeBytes(of: UInt32(bodySize).littleEndian, toByteOffset: 4, as: UInt32.self)
      frame.storeBytes(of: id.high.littleEndian, toByteOffset: 12, as: UInt64.self)
      frame.storeBytes(of: id.low.littleEndian, toByteOffset: 20, as: UInt64.self)
      let micros = Int64((enqueuedAt.timeIntervalSince1970 * 1_000_000).rounded())
      frame.storeBytes(of: micros.littleEndian, toByteOffset: 28, as: Int64.self)
      frame.storeBytes(of: UInt16(partitionCount).littleEndian, toByteOffset: 36, as: UInt16.self)
      var offset = 38
      if partitionCount > 0 {
        UnsafeMutableRawBufferPointer(rebasing: frame[offset..<offset + partitionCount])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(partitionBytes)[0..<partitionCount]))
        offset += partitionCount
      }
      payload.withUnsafeBytes { payloadBytes in
        if payloadBytes.count > 0 {
          UnsafeMutableRawBufferPointer(rebasing: frame[offset..<offset + payloadBytes.count]).copyMemory(from: payloadBytes)
        }
      }
      let sum = checksum(UnsafeRawBufferPointer(rebasing: frame[headerSize..<total]))
      frame.storeBytes(of: sum.littleEndian, toByteOffset: 8, as: UInt32.self)
    }
  }

  /// The fields of a record body that the batch builder needs before deciding to decode the payload.
  struct Body {
    var id: RecordID
    var enqueuedAt: Date
    var partition: String
    var payloadRange: Range<Int>
  }

  /// Parses a verified body (the bytes after the header).
  static func parseBody(_ body: UnsafeRawBufferPointer) -> Body? {
    guard body.count >= fixedBodySize else { return nil }
    let high = UInt64(littleEndian: body.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
    let low = UInt64(littleEndian: body.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    let micros = Int64(littleEndian: body.loadUnaligned(fromByteOffset: 16, as: Int64.self))
    let partitionCount = Int(UInt16(littleEndian: body.loadUnaligned(fromByteOffset: 24, as: UInt16.self)))
    guard fixedBodySize + partitionCount <= body.count else { return nil }
    let partition =
      partitionCount == 0
      ? "" : String(decoding: UnsafeRawBufferPointer(rebasing: body[26..<26 + partitionCount]), as: UTF8.self)
    return Body(
      id: RecordID(high: high, low: low),
      enqueuedAt: Date(timeIntervalSince1970: Double(micros) / 1_000_000),
      partition: partition,
      payloadRange: (26 + partitionCount)..<body.count
    )
  }

  enum Check {
    /// A whole, verified frame of `length` bytes.
    case valid(length: Int)
    /// Not enough bytes in the buffer to judge; `needed` is the frame length the header claims.
    case incomplete(needed: Int)
    /// Not a frame.
    case invalid
  }

  /// Checks whether a verified frame starts at the beginning of `bytes`.
  static func check(_ bytes: UnsafeRawBufferPointer) -> Check {
    guard bytes.count >= headerSize else { return .incomplete(needed: headerSize) }
    let frameMagic = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
    guard frameMagic == magic || frameMagic == magicCRC32 else { return .invalid }
    let bodySize = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    guard bodySize >= fixedBodySize, bodySize <= maxBodySize else { return .invalid }
    let length = headerSize + bodySize
    guard bytes.count >= length else { return .incomplete(needed: length) }
    let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    let body = UnsafeRawBufferPointer(rebasing: bytes[headerSize..<length])
    guard (frameMagic == magic ? checksum(body) : CRC32.checksum(body)) == stored else { return .invalid }
    let partitionCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: headerSize + 24, as: UInt16.self)))
    guard fixedBodySize + partitionCount <= bodySize else { return .invalid }
    return .valid(length: length)
  }

  /// Reads the claimed frame length from a header without verifying the body.
  static func claimedLength(_ header: UnsafeRawBufferPointer) -> Int? {
    guard header.count >= headerSize else { return nil }
    let frameMagic = UInt32(littleEndian: header.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
    guard frameMagic == magic || frameMagic == magicCRC32 else { return nil }
    let bodySize = Int(UInt32(littleEndian: header.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    guard bodySize >= fixedBodySize, bodySize <= maxBodySize else { return nil }
    return headerSize + bodySize
  }
}

/// A byte position in the log: segment number and offset in that segment's file.
struct LogPosition: Hashable, Comparable, Sendable {
  var segment: UInt64
  var offset: Int64

  static func < (lhs: LogPosition, rhs: LogPosition) -> Bool {
    (lhs.segment, lhs.offset) < (rhs.segment, rhs.offset)
  }
}

extension Dictionary where Key == LogPosition {
  /// The value at `position`, without hashing it when the map is empty. The log's maps by position (the
  /// records finished past the head, the attempts, the claimed records) are empty most of the time, and
  /// a read or an answer looks every record of a batch up in them: a lookup hashes first, even in an empty
  /// dictionary.
  @inline(__always)
  subscript(ifAny position: LogPosition) -> Value? { isEmpty ? nil : self[position] }
}
