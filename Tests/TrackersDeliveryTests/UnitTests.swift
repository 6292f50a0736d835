import Foundation
import Testing
@testable import TrackersDelivery

@Suite struct RecordIDTests {
  @Test func uuidStringIsLowercaseVersion4() throws {
    let id = RecordID()
    let string = id.uuidString
    #expect(string.count == 36)
    #expect(string == string.lowercased())
    let parts = string.split(separator: "-").map(\.count)
    #expect(parts == [8, 4, 4, 4, 12])
    #expect(Array(string)[14] == "4")
    #expect("89ab".contains(Array(string)[19]))
    #expect(RecordID(uuidString: string) == id)
    #expect(RecordID(uuidString: string.uppercased()) == id)
    #expect(id.description == string)
    #expect(RecordID(uuidString: "not-a-uuid") == nil)
  }

  @Test func idsAreUnique() {
    let ids = Set((0..<10_000).map { _ in RecordID() })
    #expect(ids.count == 10_000)
  }

  @Test func knownBitsFormat() {
    let id = RecordID(high: 0x0123_4567_89AB_4DEF, low: 0x8123_4567_89AB_CDEF)
    #expect(id.uuidString == "01234567-89ab-4def-8123-456789abcdef")
    var bytes: [UInt8] = Array("id=".utf8)
    id.appendUUIDString(to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "id=01234567-89ab-4def-8123-456789abcdef")
  }

  @Test func idsKeepComingAcrossManyRefillsOfTheRandomPool() {
    // The pool holds 256 ids' worth of bits; 5,000 ids refill it many times and must stay distinct and v4.
    let ids = (0..<5_000).map { _ in RecordID() }
    #expect(Set(ids).count == ids.count)
    #expect(ids.allSatisfy { $0.high & 0xF000 == 0x4000 && $0.low >> 62 == 0b10 })
  }
}

@Suite struct FramingTests {
  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([]) == 0)
    let long = [UInt8](repeating: 0x61, count: 1000)
    #expect(CRC32.checksum(long) == 0x9A38_DA03)
    let mixed = (0..<5).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8)
    #expect(CRC32.checksum(mixed) == 0xB449_D98D)
  }

  /// The reference values, from the `xxhash` Python package (`xxhash.xxh64(data).intdigest()`).
  @Test func xxh64MatchesTheReferenceImplementation() {
    #expect(XXH64.hash([]) == 0xEF46_DB37_51D8_E999)
    #expect(XXH64.hash(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
    #expect(XXH64.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
    #expect(XXH64.hash(Array("123456789".utf8)) == 0x8CB8_41DB_40E6_AE83)
    let mixed = (0..<3).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8)
    #expect(XXH64.hash(mixed) == 0xE921_A1B4_5BD7_79F8)
  }

  /// Segments written before frames switched to XXH64 still read: a `TRK1` frame carries a CRC-32.
  @Test func aCRC32FrameFromAnEarlierReleaseStillVerifies() throws {
    var frame = RecordFrame.encode(id: RecordID(), enqueuedAt: Date(), partition: "", payload: Array("{\"a\":1}".utf8))
    frame.withUnsafeMutableBytes { bytes in
      bytes.storeBytes(of: RecordFrame.magicCRC32.littleEndian, toByteOffset: 0, as: UInt32.self)
      let crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[RecordFrame.headerSize...]))
      bytes.storeBytes(of: crc.littleEndian, toByteOffset: 8, as: UInt32.self)
    }
    frame.withUnsafeBytes { bytes in
      guard case .valid(let length) = RecordFrame.check(bytes) else {
        Issue.record("a TRK1 frame did not verify")
        return
      }
      #expect(length == bytes.count)
    }
    frame[frame.count - 1] ^= 0x01
    frame.withUnsafeBytes { bytes in
      guard case .invalid = RecordFrame.check(bytes) else {
        Issue.record("a flipped bit in a TRK1 frame went unnoticed")
        return
      }
    }
  }

  @Test func frameRoundTrips() throws {
    let id = RecordID()
    let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
    let frame = RecordFrame.encode(id: id, enqueuedAt: date, partition: "client-1", payload: Array("{\"a\":1}".utf8))
    #expect(frame.count == RecordFrame.encodedSize(payloadCount: 7, partitionCount: 8))
    try frame.withUnsafeBytes { bytes in
      guard case .valid(let length) = RecordFrame.check(bytes) else {
        Issue.record("frame did not verify")
        return
      }
      #expect(length == frame.count)
      let body = try #require(RecordFrame.parseBody(UnsafeRawBufferPointer(rebasing: bytes[12...])))
      #expect(body.id == id)
      #expect(body.partition == "client-1")
      #expect(abs(body.enqueuedAt.timeIntervalSince(date)) < 0.000_01)
      #expect(Array(bytes[12...][body.payloadRange.shifted(by: 12)]) == Array("{\"a\":1}".utf8))
    }
    var flipped = frame
    flipped[frame.count - 1] ^= 0x01
    flipped.withUnsafeBytes { bytes in
      guard case .invalid = RecordFrame.check(bytes) else {
        Issue.record("a flipped byte was not detected")
        return
      }
    }
  }
}

