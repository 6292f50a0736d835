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
  package let high: UInt64
  /// The last 64 bits.
  package let low: UInt64

  /// A new random id.
  public init() {
    let (random1, random2) = RandomPool.next128()
    // Version 4 and RFC 4122 variant bits, so the id is also a valid random UUID.
    high = (random1 & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    low = (random2 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
  }

  /// A version 7 UUID: the 48-bit Unix time in milliseconds, then 74 random bits, so ids made later sort
  /// later (PostHog's `$session_id`).
  ///
  /// ```swift
  /// RecordID.version7(milliseconds: 1_795_000_000_000).uuidString   // "01a1ee56-5e00-7..."
  /// ```
  package static func version7(milliseconds: Int) -> RecordID {
    let (random1, random2) = RandomPool.next128()
    let time = UInt64(truncatingIfNeeded: max(0, milliseconds)) & 0xFFFF_FFFF_FFFF
    return RecordID(
      high: time << 16 | 0x7000 | (random1 & 0x0FFF),
      low: (random2 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
  }

  /// An id with the given bits, as read back from storage.
  package init(high: UInt64, low: UInt64) {
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
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      write(to: UnsafeMutableRawBufferPointer(buffer))
      // A typed buffer: appending an `UnsafeRawBufferPointer` copies byte by byte, this one with `memcpy`.
      bytes.append(contentsOf: UnsafeBufferPointer(buffer))
    }
  }

  /// Writes the 36 characters of the UUID string to the start of `buffer` (at least 36 bytes).
  private func write(to buffer: UnsafeMutableRawBufferPointer) {
    var index = 0
    func put(_ word: UInt64, bytes range: Range<Int>) {
      for byteIndex in range {
        let byte = UInt8(truncatingIfNeeded: word &>> UInt64(56 &- 8 &* byteIndex))
        buffer[index] = Self.hexDigit(byte &>> 4)
        buffer[index &+ 1] = Self.hexDigit(byte & 0xF)
        index &+= 2
      }
    }
    func dash() {
      buffer[index] = UInt8(ascii: "-")
      index &+= 1
    }
    put(high, bytes: 0..<4)
    dash()
    put(high, bytes: 4..<6)
    dash()
    put(high, bytes: 6..<8)
    dash()
    put(low, bytes: 0..<2)
    dash()
    put(low, bytes: 2..<8)
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    UInt8(ascii: "0") &+ nibble &+ (nibble > 9 ? 39 : 0)  // 39 = "a" - "0" - 10
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
