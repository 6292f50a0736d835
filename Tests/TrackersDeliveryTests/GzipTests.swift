import Foundation
import Testing
@testable import TrackersDelivery

/// `Gzip` is checked against a real decoder, Python's `gzip` module (zlib), which CI has for the collector:
/// an encoder checked only against a decoder written beside it can share its misreading of RFC 1951.
@Suite struct GzipTests {
  /// Inputs that reach every branch of the encoder: empty and one-byte members, stored blocks
  /// (incompressible bytes), long runs (matches of 258 and distance 1), several blocks, a mix of stored
  /// and coded blocks, and the shape it exists for (a batch of JSON events).
  static func inputs() -> [(name: String, bytes: [UInt8])] {
    var random = SplitMix64(seed: 0x6A09_E667)
    func bytes(_ count: Int, in range: ClosedRange<UInt8>) -> [UInt8] {
      (0..<count).map { _ in UInt8.random(in: range, using: &random) }
    }
    var mixed: [UInt8] = []
    for index in 0..<3_000 {
      mixed += index % 3 == 0 ? bytes(40, in: 0...255) : Array("event \(index % 17) of the batch, ".utf8)
    }
    return [
      ("empty", []),
      ("one byte", [0x41]),
      ("two bytes", [0x41, 0x42]),
      ("incompressible", bytes(150_000, in: 0...255)),
      ("zeros", [UInt8](repeating: 0, count: 300_000)),
      ("period three", Array(String(repeating: "abcabcabd", count: 10_000).utf8)),
      ("four letters", bytes(100_000, in: 97...100)),
      ("mixed", mixed),
      ("json batch", jsonBatch(events: 500)),
    ]
  }

  /// A Segment-like batch of the shop's `Product Added`, every event with its own insert id.
  static func jsonBatch(events: Int) -> [UInt8] {
    var random = SplitMix64(seed: 42)
    var json = #"{"batch":["#
    for index in 0..<events {
      let insertID = String(random.next(), radix: 16) + String(random.next(), radix: 16)
      json += index == 0 ? "" : ","
      json += #"{"type":"track","event":"Product Added","messageId":"\#(insertID)","#
      json += #""properties":{"product_id":"sku-\#(index % 37)","price":\#(index % 50).99,"currency":"EUR"},"#
      json += #""context":{"os":{"name":"iOS","version":"17.2"},"locale":"de-DE"},"timestamp":"2026-11-27T20:\#(10 + index % 50):00.000Z"}"#
    }
    return Array((json + "]}").utf8)
  }

  @Test func everyInputDecodesToItselfWithZlib() throws {
    let inputs = Self.inputs()
    let decoded = try decodeWithPython(inputs.map { Gzip.compress($0.bytes) })
    #expect(decoded.count == inputs.count)
    for (input, output) in zip(inputs, decoded) {
      #expect(output == input.bytes, "\(input.name): \(input.bytes.count) bytes in, \(output.count) decoded")
    }
  }

  @Test func aBatchOfJSONEventsShrinksSeveralFold() {
    let batch = Self.jsonBatch(events: 500)
    let compressed = Gzip.compress(batch)
    // zlib's level 1 makes 6.7x of this batch and level 9 7.5x; ours is greedy with a short chain.
    #expect(compressed.count * 5 < batch.count, "\(batch.count) -> \(compressed.count) bytes")
  }

  @Test func incompressibleBytesGrowByLittleMoreThanTheHeaders() {
    var random = SplitMix64(seed: 7)
    let bytes = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let compressed = Gzip.compress(bytes)
    // 18 bytes of gzip header and trailer, and 5 for each stored block: one per block of 16,384 symbols.
    #expect(compressed.count <= bytes.count + 18 + 5 * (bytes.count / Deflate.symbolsPerBlock + 2))
  }

  @Test func theHeaderIsFixedSoEqualInputGivesEqualBytes() {
    let batch = Self.jsonBatch(events: 20)
    let first = Gzip.compress(batch)
    #expect(first == Gzip.compress(batch))
    #expect(Array(first.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
  }

  @Test func theTrailerCarriesTheCRC32AndLengthOfTheInput() {
    // The CRC-32 check value of "123456789" (the catalogue of parametrised CRC algorithms, CRC-32/ISO-HDLC),
    // then the length, both little-endian.
    let member = Gzip.compress(Array("123456789".utf8))
    #expect(Array(member.suffix(8)) == [0x26, 0x39, 0xF4, 0xCB, 9, 0, 0, 0])
  }

  /// Decodes each member with `gzip.decompress` in one Python process (files in, lengths and bytes out).
  private func decodeWithPython(_ members: [[UInt8]]) throws -> [[UInt8]] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for (index, member) in members.enumerated() {
      let file = directory.appendingPathComponent("\(index).gz")
      try Data(member).write(to: file)
      paths.append(file.path)
    }
    let output = directory.appendingPathComponent("decoded")
    let script = """
      import gzip, sys
      with open(sys.argv[1], "wb") as out:
          for path in sys.argv[2:]:
              data = gzip.decompress(open(path, "rb").read())
              out.write(len(data).to_bytes(8, "little") + data)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, output.path] + paths
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3's gzip refused a member")
    let data = [UInt8](try Data(contentsOf: output))
    var decoded: [[UInt8]] = []
    var offset = 0
    while offset + 8 <= data.count {
      var length = 0
      for shift in 0..<8 { length |= Int(data[offset + shift]) << (8 * shift) }
      offset += 8
      decoded.append(Array(data[offset..<offset + length]))
      offset += length
    }
    return decoded
  }
}
