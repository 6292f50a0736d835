import Foundation
import Trackers
import TrackersDelivery

/// The bytes Amplitude receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// What the live environment derives once per identity or context change, never per event: the members
  /// every event carries after its type.
  struct Members: Sendable {
    /// `"device_id":"...","user_id":"..."`, `ip`, the context, and `"groups":{...}` while the user is in a
    /// group: what every event carries.
    var all: [UInt8]
    /// The same without `groups`: a `$groupidentify` lists only the group whose properties it sets (its
    /// `group_properties` apply to every group it lists).
    var withoutGroups: [UInt8]
  }

  /// The members of ``Members`` for an identity and context; `ip` is the `"ip"` member or nothing.
  ///
  /// The user's groups go on every event as `groups: {type: key}`: the HTTP V2 API's event-level groups
  /// (amplitude.com/docs/apis/analytics/http-v2, key `groups`), so each event counts for the user's groups in
  /// Amplitude's account-level reports.
  static func members(
    for identity: IdentityStore<Members>.Identity, ip: [UInt8], context: TrackingContext
  ) -> Members {
    let withoutGroups = identity.jsonMembers(anonymousKey: "device_id", userKey: "user_id") + ip
      + contextMembers(for: context)
    guard !identity.groups.isEmpty else { return Members(all: withoutGroups, withoutGroups: withoutGroups) }
    var all = withoutGroups
    appendGroups(identity.groups, to: &all)
    return Members(all: all, withoutGroups: withoutGroups)
  }

  /// The members of an event about `subject`: `device_id` its anonymous id and `user_id` its user id, each
  /// when given; `ip` the client's address (else `ip`, the module's `"$remote"` member or nothing);
  /// `language` the client's locale; the library. The HTTP V2 API has no user-agent field
  /// (amplitude.com/docs/apis/analytics/http-v2, "Keys for the event argument").
  static func members(about subject: EventSubject, ip: [UInt8], context: TrackingContext) -> [UInt8] {
    var bytes: [UInt8] = []
    if let anonymousId = subject.anonymousId, !anonymousId.isEmpty {
      VendorJSON.appendLiteral(#""device_id":"#, to: &bytes)
      VendorJSON.appendString(anonymousId, to: &bytes)
    }
    if let userId = subject.userId, !userId.isEmpty {
      if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
      VendorJSON.appendLiteral(#""user_id":"#, to: &bytes)
      VendorJSON.appendString(userId, to: &bytes)
    }
    if let clientIP = subject.context.ip {
      VendorJSON.appendLiteral(#","ip":"#, to: &bytes)
      VendorJSON.appendString(clientIP, to: &bytes)
    } else {
      bytes += ip
    }
    bytes += contextMembers(for: context)
    let members: ContextMembers = [("language", subject.context.locale.map(PropertyValue.string))]
    members.appendJSON(to: &bytes)
    return bytes
  }

  /// `,"groups":{"type":"key",...}`, keys sorted.
  private static func appendGroups(_ groups: [String: String], to bytes: inout [UInt8]) {
    VendorJSON.appendLiteral(#","groups":"#, to: &bytes)
    VendorJSON.append(PropertyValue.object(groups.mapValues(PropertyValue.string)), sortedKeys: true, to: &bytes)
  }

  /// One entry of `events`: `{"event_type":...,<identity>,"time":ms,"insert_id":...,...}`; `nil` for what
  /// sends nothing (`.userId`, `.alias`, `.notSent`) and for `.group`, which sends two events
  /// (``groupEvents(type:key:properties:members:sessionId:at:)``). Dates inside properties are ISO-8601
  /// strings.
  ///
  /// A sign-in only changes the identity, so that later events carry `user_id`, as Amplitude-Swift's
  /// `setUserId` does (amplitude/Amplitude-Swift, Sources/Amplitude/Amplitude.swift): `$identify` is for
  /// user-property operations, and one without `user_properties` carries nothing Amplitude needs.
  static func event(
    _ event: AmplitudeEvent, identity: [UInt8], sessionId: Int, at date: Date, insertId: RecordID
  ) -> [UInt8]? {
    var bytes: [UInt8] = []
    var propertyCount = 1
    switch event {
    case let .event(_, properties): propertyCount = properties.count
    case let .revenue(_, properties, _): propertyCount = properties.count + 3
    case let .userProperties(properties), let .signIn(_, properties): propertyCount = properties.count
    default: break
    }
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(160 + identity.count + propertyCount * 48)
    guard let type = eventType(of: event) else { return nil }
    appendHead(type: type, identity: identity, sessionId: sessionId, at: date, insertId: insertId, to: &bytes)
    switch event {
    case let .event(_, properties) where !properties.isEmpty:
      VendorJSON.appendLiteral(#","event_properties":"#, to: &bytes)
      VendorJSON.append(PropertyValue.object(properties), dates: .iso8601, to: &bytes)
    case let .revenue(_, properties, revenue):
      appendRevenue(revenue, to: &bytes)
      if !properties.isEmpty {
        VendorJSON.appendLiteral(#","event_properties":"#, to: &bytes)
        VendorJSON.append(PropertyValue.object(properties), dates: .iso8601, to: &bytes)
      }
    case let .userProperty(name, value):
      appendUserProperties(operation: "$set", properties: [name: value], to: &bytes)
    case let .userProperties(properties), let .signIn(_, properties):
      appendUserProperties(operation: "$set", properties: properties, to: &bytes)
    case let .identify(operation, name, value):
      appendUserProperties(operation: operation.rawValue, properties: [name: value], to: &bytes)
    default:
      break
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// `,"user_properties":{"<operation>":{name: value, ...}}`: the Identify API's form of one operation
  /// (amplitude.com/docs/apis/analytics/identify, "user_properties supported operations"), which the HTTP V2
  /// API takes on `$identify` events.
  private static func appendUserProperties(
    operation: String, properties: [String: PropertyValue], to bytes: inout [UInt8]
  ) {
    VendorJSON.appendLiteral(#","user_properties":{"#, to: &bytes)
    VendorJSON.appendString(operation, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    VendorJSON.append(PropertyValue.object(properties), dates: .iso8601, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// The revenue fields that are set, at the top level of the event, as the HTTP V2 API names them:
  /// `price`, `quantity`, `revenue`, `productId`, `revenueType`, `currency`.
  private static func appendRevenue(_ revenue: AmplitudeEvent.Revenue, to bytes: inout [UInt8]) {
    if let price = revenue.price {
      VendorJSON.appendLiteral(#","price":"#, to: &bytes)
      VendorJSON.appendDouble(price, to: &bytes)
    }
    if let quantity = revenue.quantity {
      VendorJSON.appendLiteral(#","quantity":"#, to: &bytes)
      VendorJSON.appendInt(quantity, to: &bytes)
    }
    if let amount = revenue.revenue {
      VendorJSON.appendLiteral(#","revenue":"#, to: &bytes)
      VendorJSON.appendDouble(amount, to: &bytes)
    }
    if let productId = revenue.productId {
      VendorJSON.appendLiteral(#","productId":"#, to: &bytes)
      VendorJSON.appendString(productId, to: &bytes)
    }
    if let revenueType = revenue.revenueType {
      VendorJSON.appendLiteral(#","revenueType":"#, to: &bytes)
      VendorJSON.appendString(revenueType, to: &bytes)
    }
    if let currency = revenue.currency {
      VendorJSON.appendLiteral(#","currency":"#, to: &bytes)
      VendorJSON.appendString(currency, to: &bytes)
    }
  }

  /// The events of ``AmplitudeEvent/group(type:key:properties:)``, as Amplitude-Swift sends them
  /// (Sources/Amplitude/Amplitude.swift, `setGroup` and `groupIdentify`):
  /// - `$identify` with the user's groups (the new one included, as on every later event) and
  ///   `user_properties: {"$set": {type: key}}`: the user's membership, kept by Amplitude as a user property;
  /// - when there are properties, `$groupidentify` with `groups: {type: key}` and
  ///   `group_properties: {"$set": properties}` (amplitude.com/docs/apis/analytics/http-v2, keys `groups` and
  ///   `group_properties`; `$groupidentify` is the event type the API reserves for it).
  ///
  /// `members` must already hold the new group.
  static func groupEvents(
    type: String, key: String, properties: [String: PropertyValue], members: Members, sessionId: Int, at date: Date
  ) -> [(id: RecordID, payload: [UInt8])] {
    var events: [(id: RecordID, payload: [UInt8])] = []
    let identifyId = RecordID()
    var identify: [UInt8] = []
    appendHead(
      type: AmplitudeNames.identify, identity: members.all, sessionId: sessionId, at: date, insertId: identifyId,
      to: &identify)
    appendUserProperties(operation: "$set", properties: [type: .string(key)], to: &identify)
    identify.append(UInt8(ascii: "}"))
    events.append((identifyId, identify))
    guard !properties.isEmpty else { return events }
    let groupId = RecordID()
    var group: [UInt8] = []
    appendHead(
      type: AmplitudeNames.groupIdentify, identity: members.withoutGroups, sessionId: sessionId, at: date,
      insertId: groupId, to: &group)
    appendGroups([type: key], to: &group)
    VendorJSON.appendLiteral(#","group_properties":{"$set":"#, to: &group)
    VendorJSON.append(PropertyValue.object(properties), dates: .iso8601, to: &group)
    VendorJSON.appendLiteral("}}", to: &group)
    events.append((groupId, group))
    return events
  }

  /// The `event_type` of an event; `nil` for what sends no single event of its own.
  static func eventType(of event: AmplitudeEvent) -> String? {
    switch event {
    case let .event(type, _), let .revenue(type, _, _): type
    case .userProperty, .userProperties, .signIn, .identify: AmplitudeNames.identify
    case .userId, .alias, .notSent, .group: nil
    }
  }

  /// `{"event_type":...,<identity>,"time":ms,"insert_id":...,"session_id":ms`: what every event starts with.
  private static func appendHead(
    type: String, identity: [UInt8], sessionId: Int, at date: Date, insertId: RecordID, to bytes: inout [UInt8]
  ) {
    VendorJSON.appendLiteral(#"{"event_type":"#, to: &bytes)
    VendorJSON.appendString(type, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    VendorJSON.appendLiteral(#","time":"#, to: &bytes)
    VendorJSON.appendDate(date, format: .millisecondsSince1970, to: &bytes)
    VendorJSON.appendLiteral(#","insert_id":"#, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    insertId.appendUUIDString(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    VendorJSON.appendLiteral(#","session_id":"#, to: &bytes)
    VendorJSON.appendInt(sessionId, to: &bytes)
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
  /// ("swift-trackers/0.8.0"), `platform` ("iOS"), `os_name` (lowercased, "ios", as the SDK sends it),
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
    VendorJSON.appendLiteral(#"{"api_key":"#, to: &bytes)
    VendorJSON.appendString(apiKey, to: &bytes)
    VendorJSON.appendLiteral(#","events":["#, to: &bytes)
    for (index, event) in events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: event)
    }
    VendorJSON.appendLiteral("]}", to: &bytes)
    return bytes
  }
}
