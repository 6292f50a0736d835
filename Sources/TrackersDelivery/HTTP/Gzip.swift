/// gzip (RFC 1952) around deflate (RFC 1951), for `Content-Encoding: gzip` request bodies.
///
/// Written here because the package takes no dependency and the toolchain offers no compressor on every
/// platform: Foundation on Linux binds no zlib, and Apple's Compression framework exists only on Apple
/// platforms (and writes raw deflate, not gzip). Analytics batches are JSON with the same keys in every
/// event, which LZ77 with per-block Huffman codes shrinks several-fold; the encoder aims at that, not at
/// zlib's last percent: greedy matching with a short hash chain, one dynamic-Huffman block per
/// ``Deflate/symbolsPerBlock`` symbols, a stored block where coding would not pay. A destination that
/// sends `Content-Encoding: gzip` passes its body through ``compress(_:)``.
package enum Gzip {
  /// `bytes` as one gzip member: a 10-byte header (no name, no time, so equal input gives equal output),
  /// the deflate stream, the CRC-32 and the length modulo 2^32.
  package static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    out.reserveCapacity(bytes.count / 4 + 64)
    Deflate.compress(bytes, into: &out)
    let crc = bytes.withUnsafeBytes { CRC32.checksum($0) }  // the log's own CRC-32: the same polynomial
    let size = UInt32(truncatingIfNeeded: bytes.count)
    for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
    for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: size >> UInt32(shift))) }
    return out
  }
}

/// A deflate encoder: LZ77 over a 32 KiB window, then each block coded with its own Huffman codes.
package enum Deflate {
  /// Symbols per block: enough that a block's code tables (about 60-100 bytes) cost little, few enough
  /// that codes follow the data as it changes.
  static let symbolsPerBlock = 16_384

  static let windowSize = 1 << 15
  static let hashBits = 15
  static let minMatch = 3
  static let maxMatch = 258
  /// How many earlier places with the same 3-byte hash to try: zlib's level 6 tries 128, but a batch's
  /// repeats are keys and values seen a few events earlier, which the first candidates already find.
  static let maxChain = 24
  /// A match this long is taken at once.
  static let niceLength = 128

  /// Appends the deflate stream of `input` (final block marked) to `out`.
  package static func compress(_ input: [UInt8], into out: inout [UInt8]) {
    var writer = BitWriter(out: out)
    out = []
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    input.withUnsafeBufferPointer { input in
      head.withUnsafeMutableBufferPointer { head in
        previous.withUnsafeMutableBufferPointer { previous in
          let finder = MatchFinder(input: input, head: head, previous: previous)
          var block = SymbolBlock()
          var blockStart = 0
          var position = 0
          while position < input.count {
            let match = finder.longestMatch(at: position)
            if match.length >= minMatch {
              block.addMatch(length: match.length, distance: match.distance)
              finder.insert(from: position, count: match.length)
              position += match.length
            } else {
              block.addLiteral(input[position])
              finder.insert(from: position, count: 1)
              position += 1
            }
            if block.symbolCount >= symbolsPerBlock {
              block.write(to: &writer, stored: UnsafeBufferPointer(rebasing: input[blockStart..<position]), final: position == input.count)
              block = SymbolBlock()
              blockStart = position
            }
          }
          if block.symbolCount > 0 || input.isEmpty {
            block.write(to: &writer, stored: UnsafeBufferPointer(rebasing: input[blockStart..<position]), final: true)
          }
        }
      }
    }
    writer.flush()
    out = writer.out
  }
}

/// Hash chains over the last 32 KiB: `head` holds the latest position of each 3-byte hash, `previous`
/// the position before it with the same hash (indexed modulo the window).
private struct MatchFinder {
  let input: UnsafeBufferPointer<UInt8>
  let head: UnsafeMutableBufferPointer<Int32>
  let previous: UnsafeMutableBufferPointer<Int32>

