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
  static func event(
    _ event: AmplitudeEvent, identity: [UInt8], sessionId: Int, at date: Date, insertId: RecordID
  ) -> [UInt8]? {
    var bytes: [UInt8] = []
    var propertyCount = 1
    if case let .event(_, properties) = event { propertyCount = properties.count }
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(160 + identity.count + propertyCount * 48)
    guard let type = eventType(of: event) else { return nil }
    appendHead(type: type, identity: identity, sessionId: sessionId, at: date, insertId: insertId, to: &bytes)
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

  /// The `event_type` of an event; `nil` for `.userId`, which sends nothing.
  static func eventType(of event: AmplitudeEvent) -> String? {
    switch event {
    case let .event(type, _): type
    case .userProperty: AmplitudeNames.identify
    case .userId: nil
    }
  }

  /// `{"event_type":...,<identity>,"time":ms,"insert_id":...,"session_id":ms`: what every event starts with.
  private static func appendHead(
    type: String, identity: [UInt8], sessionId: Int, at date: Date, insertId: RecordID, to bytes: inout [UInt8]
  ) {
    JSONWriter.appendLiteral(#"{"event_type":"#, to: &bytes)
    JSONWriter.appendString(type, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    JSONWriter.appendLiteral(#","time":"#, to: &bytes)
    JSONWriter.appendDate(date, encoding: .millisecondsSince1970, to: &bytes)
    JSONWriter.appendLiteral(#","insert_id":"#, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    insertId.appendUUIDString(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    JSONWriter.appendLiteral(#","session_id":"#, to: &bytes)
    JSONWriter.appendInt(sessionId, to: &bytes)
  }

  /// The events Amplitude-Swift sends when a session starts: `session_end` for the session it replaced
  /// (with that session's id, at its last activity), then `session_start`, at the new session's start.
  static func sessionEvents(
    for stamp: VendorSession.Stamp, identity: [UInt8]
  ) -> [(name: String, id: RecordID, payload: [UInt8])] {
    var events: [(name: String, id: RecordID, payload: [UInt8])] = []
    if let ended = stamp.ended {
      let id = RecordID()
      var bytes: [UInt8] = []
      appendHead(
        type: AmplitudeNames.sessionEnd, identity: identity, sessionId: ended.id, at: ended.lastActivity, insertId: id,
        to: &bytes)
      bytes.append(UInt8(ascii: "}"))
      events.append((AmplitudeNames.sessionEnd, id, bytes))
    }
    let id = RecordID()
    var bytes: [UInt8] = []
    appendHead(
      type: AmplitudeNames.sessionStart, identity: identity, sessionId: stamp.id, at: stamp.start, insertId: id,
      to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    events.append((AmplitudeNames.sessionStart, id, bytes))
    return events
  }

  /// The context as Amplitude-Swift's `ContextPlugin` names it, as top-level event fields: `library`
  /// ("swift-trackers/0.5.0"), `platform` ("iOS"), `os_name` (lowercased, "ios", as the SDK sends it),
  /// `os_version`, `device_model`, `device_manufacturer`, `app_version` (the HTTP V2 API's name; the SDK
  /// sends `version_name`) and `language`.
  static func contextMembers(for context: TrackingContext) -> [UInt8] {
    let members: ContextMembers = [
      ("library", .string("\(context.library.name)/\(context.library.version)")),
      ("platform", .string(context.os.name)),
      ("os_name", .string(context.os.name.lowercased())),
      ("os_version", .string(context.os.version)),
      ("device_model", context.device.model.map(PropertyValue.string)),
      ("device_manufacturer", context.device.manufacturer.map(PropertyValue.string)),
      ("app_version", context.app.version.map(PropertyValue.string)),
      ("language", context.locale.map(PropertyValue.string)),
    ]
    var bytes: [UInt8] = []
    members.appendJSON(to: &bytes)
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
