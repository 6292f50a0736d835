/// CRC-32 (IEEE 802.3, the zlib polynomial), slicing-by-16: sixteen table lookups per sixteen bytes, about
/// 0.32 ns a byte here against 0.40 for slicing-by-8 (every record is checksummed inside `track`).
///
/// Written here because the package takes no dependencies and zlib is not importable from Swift on
/// every platform without a module map.
enum CRC32 {
  /// `tables[t * 256 + b]`: the CRC of byte `b` followed by `t` zero bytes.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 16 * 256)
    for i in 0..<256 {
      var crc = UInt32(i)
      for _ in 0..<8 {
        crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
      tables[i] = crc
    }
    for i in 0..<256 {
      var crc = tables[i]
      for t in 1..<16 {
        crc = tables[Int(crc & 0xFF)] ^ (crc >> 8)
        tables[t * 256 + i] = crc
      }
    }
    return tables
  }()

  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    tables.withUnsafeBufferPointer { table in
      var crc: UInt32 = 0xFFFF_FFFF
      guard var p = bytes.baseAddress else { return 0 }
      var count = bytes.count
      @inline(__always) func lookup(_ word: UInt32, _ base: Int) -> UInt32 {
        table[(base + 3) * 256 + Int(word & 0xFF)] ^ table[(base + 2) * 256 + Int((word >> 8) & 0xFF)]
          ^ table[(base + 1) * 256 + Int((word >> 16) & 0xFF)] ^ table[base * 256 + Int(word >> 24)]
      }
      while count >= 16 {
        let first = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
        let second = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        let third = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        let fourth = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        crc = lookup(first, 12) ^ lookup(second, 8) ^ lookup(third, 4) ^ lookup(fourth, 0)
        p += 16
        count -= 16
      }
      while count > 0 {
        crc = table[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
        p += 1
        count -= 1
      }
      return crc ^ 0xFFFF_FFFF
    }
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { checksum($0) }
  }
}