  private func hash(_ position: Int) -> Int {
    let value = UInt32(input[position]) << 16 | UInt32(input[position + 1]) << 8 | UInt32(input[position + 2])
    return Int((value &* 2_654_435_761) >> UInt32(32 - Deflate.hashBits))
  }

  /// Enters `count` positions from `start` into the chains. Inside a long match only its first and last
  /// positions go in: its middle is found again through them, and entering every byte of a 258-byte
  /// match costs more than the few bytes a later match might gain (zlib's fast levels do the same).
  func insert(from start: Int, count: Int) {
    let end = Swift.min(start + count, input.count - Deflate.minMatch + 1)
    guard start < end else { return }
    if count > 32 {
      for position in start..<Swift.min(start + 4, end) { insert(position) }
      for position in Swift.max(start + 4, end - 4)..<end { insert(position) }
    } else {
      for position in start..<end { insert(position) }
    }
  }

  private func insert(_ position: Int) {
    let slot = hash(position)
    previous[position & (Deflate.windowSize - 1)] = head[slot]
    head[slot] = Int32(truncatingIfNeeded: position)
  }

  func longestMatch(at position: Int) -> (length: Int, distance: Int) {
    guard position + Deflate.minMatch <= input.count else { return (0, 0) }
    let limit = Swift.min(Deflate.maxMatch, input.count - position)
    var candidate = Int(head[hash(position)])
    var bestLength = 0
    var bestDistance = 0
    var chain = Deflate.maxChain
    guard let base = UnsafeRawPointer(input.baseAddress) else { return (0, 0) }
    while candidate >= 0, chain > 0 {
      let distance = position - candidate
      if distance > Deflate.windowSize || distance <= 0 { break }
      // The byte just past the best length must match for this candidate to be longer: one compare
      // rejects most candidates.
      if input[candidate + bestLength] == input[position + bestLength] {
        let length = Self.commonPrefix(base, candidate, position, limit: limit)
        if length > bestLength {
          bestLength = length
          bestDistance = distance
          if length >= Deflate.niceLength || length == limit { break }
        }
      }
      let next = Int(previous[candidate & (Deflate.windowSize - 1)])
      // A slot overwritten by a newer position points forward: the chain has left the window.
      if next >= candidate { break }
      candidate = next
      chain -= 1
    }
    return bestLength >= Deflate.minMatch ? (bestLength, bestDistance) : (0, 0)
  }

  /// How many bytes from `a` and `b` agree, at most `limit` (with `b + limit` inside the input), eight at
  /// a time.
  private static func commonPrefix(_ base: UnsafeRawPointer, _ a: Int, _ b: Int, limit: Int) -> Int {
    var length = 0
    while length + 8 <= limit {
      let x = base.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
      let y = base.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
      let difference = UInt64(littleEndian: x ^ y)
      if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
      length += 8
    }
    while length < limit, base.load(fromByteOffset: a + length, as: UInt8.self) == base.load(fromByteOffset: b + length, as: UInt8.self) {
      length += 1
    }
    return length
  }
}

/// One block's symbols, kept until the block ends so its Huffman codes fit its own frequencies.
private struct SymbolBlock {
  /// Literal/length symbol (0...285) in the low 9 bits; for a length, its extra-bits value above.
  private var symbols: [UInt32] = []
  /// Distance code (0...29) in the low 5 bits, its extra-bits value above; one per length symbol.
  private var distances: [UInt32] = []
  private var literalFrequencies = [Int](repeating: 0, count: 286)
  private var distanceFrequencies = [Int](repeating: 0, count: 30)

  var symbolCount: Int { symbols.count }

  init() { symbols.reserveCapacity(Deflate.symbolsPerBlock + 1) }

  mutating func addLiteral(_ byte: UInt8) {
    symbols.append(UInt32(byte))
    literalFrequencies[Int(byte)] += 1
  }

