import Foundation
import Testing
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// Which requests the queue marks for compression, and what a transport puts on the wire for them. (That the
/// bytes decode to the same JSON on a real socket: the vendors' `LiveDeliveryTests`, whose collector
/// gunzips; that `Gzip` is a valid gzip member: `GzipTests`.)
@Suite struct RequestBodyEncodingTests {
  /// `TestDestination`, compressing the partitions named in `gzipped`.
  struct CompressingDestination: DeliveryDestination {
    var base: TestDestination
    var gzipped: Set<String>
    var name: String { base.name }
    var limits: BatchLimits { base.limits }
    func makeRequest(for batch: Batch) throws -> HTTPRequest { try base.makeRequest(for: batch) }
    func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome { base.classify(response, for: batch) }
    func requestBodyEncoding(for batch: Batch) -> RequestBodyEncoding {
      gzipped.contains(batch.partition) ? .gzip : .identity
    }
  }

  func encodings(compressing: Bool) async throws -> [String: RequestBodyEncoding] {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    var configuration = testConfiguration(directory)
    configuration.compressesRequestBodies = compressing
    let queue = try DeliveryQueue(
      destination: CompressingDestination(base: TestDestination(url: scriptedURL), gzipped: ["events"]),
      configuration: configuration, transport: transport)
    try queue.enqueue(payload(1), partition: "events")
    try queue.enqueue(payload(2), partition: "profiles")
    await queue.flush()
    #expect(queue.counters.delivered == 2)
    await queue.close(timeout: .seconds(1))
    // The body a transport is handed stays as the destination built it: what the batch limits counted.
    #expect(transport.requests.flatMap(\.records).map(\.event.seq).sorted() == [1, 2])
    return Dictionary(transport.requests.map { ($0.queryItems["partition"] ?? "", $0.request.bodyEncoding) }) { $1 }
  }

  @Test func theDestinationChoosesPerBatchAndTheConfigurationCanTurnItOff() async throws {
    #expect(try await encodings(compressing: true) == ["events": .gzip, "profiles": .identity])
    #expect(try await encodings(compressing: false) == ["events": .identity, "profiles": .identity])
  }

  @Test func aDestinationThatSaysNothingIsSentAsBuilt() {
    let destination = TestDestination(url: scriptedURL)
    #expect(destination.requestBodyEncoding(for: Batch(records: [], partition: "")) == .identity)
  }

  @Test func onTheWireAGzipBodyIsCompressedWithItsHeader() {
    let body = GzipTests.jsonBatch(events: 50)
    let request = HTTPRequest(
      url: scriptedURL, headers: ["Content-Type": "application/json", "content-encoding": "br"], body: body,
      bodyEncoding: .gzip)
    let (headers, wire) = request.encodedForWire()
    #expect(wire == Gzip.compress(body))
    #expect(wire.count < body.count / 4)
    // One Content-Encoding, ours, whatever case the destination wrote its own in.
    #expect(headers == ["Content-Type": "application/json", "Content-Encoding": "gzip"])
    #expect(request.description.hasSuffix("body: \(body.count) bytes (gzip on the wire)"))

    let plain = HTTPRequest(url: scriptedURL, headers: ["Content-Type": "application/json"], body: body)
    #expect(plain.encodedForWire().body == body)
    #expect(plain.encodedForWire().headers == ["Content-Type": "application/json"])
    // An empty body gets no header: there is nothing to decode.
    let empty = HTTPRequest(url: scriptedURL, body: [], bodyEncoding: .gzip).encodedForWire()
    #expect(empty.body.isEmpty && empty.headers.isEmpty)
  }
}
