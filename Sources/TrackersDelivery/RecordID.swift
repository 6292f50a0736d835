/// The stable, unique identity of one queued event.
///
/// Created once, when the event is enqueued, and kept across every retry and restart, so a vendor can
/// deduplicate: delivery is at-least-once, and the id is what makes a resent event harmless. Vendor
/// modules put ``uuidString`` into the vendor's dedup field (`$insert_id`, `insert_id`, `messageId`,
/// `uuid`).
///
/// 128 random bits from the kernel's generator (read in bulk, see `RandomPool`), shaped as a version 4 UUID.
public struct RecordID: Sendable, Hashable, CustomStringConvertible {
  /// The first 64 bits.
  public let high: UInt64
  /// The last 64 bits.
  public let low: UInt64

  /// A new random id.
  public init() {
    let (random1, random2) = RandomPool.next128()
    // Version 4 and RFC 4122 variant bits, so the id is also a valid random UUID.
    high = (random1 & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    low = (random2 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
  }

  /// An id with the given bits, as read back from storage.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Parses a `8-4-4-4-12` hexadecimal UUID string (either case).
  public init?(uuidString: String) {
    var digits: [UInt8] = []
    digits.reserveCapacity(32)
    for (index, byte) in uuidString.utf8.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = Self.hexValue(byte) else { return nil }
      digits.append(value)
    }
    guard digits.count == 32, uuidString.utf8.count == 36 else { return nil }
    high = digits[0..<16].reduce(0) { $0 << 4 | UInt64($1) }
    low = digits[16..<32].reduce(0) { $0 << 4 | UInt64($1) }
  }

  /// The id as a lowercase `8-4-4-4-12` UUID string.
  public var uuidString: String {
    String(unsafeUninitializedCapacity: 36) { buffer in
      write(to: UnsafeMutableRawBufferPointer(buffer))
      return 36
    }
  }

  /// Appends ``uuidString``'s 36 bytes to `bytes` without making a `String`: vendor modules write the id into
  /// every event.
  ///
  /// ```swift
  /// var json: [UInt8] = Array(#"{"uuid":""#.utf8)
  /// id.appendUUIDString(to: &json)
  /// ```
  public func appendUUIDString(to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(byteCount: 36, alignment: 1) { buffer in
      write(to: buffer)
      bytes.append(contentsOf: UnsafeRawBufferPointer(buffer))
    }
  }

  /// Writes the 36 characters of the UUID string to the start of `buffer`.
  private func write(to buffer: UnsafeMutableRawBufferPointer) {
    var index = 0
    func put(_ value: UInt64, nibbles: Int) {
      var shift = (nibbles - 1) * 4
      while shift >= 0 {
        let nibble = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
        buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
        index += 1
        shift -= 4
      }
    }
    func dash() {
      buffer[index] = UInt8(ascii: "-")
      index += 1
    }
    put(high >> 32, nibbles: 8)
    dash()
    put((high >> 16) & 0xFFFF, nibbles: 4)
    dash()
    put(high & 0xFFFF, nibbles: 4)
    dash()
    put(low >> 48, nibbles: 4)
    dash()
    put(low & 0xFFFF_FFFF_FFFF, nibbles: 12)
  }

  /// Same as ``uuidString``.
  public var description: String { uuidString }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