  mutating func addMatch(length: Int, distance: Int) {
    let lengthCode = DeflateTables.lengthCode(length)
    let extra = UInt32(length - DeflateTables.lengthBase[lengthCode])
    symbols.append(UInt32(257 + lengthCode) | extra << 9)
    literalFrequencies[257 + lengthCode] += 1
    let distanceCode = DeflateTables.distanceCode(distance)
    let distanceExtra = UInt32(distance - DeflateTables.distanceBase[distanceCode])
    distances.append(UInt32(distanceCode) | distanceExtra << 5)
    distanceFrequencies[distanceCode] += 1
  }

  /// Writes the block with dynamic codes, or stored when that is smaller (incompressible input).
  mutating func write(to writer: inout BitWriter, stored raw: UnsafeBufferPointer<UInt8>, final: Bool) {
    literalFrequencies[256] += 1  // end of block
    let literalLengths = Huffman.lengths(literalFrequencies, limit: 15, minimumCodes: 2)
    let distanceLengths = Huffman.lengths(distanceFrequencies, limit: 15, minimumCodes: 2)
    let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

    var codedBits = 3 + header.bitCount
    for symbol in 0..<286 where literalFrequencies[symbol] > 0 {
      let extra = symbol > 256 ? DeflateTables.lengthExtraBits[symbol - 257] : 0
      codedBits += literalFrequencies[symbol] * (Int(literalLengths[symbol]) + extra)
    }
    for code in 0..<30 where distanceFrequencies[code] > 0 {
      codedBits += distanceFrequencies[code] * (Int(distanceLengths[code]) + DeflateTables.distanceExtraBits[code])
    }
    let storedBits = (raw.count / 65_535 + 1) * (3 + 7 + 32) + raw.count * 8
    if storedBits < codedBits {
      writeStored(raw, to: &writer, final: final)
      return
    }

    writer.write(final ? 1 : 0, bits: 1)
    writer.write(2, bits: 2)  // dynamic Huffman codes
    header.write(to: &writer)
    let literalCodes = Huffman.codes(literalLengths)
    let distanceCodes = Huffman.codes(distanceLengths)
    var distanceIndex = 0
    for entry in symbols {
      let symbol = Int(entry & 0x1FF)
      writer.write(literalCodes[symbol], bits: Int(literalLengths[symbol]))
      guard symbol > 256 else { continue }
      writer.write(entry >> 9, bits: DeflateTables.lengthExtraBits[symbol - 257])
      let distance = distances[distanceIndex]
      distanceIndex += 1
      let code = Int(distance & 0x1F)
      writer.write(distanceCodes[code], bits: Int(distanceLengths[code]))
      writer.write(distance >> 5, bits: DeflateTables.distanceExtraBits[code])
    }
    writer.write(literalCodes[256], bits: Int(literalLengths[256]))
  }

  private func writeStored(_ raw: UnsafeBufferPointer<UInt8>, to writer: inout BitWriter, final: Bool) {
    var start = 0
    repeat {
      let count = Swift.min(65_535, raw.count - start)
      let last = start + count == raw.count
      writer.write(final && last ? 1 : 0, bits: 1)
      writer.write(0, bits: 2)
      writer.alignToByte()
      writer.writeAligned(UInt16(count))
      writer.writeAligned(~UInt16(count))
      writer.writeAligned(UnsafeBufferPointer(rebasing: raw[start..<start + count]))
      start += count
    } while start < raw.count
  }
}

/// The code lengths of a dynamic block, run-length coded with symbols 16-18 and Huffman coded in turn.
private struct DynamicHeader {
  private static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  let literalCount: Int
  let distanceCount: Int
  let codeLengthCount: Int
  /// Each run-length symbol in the low 5 bits, its repeat value above.
  let runs: [UInt16]
  let codeLengthLengths: [UInt8]
  let bitCount: Int