extension Range where Bound == Int {
  fileprivate func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}

@Suite struct RedactionTests {
  @Test func requestDescriptionHidesSecrets() {
    let request = HTTPRequest(
      url: URL(string: "https://www.google-analytics.com/mp/collect?measurement_id=G-123&api_secret=S3CRET")!,
      headers: ["Authorization": "Basic d3JpdGVrZXk6", "Content-Type": "application/json"],
      body: Array("{\"api_key\":\"AMPKEY\"}".utf8)
    )
    let text = request.description
    #expect(!text.contains("S3CRET"))
    #expect(!text.contains("d3JpdGVrZXk6"))
    #expect(!text.contains("AMPKEY"))
    #expect(text.contains("measurement_id=G-123"))
    #expect(text.contains("api_secret=<redacted>"))
    #expect(text.contains("Authorization: <redacted>"))
  }

  @Test func redactCoversJSONQueryHeadersAndURLs() {
    let samples: [(String, String)] = [
      ("{\"api_key\": \"phc_abc\", \"event\": \"x\"}", "phc_abc"),
      ("{\"writeKey\":\"wk-123\"}", "wk-123"),
      ("{\"token\":\"mp-token\",\"distinct_id\":\"u1\"}", "mp-token"),
      ("https://api.mixpanel.com/import?strict=1&token=T0K3N", "T0K3N"),
      ("Authorization: Bearer eyJhbGciOi.abc.def", "eyJhbGciOi"),
      ("https://user:hunter2@example.com/x", "hunter2"),
      ("POST /mp/collect?api_secret=zzz&measurement_id=G-1", "zzz"),
    ]
    for (text, secret) in samples {
      let redacted = Redaction.redact(text)
      #expect(!redacted.contains(secret), "\(redacted)")
      #expect(redacted.contains(Redaction.placeholder))
    }
    #expect(Redaction.redact("{\"distinct_id\":\"u1\"}") == "{\"distinct_id\":\"u1\"}")
  }

  @Test func reportsAndErrorsAreRedacted() {
    let report = DeliveryReport.permanentFailure(
      destination: "GA4", statusCode: 401, detail: "POST https://x.test/mp?api_secret=S3CRET failed")
    #expect(!report.description.contains("S3CRET"))
    let error = DeliveryError.insecureURL("http://example.com/collect?api_secret=S3CRET")
    #expect(!error.description.contains("S3CRET"))
    #expect(error.description.contains("To fix this"))
    let response = HTTPResponse(statusCode: 400, headers: ["Set-Cookie": "session=abc"], body: Array("{\"api_key\":\"K\"}".utf8))
    #expect(!response.description.contains("session=abc"))
    #expect(!response.description.contains("\"K\""))
  }
}

@Suite struct ClassificationTests {
  @Test func standardClassification() {
    #expect(DeliveryOutcome.standard(for: HTTPResponse(statusCode: 200)) == .delivered)
    #expect(DeliveryOutcome.standard(for: HTTPResponse(statusCode: 204)) == .delivered)
    #expect(DeliveryOutcome.standard(for: HTTPResponse(statusCode: 413)) == .tooLarge)
    #expect(DeliveryOutcome.standard(for: HTTPResponse(statusCode: 503)) == .retry(after: nil))
    #expect(DeliveryOutcome.standard(for: HTTPResponse(statusCode: 408)) == .retry(after: nil))
    #expect(
      DeliveryOutcome.standard(for: HTTPResponse(statusCode: 429, headers: ["retry-after": "3"])) == .retry(after: .seconds(3)))
    guard case .drop(let reason) = DeliveryOutcome.standard(for: HTTPResponse(statusCode: 401, body: Array("bad key".utf8)))
    else {
      Issue.record("401 should drop")
      return
    }
    #expect(reason.contains("401"))
  }

  @Test func retryAfterAsHTTPDate() {
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    let response = HTTPResponse(statusCode: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:50:07 GMT"])
    #expect(DeliveryOutcome.retryAfter(response.received(at: now)) == .seconds(30))
    #expect(DeliveryOutcome.standard(for: response.received(at: now)) == .retry(after: .seconds(30)))
    // Not stamped by a queue, a date can't be placed on its clock: the queue's own backoff.
    #expect(DeliveryOutcome.retryAfter(response) == nil)
    #expect(DeliveryOutcome.retryAfter(HTTPResponse(statusCode: 503, headers: ["Retry-After": "soon"])) == nil)
    #expect(HTTPResponse(statusCode: 200, headers: ["Content-Type": "x"]).header("content-type") == "x")
  }

  @Test func httpsIsRequiredExceptLoopback() throws {
    for url in ["https://api.example.com/x", "http://127.0.0.1:8080/x", "http://127.1.2.3/x", "http://localhost/x", "http://[::1]:9/x"] {
      #expect(throws: Never.self) { try HTTPRequest(url: URL(string: url)!).validateTransportSecurity() }
    }
    for url in ["http://api.example.com/x", "http://128.0.0.1/x", "http://127.0.0.1.evil.com/x", "ftp://127.0.0.1/x"] {
      #expect(throws: DeliveryError.self) { try HTTPRequest(url: URL(string: url)!).validateTransportSecurity() }
    }
  }
}

