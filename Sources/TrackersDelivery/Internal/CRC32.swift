/// CRC-32 (IEEE 802.3, the zlib polynomial), slicing-by-8.
///
/// Written here because the package takes no dependencies and zlib is not importable from Swift on
/// every platform without a module map.
enum CRC32 {
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for i in 0..<256 {
      var crc = UInt32(i)
      for _ in 0..<8 {
        crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
      tables[i] = crc
    }
    for i in 0..<256 {
      var crc = tables[i]
      for t in 1..<8 {
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
      while count >= 8 {
        let lo = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ crc
        let hi = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        crc = table[7 * 256 + Int(lo & 0xFF)] ^ table[6 * 256 + Int((lo >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((lo >> 16) & 0xFF)] ^ table[4 * 256 + Int(lo >> 24)]
          ^ table[3 * 256 + Int(hi & 0xFF)] ^ table[2 * 256 + Int((hi >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((hi >> 16) & 0xFF)] ^ table[Int(hi >> 24)]
        p += 8
        count -= 8
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