  init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
    var literalCount = 286
    while literalCount > 257, literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
    var distanceCount = 30
    while distanceCount > 1, distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
    let lengths = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])

    var runs: [UInt16] = []
    var frequencies = [Int](repeating: 0, count: 19)
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var run = 1
      while index + run < lengths.count, lengths[index + run] == length { run += 1 }
      index += run
      if length == 0 {
        while run >= 11 { let take = Swift.min(run, 138); runs.append(18 | UInt16(take - 11) << 5); frequencies[18] += 1; run -= take }
        if run >= 3 { runs.append(17 | UInt16(run - 3) << 5); frequencies[17] += 1; run = 0 }
      } else {
        runs.append(UInt16(length)); frequencies[Int(length)] += 1; run -= 1
        while run >= 3 { let take = Swift.min(run, 6); runs.append(16 | UInt16(take - 3) << 5); frequencies[16] += 1; run -= take }
      }
      for _ in 0..<run { runs.append(UInt16(length)); frequencies[Int(length)] += 1 }
    }

    let codeLengthLengths = Huffman.lengths(frequencies, limit: 7, minimumCodes: 2)
    var codeLengthCount = 19
    while codeLengthCount > 4, codeLengthLengths[Self.order[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }

    var bits = 5 + 5 + 4 + 3 * codeLengthCount
    for symbol in 0..<19 {
      let extra = symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0
      bits += frequencies[symbol] * (Int(codeLengthLengths[symbol]) + extra)
    }
    self.literalCount = literalCount
    self.distanceCount = distanceCount
    self.codeLengthCount = codeLengthCount
    self.runs = runs
    self.codeLengthLengths = codeLengthLengths
    self.bitCount = bits
  }

  func write(to writer: inout BitWriter) {
    writer.write(UInt32(literalCount - 257), bits: 5)
    writer.write(UInt32(distanceCount - 1), bits: 5)
    writer.write(UInt32(codeLengthCount - 4), bits: 4)
    for index in 0..<codeLengthCount { writer.write(UInt32(codeLengthLengths[Self.order[index]]), bits: 3) }
    let codes = Huffman.codes(codeLengthLengths)
    for run in runs {
      let symbol = Int(run & 0x1F)
      writer.write(codes[symbol], bits: Int(codeLengthLengths[symbol]))
      switch symbol {
      case 16: writer.write(UInt32(run >> 5), bits: 2)
      case 17: writer.write(UInt32(run >> 5), bits: 3)
      case 18: writer.write(UInt32(run >> 5), bits: 7)
      default: break
      }
    }
  }
}

/// Length-limited Huffman code lengths and the canonical codes deflate derives from them.
private enum Huffman {
  /// Code lengths for `frequencies`, none longer than `limit`, at least `minimumCodes` of them non-zero
  /// (a decoder such as zlib rejects an incomplete code of one symbol in some trees).
  static func lengths(_ frequencies: [Int], limit: Int, minimumCodes: Int) -> [UInt8] {
    var used = frequencies.indices.filter { frequencies[$0] > 0 }
    var index = 0
    while used.count < minimumCodes, index < frequencies.count {
      if !used.contains(index) { used.append(index) }
      index += 1
    }
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    if used.count == 1 {
      lengths[used[0]] = 1
      return lengths
    }
    // Most frequent first, ties broken by symbol so the output never depends on sort stability.
    used.sort { (frequencies[$0], $1) > (frequencies[$1], $0) }
    var depths = Self.treeDepths(used.map { Swift.max(frequencies[$0], 1) }.reversed())
    depths.reverse()

    // Enforce the limit (as miniz's tdefl_huffman_enforce_max_code_size): fold deeper codes into the
    // limit, then lengthen shorter codes until the Kraft sum is exactly one again.
    var counts = [Int](repeating: 0, count: limit + 1)
    for depth in depths { counts[Swift.min(depth, limit)] += 1 }
    var total = 0
    for length in 1...limit { total += counts[length] << (limit - length) }
    while total > 1 << limit {
      counts[limit] -= 1
      for length in stride(from: limit - 1, through: 1, by: -1) where counts[length] > 0 {
        counts[length] -= 1
        counts[length + 1] += 2
        break
      }
      total -= 1
    }
    var symbolIndex = 0
    for length in 1...limit {
      for _ in 0..<counts[length] {
        lengths[used[symbolIndex]] = UInt8(length)
        symbolIndex += 1
      }
    }
    return lengths
  }

