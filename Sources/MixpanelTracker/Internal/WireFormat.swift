import Foundation
import Trackers
import TrackersDelivery

/// The bytes Mixpanel receives: one record per event (partition `import`), user profile update (`engage`)
/// or group profile update (`groups`).
enum WireFormat {
  static let importPartition = "import"
  static let engagePartition = "engage"
  static let groupsPartition = "groups"

  /// What every payload repeats about the user and the context, encoded once per change of either.
  struct IdentityFields: Sendable {
    /// `"distinct_id":...,"$device_id":...[,"$user_id":...]` and the context's members, for events.
    var eventFields: [UInt8]
    /// The profile's `$distinct_id` value, as JSON.
    var distinctId: [UInt8]
    /// The user's groups as event members, sorted by key; empty (and free) without groups.
    var groups: [GroupMember] = []
  }

  /// One group key as an event member, `"<key>":["<id>"]`, encoded once per change of the groups.
  struct GroupMember: Sendable {
    /// The group key, to leave the member out of an event that has a property of that name.
    var key: String
    /// `"<key>":["<id>"]`.
    var member: [UInt8]
  }

  /// The group keys as event members: the group key is an event property whose value is the list of the
  /// user's group ids (docs.mixpanel.com/docs/data-structure/group-analytics/group-analytics-implementation,
  /// "Tracking events for a Group"; mixpanel-swift's `setGroup` registers `[groupKey: [groupID]]` the same
  /// way). Sorted, so that the bytes do not depend on the dictionary's order.
  static func groupMembers(_ groups: [String: String]) -> [GroupMember] {
    groups.sorted { $0.key < $1.key }.map { key, id in
      var member: [UInt8] = []
      VendorJSON.appendString(key, to: &member)
      VendorJSON.appendLiteral(":[", to: &member)
      VendorJSON.appendString(id, to: &member)
      member.append(UInt8(ascii: "]"))
      return GroupMember(key: key, member: member)
    }
  }

