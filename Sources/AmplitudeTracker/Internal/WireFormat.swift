import Foundation
import Trackers
import TrackersDelivery

/// The bytes Amplitude receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// The identity members of every event, `"device_id":"...","user_id":"..."`, derived once per identity
  /// change.
  static func identityMembers(for identity: IdentityStore<[UInt8]>.Identity) -> [UInt8] {
    identity.jsonMembers(anonymousKey: "device_id", userKey: "user_id")
  }

  /// One entry of `events`: `{"event_type":...,<identity>,"time":ms,"insert_id":...,...}`; `nil` for
  /// `.userId`, which sends nothing. Dates inside properties are ISO-8601 strings.
  ///
  /// A sign-in only changes the identity, so that later events carry `user_id`, as Amplitude-Swift's
  /// `setUserId` does (amplitude/Amplitude-Swift, Sources/Amplitude/Amplitude.swift): `$identify` is for
  /// user-property operations, and one without `user_properties` carries nothing Amplitude needs.
  static func event(_ event: AmplitudeEvent, identity: [UInt8], at date: Date, insertId: RecordID) -> [UInt8]? {
    var bytes: [UInt8] = []
    var propertyCount = 1
    if case let .event(_, properties) = event { propertyCount = properties.count }
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(160 + identity.count + propertyCount * 48)
    JSONWriter.appendLiteral(#"{"event_type":"#, to: &bytes)
    switch event {
    case let .event(type, _):
      JSONWriter.appendString(type, to: &bytes)
    case .userProperty:
      JSONWriter.appendString(AmplitudeNames.identify, to: &bytes)
    case .userId:
      return nil
    }
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    JSONWriter.appendLiteral(#","time":"#, to: &bytes)
    JSONWriter.appendDate(date, encoding: .millisecondsSince1970, to: &bytes)
    JSONWriter.appendLiteral(#","insert_id":"#, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    insertId.appendUUIDString(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    switch event {
    case let .event(_, properties) where !properties.isEmpty:
      JSONWriter.appendLiteral(#","event_properties":"#, to: &bytes)
      PropertyValue.object(properties).appendJSON(to: &bytes, dates: .iso8601)
    case let .userProperty(name, value):
      JSONWriter.appendLiteral(#","user_properties":{"$set":"#, to: &bytes)
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
    JSONWriter.appendLiteral(#"{"api_key":"#, to: &bytes)
    JSONWriter.appendString(apiKey, to: &bytes)
    JSONWriter.appendLiteral(#","events":["#, to: &bytes)
    for (index, event) in events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: event)
    }
    JSONWriter.appendLiteral("]}", to: &bytes)
    return bytes
  }
}