  /// Depths of a Huffman tree over `weights` sorted ascending (two-queue construction, linear time).
  private static func treeDepths(_ weights: [Int]) -> [Int] {
    let leafCount = weights.count
    var nodeWeight = weights + [Int](repeating: 0, count: leafCount - 1)
    var parent = [Int](repeating: -1, count: 2 * leafCount - 1)
    var nextLeaf = 0
    var nextInner = leafCount
    var inner = leafCount
    func takeLightest() -> Int {
      if nextLeaf < leafCount, nextInner == inner || nodeWeight[nextLeaf] <= nodeWeight[nextInner] {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextInner += 1
      return nextInner - 1
    }
    while inner < 2 * leafCount - 1 {
      let first = takeLightest()
      let second = takeLightest()
      nodeWeight[inner] = nodeWeight[first] + nodeWeight[second]
      parent[first] = inner
      parent[second] = inner
      inner += 1
    }
    var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
    for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
    return Array(depth[0..<leafCount])
  }

  /// Canonical codes (RFC 1951 3.2.2), bit-reversed because deflate sends codes from their high bit but
  /// the stream packs bits from the low end.
  static func codes(_ lengths: [UInt8]) -> [UInt32] {
    var counts = [UInt32](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[Int(length)] += 1 }
    var next = [UInt32](repeating: 0, count: 16)
    var code: UInt32 = 0
    for bits in 1..<16 {
      code = (code + counts[bits - 1]) << 1
      next[bits] = code
    }
    var codes = [UInt32](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      var value = next[Int(length)]
      next[Int(length)] += 1
      var reversed: UInt32 = 0
      for _ in 0..<length {
        reversed = reversed << 1 | value & 1
        value >>= 1
      }
      codes[symbol] = reversed
    }
    return codes
  }
}

/// Deflate's length and distance code tables (RFC 1951 3.2.5).
private enum DeflateTables {
  static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
  static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

  /// The length code (0...28) of a match length 3...258.
  private static let lengthCodes: [UInt8] = (0...258).map { length in
    guard length >= 3 else { return 0 }
    var code = 28
    while lengthBase[code] > length { code -= 1 }
    return UInt8(code)
  }

  static func lengthCode(_ length: Int) -> Int { Int(lengthCodes[length]) }

  static func distanceCode(_ distance: Int) -> Int {
    var code = 29
    while distanceBase[code] > distance { code -= 1 }
    return code
  }
}

/// Packs bits from the low end of each byte, as deflate does.
private struct BitWriter {
  var out: [UInt8]
  private var buffer: UInt64 = 0
  private var count = 0

  init(out: [UInt8]) { self.out = out }

  mutating func write(_ value: UInt32, bits: Int) {
    guard bits > 0 else { return }
    buffer |= UInt64(value & UInt32(truncatingIfNeeded: (1 << bits) - 1)) << UInt64(count)
    count += bits
    // Four bytes per append: appending byte by byte spends more on the array's uniqueness checks than
    // on the coding.
    if count >= 32 {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian) { out.append(contentsOf: $0) }
      buffer >>= 32
      count -= 32
    }
  }

  mutating func alignToByte() {
    if count % 8 > 0 { write(0, bits: 8 - count % 8) }
    while count > 0 {
      out.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  mutating func writeAligned(_ value: UInt16) {
    out.append(UInt8(truncatingIfNeeded: value))
    out.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func writeAligned(_ bytes: UnsafeBufferPointer<UInt8>) { out.append(contentsOf: bytes) }

  mutating func flush() { alignToByte() }
}
