import Foundation
import Trackers
import TrackersDelivery

/// The bytes PostHog receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// What every event needs from the identity, derived once per identity change.
  struct Identity: Sendable {
    /// `"distinct_id":"..."`: the user id once known, else the anonymous id.
    var distinctIdMember: [UInt8]
    /// The anonymous id, for `$identify`'s `$anon_distinct_id`.
    var anonymousId: String
  }

  static func identity(for identity: IdentityStore<Identity>.Identity) -> Identity {
    var bytes: [UInt8] = []
    JSONWriter.appendLiteral(#""distinct_id":"#, to: &bytes)
    JSONWriter.appendString(identity.userId ?? identity.anonymousId, to: &bytes)
    return Identity(distinctIdMember: bytes, anonymousId: identity.anonymousId)
  }

  /// One entry of `batch`: `{"event":...,"properties":{"distinct_id":...,...},"timestamp":"ISO-8601",
  /// "uuid":"..."}`; `nil` for a sign-out, which sends nothing. Dates inside properties are ISO-8601 strings.
  static func event(_ event: PostHogEvent, identity: Identity, at date: Date, uuid: RecordID) -> [UInt8]? {
    let name: String
    let properties: [String: PropertyValue]
    switch event {
    case let .capture(event, eventProperties):
      (name, properties) = (event, eventProperties)
    case let .setPersonProperties(personProperties):
      (name, properties) = (PostHogNames.set, [PostHogNames.set: .object(personProperties)])
    case .userId(_?):
      (name, properties) = (PostHogNames.identify, [PostHogNames.anonymousDistinctId: .string(identity.anonymousId)])
    case .userId(nil):
      return nil
    }
    var bytes: [UInt8] = []
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(160 + identity.distinctIdMember.count + properties.count * 48)
    JSONWriter.appendLiteral(#"{"event":"#, to: &bytes)
    JSONWriter.appendString(name, to: &bytes)
    JSONWriter.appendLiteral(#","properties":{"#, to: &bytes)
    bytes.append(contentsOf: identity.distinctIdMember)
    for (key, value) in properties {
      bytes.append(UInt8(ascii: ","))
      JSONWriter.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      value.appendJSON(to: &bytes, dates: .iso8601)
    }
    JSONWriter.appendLiteral(#"},"timestamp":"#, to: &bytes)
    JSONWriter.appendDate(date, encoding: .iso8601, to: &bytes)
    JSONWriter.appendLiteral(#","uuid":"#, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    uuid.appendUUIDString(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// The request body: `{"api_key":...,"batch":[...]}`.
  static func body(apiKey: String, events: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(events.reduce(64) { $0 + $1.count + 1 })
    JSONWriter.appendLiteral(#"{"api_key":"#, to: &bytes)
    JSONWriter.appendString(apiKey, to: &bytes)
    JSONWriter.appendLiteral(#","batch":["#, to: &bytes)
    for (index, event) in events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: event)
    }
    JSONWriter.appendLiteral("]}", to: &bytes)
    return bytes
  }
}
