import Foundation
import Trackers
import TrackersDelivery

/// The bytes Segment receives: one queued record per message, wrapped in `{"batch": [...]}` per request.
enum WireFormat {
  /// The identity members of every message, `"anonymousId":"...","userId":"..."`, derived once per
  /// identity change.
  static func identityMembers(for identity: IdentityStore<[UInt8]>.Identity) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.append(contentsOf: #""anonymousId":"#.utf8)
    JSONWriter.appendString(identity.anonymousId, to: &bytes)
    if let userId = identity.userId {
      bytes.append(contentsOf: #","userId":"#.utf8)
      JSONWriter.appendString(userId, to: &bytes)
    }
    return bytes
  }

  /// One message: `{"type":...,...,<identity>,"timestamp":"ISO-8601","messageId":"..."}`; `nil` for a
  /// sign-out, which sends nothing. Dates inside properties and traits are ISO-8601 strings.
  static func message(_ message: SegmentMessage, identity: [UInt8], at date: Date, messageId: RecordID) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(160 + identity.count)
    switch message {
    case let .track(event, properties):
      bytes.append(contentsOf: #"{"type":"track","event":"#.utf8)
      JSONWriter.appendString(event, to: &bytes)
      appendMember("properties", properties, to: &bytes)
    case let .screen(name, properties):
      bytes.append(contentsOf: #"{"type":"screen","name":"#.utf8)
      JSONWriter.appendString(name, to: &bytes)
      appendMember("properties", properties, to: &bytes)
    case let .identify(traits):
      bytes.append(contentsOf: #"{"type":"identify""#.utf8)
      appendMember("traits", traits, to: &bytes)
    case .userId(_?):
      bytes.append(contentsOf: #"{"type":"identify""#.utf8)
    case .userId(nil):
      return nil
    }
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    bytes.append(contentsOf: #","timestamp":"#.utf8)
    JSONWriter.appendDate(date, encoding: .iso8601, to: &bytes)
    bytes.append(contentsOf: #","messageId":"#.utf8)
    JSONWriter.appendString(messageId.uuidString, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  private static func appendMember(_ name: String, _ object: [String: PropertyValue], to bytes: inout [UInt8]) {
    guard !object.isEmpty else { return }
    bytes.append(UInt8(ascii: ","))
    JSONWriter.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    PropertyValue.object(object).appendJSON(to: &bytes, dates: .iso8601)
  }

  /// The request body: `{"batch":[...]}`, with `"writeKey"` when the key travels in the body.
  static func body(writeKey: String?, messages: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(messages.reduce(64) { $0 + $1.count + 1 })
    bytes.append(contentsOf: #"{"batch":["#.utf8)
    for (index, message) in messages.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: message)
    }
    bytes.append(UInt8(ascii: "]"))
    if let writeKey {
      bytes.append(contentsOf: #","writeKey":"#.utf8)
      JSONWriter.appendString(writeKey, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }
}
