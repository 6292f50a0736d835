import Foundation
import TrackersDelivery

/// A destination whose body is a JSON array of `{"id", "attempts", "event"}`, so tests can see ids and
/// attempts on the wire. A 400 answer carrying `{"rejected": {"index": "reason"}}` is a partial success.
struct TestDestination: DeliveryDestination {
  var name = "Test"
  var url: URL
  var limits: BatchLimits

  init(
    url: URL, maxEvents: Int = 100, maxBytes: Int = 1 << 20, flushInterval: Duration = .seconds(60),
    envelopeBytes: Int = 0, recordBytes: BatchLimits.RecordBytes = .payloadPlusSeparator
  ) {
    self.url = url
    limits = BatchLimits(
      maxEvents: maxEvents, maxBytes: maxBytes, flushInterval: flushInterval, envelopeBytes: envelopeBytes,
      recordBytes: recordBytes)
  }

  func makeRequest(for batch: Batch) throws -> HTTPRequest {
    var body: [UInt8] = [UInt8(ascii: "[")]
    for (index, record) in batch.records.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body += Array("{\"id\":\"\(record.id)\",\"attempts\":\(record.attempts),\"event\":".utf8)
      body += record.payload
      body.append(UInt8(ascii: "}"))
    }
    body.append(UInt8(ascii: "]"))
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "partition", value: batch.partition)]
    return HTTPRequest(
      url: components.url!,
      headers: ["Content-Type": "application/json", "Authorization": "Bearer test-secret-token"],
      body: body
    )
  }

  func classify(_ response: HTTPResponse, for batch: Batch) -> DeliveryOutcome {
    struct Partial: Decodable { var rejected: [String: String] }
    if response.statusCode == 400, let partial = try? JSONDecoder().decode(Partial.self, from: Data(response.body)) {
      return .partiallyDelivered(rejected: Dictionary(uniqueKeysWithValues: partial.rejected.compactMap { key, value in
        Int(key).map { ($0, value) }
      }))
    }
    return .standard(for: response)
  }
}

/// `{"seq":n}`, padded with a `pad` field to `size` bytes when asked.
func payload(_ seq: Int, size: Int = 0) -> [UInt8] {
  let plain = "{\"seq\":\(seq)}"
  guard size > plain.utf8.count + 10 else { return Array(plain.utf8) }
  let pad = String(repeating: "x", count: size - plain.utf8.count - 9)
  return Array("{\"seq\":\(seq),\"pad\":\"\(pad)\"}".utf8)
}