  /// Simplified ID Merge: `distinct_id` is the user id once known, else `$device:<device id>`; events carry
  /// `$device_id` always and `$user_id` when signed in, which is what merges the two.
  static func identityFields(
    for identity: IdentityStore<IdentityFields>.Identity, context: TrackingContext
  ) -> IdentityFields {
    var distinctId: [UInt8] = []
    VendorJSON.appendString(identity.userId ?? "$device:\(identity.anonymousId)", to: &distinctId)
    var fields: [UInt8] = Array(#""distinct_id":"#.utf8) + distinctId
    VendorJSON.appendLiteral(#","$device_id":"#, to: &fields)
    VendorJSON.appendString(identity.anonymousId, to: &fields)
    if let userId = identity.userId {
      VendorJSON.appendLiteral(#","$user_id":"#, to: &fields)
      VendorJSON.appendString(userId, to: &fields)
    }
    contextMembers(for: context).appendJSON(to: &fields)
    return IdentityFields(
      eventFields: fields, distinctId: distinctId,
      groups: identity.groups.isEmpty ? [] : groupMembers(identity.groups))
  }

  /// The fields of an event about `subject`: `distinct_id` its user id, else `$device:<anonymous id>`;
  /// `$device_id` its anonymous id and `$user_id` its user id, each when given (Simplified ID Merge links
  /// them as for an app's user); `ip` the client's address, which Mixpanel locates the event by
  /// (docs.mixpanel.com/docs/best-practices/server-side-best-practices: `properties["ip"] =
  /// request.remote_addr`); then the library (the machine's context is not the subject's). No user agent: Mixpanel parses none server-side.
  /// No groups: those belong to the stored identity.
  static func identityFields(about subject: EventSubject, context: TrackingContext) -> IdentityFields {
    let userId = subject.userId.flatMap { $0.isEmpty ? nil : $0 }
    let anonymousId = subject.anonymousId.flatMap { $0.isEmpty ? nil : $0 }
    var distinctId: [UInt8] = []
    VendorJSON.appendString(userId ?? "$device:\(anonymousId ?? "")", to: &distinctId)
    var fields: [UInt8] = Array(#""distinct_id":"#.utf8) + distinctId
    if let anonymousId {
      VendorJSON.appendLiteral(#","$device_id":"#, to: &fields)
      VendorJSON.appendString(anonymousId, to: &fields)
    }
    if let userId {
      VendorJSON.appendLiteral(#","$user_id":"#, to: &fields)
      VendorJSON.appendString(userId, to: &fields)
    }
    if let ip = subject.context.ip {
      VendorJSON.appendLiteral(#","ip":"#, to: &fields)
      VendorJSON.appendString(ip, to: &fields)
    }
    contextMembers(for: context).appendJSON(to: &fields)
    return IdentityFields(eventFields: fields, distinctId: distinctId)
  }

  /// The context as mixpanel-swift's `AutomaticProperties` names it: `mp_lib`, `$lib_version`, `$os`,
  /// `$os_version`, `$model`, `$manufacturer`, `$app_version_string`, `$app_build_number`,
  /// `$screen_width`, `$screen_height`.
  static func contextMembers(for context: TrackingContext) -> ContextMembers {
    [
      ("mp_lib", .string(context.library.name)),
      ("$lib_version", .string(context.library.version)),
      ("$os", .string(context.os.name)),
      ("$os_version", .string(context.os.version)),
      ("$model", context.device.model.map(PropertyValue.string)),
      ("$manufacturer", context.device.manufacturer.map(PropertyValue.string)),
      ("$app_version_string", context.app.version.map(PropertyValue.string)),
      ("$app_build_number", context.app.build.map(PropertyValue.string)),
      ("$screen_width", context.screen.map { .int($0.width) }),
      ("$screen_height", context.screen.map { .int($0.height) }),
    ]
  }

  /// The most properties this module adds to an event: `time`, `distinct_id`, `$device_id`, `$user_id`,
  /// `$insert_id` and the context's 10.
  static let addedProperties = 5 + 10

  /// `{"event":...,"properties":{<properties>,"time":<ms>,<identity>,"$insert_id":<id>}}`; dates in
  /// properties as ISO-8601.
  /// What the event member this module writes beside the app's properties holds, if `name` is one without
  /// a reserved prefix (`time`, `distinct_id`; the others start with `$` or `mp_`): validation refuses a
  /// property of that name.
  static func eventField(named name: String) -> String? {
    switch name.utf8.count {
    case 4 where name == "time": "the event's time"
    case 11 where name == "distinct_id": "the user's distinct id"
    default: nil
    }
  }

  static func event(
    name: String, properties: [String: PropertyValue], at date: Date, id: RecordID, identity: IdentityFields
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(160 + identity.eventFields.count + properties.count * 48)
    VendorJSON.appendLiteral(#"{"event":"#, to: &bytes)
    VendorJSON.appendString(name, to: &bytes)
    VendorJSON.appendLiteral(#","properties":{"#, to: &bytes)
    var ownInsertId = false
    for (key, value) in properties {
      // The app's own `$insert_id` (validated) replaces the record id; checked on the first byte, so the
      // other properties pay one comparison.
      if key.utf8.first == UInt8(ascii: "$"), key == insertIdKey { ownInsertId = true }
      VendorJSON.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      VendorJSON.append(value, dates: .iso8601, to: &bytes)
      bytes.append(UInt8(ascii: ","))
    }
    // The event's own property of a group key's name wins, as over a super property in mixpanel-swift.
    for group in identity.groups where properties[group.key] == nil {
      bytes.append(contentsOf: group.member)
      bytes.append(UInt8(ascii: ","))
    }
    VendorJSON.appendLiteral(#""time":"#, to: &bytes)
    VendorJSON.appendDate(date, format: .millisecondsSince1970, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity.eventFields)
    if ownInsertId {
      VendorJSON.appendLiteral("}}", to: &bytes)
    } else {
      VendorJSON.appendLiteral(#","$insert_id":""#, to: &bytes)
      id.appendUUIDString(to: &bytes)
      VendorJSON.appendLiteral(#""}}"#, to: &bytes)
    }
    return bytes
  }

  /// Mixpanel's deduplication key, which an app may set itself (developer.mixpanel.com/reference/import-events).
  static let insertIdKey = "$insert_id"

  /// `{"$token":...,"$distinct_id":...,"$set":{name:value}}`.
  static func profileSet(name: String, value: PropertyValue, token: String, identity: IdentityFields) -> [UInt8] {
    var bytes: [UInt8] = Array(#"{"$token":"#.utf8)
    VendorJSON.appendString(token, to: &bytes)
    VendorJSON.appendLiteral(#","$distinct_id":"#, to: &bytes)
    bytes.append(contentsOf: identity.distinctId)
    VendorJSON.appendLiteral(#","$set":{"#, to: &bytes)
    VendorJSON.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    VendorJSON.append(value, dates: .iso8601, to: &bytes)
    VendorJSON.appendLiteral("}}", to: &bytes)
    return bytes
  }

  /// `{"$token":...,"$distinct_id":...,"$set":{name:value,...}}`: several properties in one update.
  static func profileSet(_ properties: [String: PropertyValue], token: String, identity: IdentityFields) -> [UInt8] {
    var bytes: [UInt8] = Array(#"{"$token":"#.utf8)
    VendorJSON.appendString(token, to: &bytes)
    VendorJSON.appendLiteral(#","$distinct_id":"#, to: &bytes)
    bytes.append(contentsOf: identity.distinctId)
    VendorJSON.appendLiteral(#","$set":"#, to: &bytes)
    VendorJSON.append(PropertyValue.object(properties), dates: .iso8601, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// `{"$token":...,"$distinct_id":...,"<operator>":{name:value}}`, or `"$unset":[name]`: the forms of
  /// developer.mixpanel.com/reference/profile-set-once, profile-numerical-add, profile-list-append,
  /// profile-union (`{name: [values]}`), profile-list-remove and profile-unset (a list of names).
  static func profileUpdate(_ operation: MixpanelProfileOperation, token: String, identity: IdentityFields) -> [UInt8] {
    var bytes: [UInt8] = Array(#"{"$token":"#.utf8)
    VendorJSON.appendString(token, to: &bytes)
    VendorJSON.appendLiteral(#","$distinct_id":"#, to: &bytes)
    bytes.append(contentsOf: identity.distinctId)
    bytes.append(UInt8(ascii: ","))
    VendorJSON.appendString(operation.operatorName, to: &bytes)
    switch operation {
    case let .setOnce(name, value), let .add(name, value), let .append(name, value), let .remove(name, value):
      VendorJSON.appendLiteral(":{", to: &bytes)
      VendorJSON.appendString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      VendorJSON.append(value, dates: .iso8601, to: &bytes)
      VendorJSON.appendLiteral("}}", to: &bytes)
    case let .union(name, values):
      VendorJSON.appendLiteral(":{", to: &bytes)
      VendorJSON.appendString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      VendorJSON.append(PropertyValue.array(values), dates: .iso8601, to: &bytes)
      VendorJSON.appendLiteral("}}", to: &bytes)
    case let .unset(name):
      VendorJSON.appendLiteral(":[", to: &bytes)
      VendorJSON.appendString(name, to: &bytes)
      VendorJSON.appendLiteral("]}", to: &bytes)
    }
    return bytes
  }

  /// `{"$token":...,"$group_key":...,"$group_id":...,"$set":{traits}}` for `/groups`
  /// (developer.mixpanel.com/reference/group-set-property); traits sorted by name.
  static func groupSet(key: String, id: String, traits: [String: PropertyValue], token: String) -> [UInt8] {
    var bytes: [UInt8] = Array(#"{"$token":"#.utf8)
    VendorJSON.appendString(token, to: &bytes)
    VendorJSON.appendLiteral(#","$group_key":"#, to: &bytes)
    VendorJSON.appendString(key, to: &bytes)
    VendorJSON.appendLiteral(#","$group_id":"#, to: &bytes)
    VendorJSON.appendString(id, to: &bytes)
    VendorJSON.appendLiteral(#","$set":"#, to: &bytes)
    VendorJSON.append(PropertyValue.object(traits), dates: .iso8601, sortedKeys: true, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// A JSON array of the batch's payloads.
  static func body(for batch: Batch) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(batch.records.reduce(2) { $0 + $1.payload.count + 1 })
    bytes.append(UInt8(ascii: "["))
    for (index, record) in batch.records.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: record.payload)
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }
}
