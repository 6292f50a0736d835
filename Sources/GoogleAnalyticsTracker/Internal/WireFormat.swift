import Foundation
import Trackers
import TrackersDelivery

/// The bytes GA4 receives: one queued record per event, and the request envelope as the batch's partition.
enum WireFormat {
  /// The request's fields other than `events`, as a JSON object: `client_id` (or `app_instance_id`),
  /// `user_id` and `user_properties`. Records with the same envelope share a partition, so a request never
  /// mixes users (GA4 takes one client and user per request).
  static func envelope(for identity: IdentityStore<String>.Identity, stream: Configuration.Stream) -> String {
    var bytes: [UInt8] = []
    bytes.append(UInt8(ascii: "{"))
    switch stream {
    case .web:
      bytes.append(contentsOf: #""client_id":"#.utf8)
      JSONWriter.appendString(identity.anonymousId, to: &bytes)
    case let .app(_, appInstanceId):
      bytes.append(contentsOf: #""app_instance_id":"#.utf8)
      JSONWriter.appendString(appInstanceId, to: &bytes)
    }
    if let userId = identity.userId {
      bytes.append(contentsOf: #","user_id":"#.utf8)
      JSONWriter.appendString(userId, to: &bytes)
    }
    if !identity.userProperties.isEmpty {
      bytes.append(contentsOf: #","user_properties":{"#.utf8)
      for (index, (name, value)) in identity.userProperties.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONWriter.appendString(name, to: &bytes)
        bytes.append(contentsOf: #":{"value":"#.utf8)
        value.appendJSON(to: &bytes, dates: .microsecondsSince1970)
        bytes.append(UInt8(ascii: "}"))
      }
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One entry of `events`: `{"name":...,"params":{...},"timestamp_micros":...}`; dates in microseconds.
  static func event(name: String, params: [String: PropertyValue], at date: Date) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 + params.count * 32)
    bytes.append(contentsOf: #"{"name":"#.utf8)
    JSONWriter.appendString(name, to: &bytes)
    bytes.append(contentsOf: #","params":"#.utf8)
    PropertyValue.object(params).appendJSON(to: &bytes, dates: .microsecondsSince1970)
    bytes.append(contentsOf: #","timestamp_micros":"#.utf8)
    JSONWriter.appendDate(date, encoding: .microsecondsSince1970, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// The request body: the envelope with `"events":[...]` added.
  static func body(for batch: Batch) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(batch.partition.utf8.count + batch.records.reduce(16) { $0 + $1.payload.count + 1 })
    bytes.append(contentsOf: batch.partition.utf8.dropLast())  // the envelope's closing brace
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: #""events":["#.utf8)
    for (index, record) in batch.records.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: record.payload)
    }
    bytes.append(contentsOf: "]}".utf8)
    return bytes
  }
}
