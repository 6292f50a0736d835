import Foundation
import Trackers
import TrackersDelivery

/// The bytes PostHog receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// What every event needs from the identity, derived once per identity change.
  struct Identity: Sendable {
    /// The properties every event starts with: `"distinct_id":"..."` (the user id once known, else the
    /// anonymous id), `"$geoip_disable":true` when IP location is suppressed, and the context.
    var sharedMembers: [UInt8]
    /// The anonymous id, for `$identify`'s `$anon_distinct_id`.
    var anonymousId: String
  }

  static func identity(
    for identity: IdentityStore<Identity>.Identity, context: TrackingContext, suppressesGeoIP: Bool
  ) -> Identity {
    var bytes: [UInt8] = []
    JSONWriter.appendLiteral(#""distinct_id":"#, to: &bytes)
    JSONWriter.appendString(identity.userId ?? identity.anonymousId, to: &bytes)
    // `$geoip_disable` stops PostHog's GeoIP enrichment from the request's address.
    if suppressesGeoIP { JSONWriter.appendLiteral(#","$geoip_disable":true"#, to: &bytes) }
    contextMembers(for: context).appendJSON(to: &bytes)
    return Identity(sharedMembers: bytes, anonymousId: identity.anonymousId)
  }

  /// The context as posthog-ios's `PostHogContext` names it: `$lib`, `$lib_version`, `$os_name`,
  /// `$os_version`, `$device_model`, `$device_manufacturer`, `$app_name`, `$app_version`, `$app_build`
  /// (a number when it is one, as the SDK sends it), `$app_namespace`, `$locale` (the language code only,
  /// as the SDK sends it), `$timezone`, `$screen_width`, `$screen_height`.
  static func contextMembers(for context: TrackingContext) -> ContextMembers {
    [
      ("$lib", .string(context.library.name)),
      ("$lib_version", .string(context.library.version)),
      ("$os_name", .string(context.os.name)),
      ("$os_version", .string(context.os.version)),
      ("$device_model", context.device.model.map(PropertyValue.string)),
      ("$device_manufacturer", context.device.manufacturer.map(PropertyValue.string)),
      ("$app_name", context.app.name.map(PropertyValue.string)),
      ("$app_version", context.app.version.map(PropertyValue.string)),
      ("$app_build", context.app.build.map { build in Int(build).map(PropertyValue.int) ?? .string(build) }),
      ("$app_namespace", context.app.namespace.map(PropertyValue.string)),
      ("$locale", context.locale.map { .string(String($0.prefix { $0 != "-" })) }),
      ("$timezone", context.timezone.map(PropertyValue.string)),
      ("$screen_width", context.screen.map { .int($0.width) }),
      ("$screen_height", context.screen.map { .int($0.height) }),
    ]
  }

  /// One entry of `batch`: `{"event":...,"properties":{"distinct_id":...,...},"timestamp":"ISO-8601",
  /// "uuid":"..."}`; `nil` for a sign-out, which sends nothing. Dates inside properties are ISO-8601 strings.
  static func event(
    _ event: PostHogEvent, identity: Identity, sessionId: String?, at date: Date, uuid: RecordID
  ) -> [UInt8]? {
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
    bytes.reserveCapacity(200 + identity.sharedMembers.count + properties.count * 48)
    JSONWriter.appendLiteral(#"{"event":"#, to: &bytes)
    JSONWriter.appendString(name, to: &bytes)
    JSONWriter.appendLiteral(#","properties":{"#, to: &bytes)
    bytes.append(contentsOf: identity.sharedMembers)
    if let sessionId {
      // A UUID needs no escaping.
      JSONWriter.appendLiteral(#","$session_id":""#, to: &bytes)
      bytes.append(contentsOf: sessionId.utf8)
      bytes.append(UInt8(ascii: "\""))
    }
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
