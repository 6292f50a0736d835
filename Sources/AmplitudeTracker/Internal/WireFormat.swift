import Foundation
import Trackers
import TrackersDelivery

/// The bytes Amplitude receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// The identity members of every event, `"device_id":"...","user_id":"..."`, derived once per identity
  /// change.
  static func identityMembers(for identity: IdentityStore<[UInt8]>.Identity) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.append(contentsOf: #""device_id":"#.utf8)
    JSONWriter.appendString(identity.anonymousId, to: &bytes)
    if let userId = identity.userId {
      bytes.append(contentsOf: #","user_id":"#.utf8)
      JSONWriter.appendString(userId, to: &bytes)
    }
    return bytes
  }

  /// One entry of `events`: `{"event_type":...,<identity>,"time":ms,"insert_id":...,...}`; `nil` for a
  /// sign-out, which sends nothing. Dates inside properties are ISO-8601 strings.
  static func event(_ event: AmplitudeEvent, identity: [UInt8], at date: Date, insertId: RecordID) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(160 + identity.count)
    bytes.append(contentsOf: #"{"event_type":"#.utf8)
    switch event {
    case let .event(type, _):
      JSONWriter.appendString(type, to: &bytes)
    case .userProperty, .userId(_?):
      JSONWriter.appendString(AmplitudeNames.identify, to: &bytes)
    case .userId(nil):
      return nil
    }
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    bytes.append(contentsOf: #","time":"#.utf8)
    JSONWriter.appendDate(date, encoding: .millisecondsSince1970, to: &bytes)
    bytes.append(contentsOf: #","insert_id":"#.utf8)
    JSONWriter.appendString(insertId.uuidString, to: &bytes)
    switch event {
    case let .event(_, properties) where !properties.isEmpty:
      bytes.append(contentsOf: #","event_properties":"#.utf8)
      PropertyValue.object(properties).appendJSON(to: &bytes, dates: .iso8601)
    case let .userProperty(name, value):
      bytes.append(contentsOf: #","user_properties":{"$set":"#.utf8)
      PropertyValue.object([name: value]).appendJSON(to: &bytes, dates: .iso8601)
      bytes.append(UInt8(ascii: "}"))
    default:
      break
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// The bytes the envelope adds around the events, for the body limit.
  static func envelopeSize(apiKey: String) -> Int {
    body(apiKey: apiKey, events: []).count
  }

  /// The request body: `{"api_key":...,"events":[...]}`.
  static func body(apiKey: String, events: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(events.reduce(64) { $0 + $1.count + 1 })
    bytes.append(contentsOf: #"{"api_key":"#.utf8)
    JSONWriter.appendString(apiKey, to: &bytes)
    bytes.append(contentsOf: #","events":["#.utf8)
    for (index, event) in events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: event)
    }
    bytes.append(contentsOf: "]}".utf8)
    return bytes
  }
}