@Suite struct CursorFileTests {
  private let position = LogPosition(segment: 3, offset: 120)

  @Test func theNewestValidSlotWinsAndATornOneFallsBackToTheOther() throws {
    let directory = makeTemporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { removeDirectory(directory) }
    var slots = CursorSlots(directory: directory.path, lastSequence: 0)
    try slots.write(head: LogPosition(segment: 3, offset: 0), finished: [position: 40], attempts: [position: 2])
    try slots.write(head: LogPosition(segment: 3, offset: 500), finished: [:], attempts: [:])
    slots.close()
    var newest = try #require(CursorFile.load(directory: directory.path))
    #expect(newest.sequence == 2)
    #expect(newest.head == LogPosition(segment: 3, offset: 500))

    // Tear the newest (sequence 2 went to `cursor`): the other slot, one write older, is used.
    let torn = directory.appendingPathComponent("cursor")
    var bytes = try Data(contentsOf: torn)
    bytes[bytes.count - 1] ^= 0xFF
    try bytes.write(to: torn)
    newest = try #require(CursorFile.load(directory: directory.path))
    #expect(newest.sequence == 1)
    #expect(newest.head == LogPosition(segment: 3, offset: 0))
    #expect(newest.finished == [position: 40])
    #expect(newest.attempts == [position: 2])
  }

  @Test func aShorterCursorOverwritesALongerOneInPlace() throws {
    let directory = makeTemporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { removeDirectory(directory) }
    var slots = CursorSlots(directory: directory.path, lastSequence: 7)
    let many = Dictionary(uniqueKeysWithValues: (0..<50).map { (LogPosition(segment: 1, offset: Int64($0 * 100)), Int64(100)) })
    try slots.write(head: LogPosition(segment: 1, offset: 0), finished: many, attempts: [:])
    try slots.write(head: LogPosition(segment: 1, offset: 0), finished: [:], attempts: [:])
    try slots.write(head: LogPosition(segment: 1, offset: 5000), finished: [:], attempts: [:])
    slots.close()
    let loaded = try #require(CursorFile.load(directory: directory.path))
    #expect(loaded.sequence == 10)
    #expect(loaded.head == LogPosition(segment: 1, offset: 5000))
    #expect(loaded.finished.isEmpty)
  }

  @Test func aVersion1CursorFromAnEarlierReleaseStillLoads() throws {
    let directory = makeTemporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { removeDirectory(directory) }
    var bytes: [UInt8] = []
    func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    put(CursorFile.magic)
    put(UInt32(1))
    put(UInt64(4))
    put(Int64(64))
    put(UInt32(1))
    put(position.segment)
    put(position.offset)
    put(Int64(30))
    put(UInt32(0))
    put(CRC32.checksum(bytes))
    try Data(bytes).write(to: directory.appendingPathComponent("cursor"))
    let loaded = try #require(CursorFile.load(directory: directory.path))
    #expect(loaded.sequence == 0)
    #expect(loaded.head == LogPosition(segment: 4, offset: 64))
    #expect(loaded.finished == [position: 30])
  }
}

@Suite struct RedactionPreCheckTests {
  @Test(arguments: [
    "oldest records dropped to stay under 1048576 pending bytes",
    "POST https://api.mixpanel.com/import (2000 records, 512000 bytes)",
    "",
  ])
  func linesWithoutTriggerWordsAreLeftAsTheyAre(line: String) {
    #expect(!Redaction.mayHoldSecret(line))
    #expect(Redaction.redact(line) == line)
  }

  @Test(arguments: [
    ("https://x.test/mp/collect?measurement_id=G-1&API_SECRET=abc", "https://x.test/mp/collect?measurement_id=G-1&API_SECRET=<redacted>"),
    ("Authorization: Basic dXNlcjo=", "Authorization: <redacted>"),
    (#"{"api_key": "k1"}"#, #"{"api_key": "<redacted>"}"#),
    ("https://user:pw@host.test/x", "https://user:<redacted>@host.test/x"),
  ])
  func linesWithTriggerWordsStillGetEveryPattern(line: String, redacted: String) {
    #expect(Redaction.mayHoldSecret(line))
    #expect(Redaction.redact(line) == redacted)
  }
}
