import Foundation
import Trackers
import TrackersDelivery

/// The bytes PostHog receives: one queued record per event, wrapped with the api key per request.
enum WireFormat {
  /// What every event needs from the identity, derived once per identity change.
  struct Identity: Sendable {
    /// The properties every event starts with: `"distinct_id":"..."` (the user id once known, else the
    /// anonymous id), `"$geoip_disable":true` when IP location is suppressed, the context, and
    /// `"$groups":{...}` once the user is in a group.
    var sharedMembers: [UInt8]
    /// Where the `distinct_id` member ends in ``sharedMembers``: `$create_alias` writes its own.
    var distinctIdEnd: Int
    /// The anonymous id, for `$identify`'s `$anon_distinct_id` and `$create_alias`'s `alias`.
    var anonymousId: String
    /// Every event's `$process_person_profile` (``PostHogConfiguration/personProfiles``).
    var processesPerson: Bool = true
  }

  /// The key of the identity's `userProperties` (which PostHog, a vendor with person profiles, has no
  /// other use for) that holds the anonymous id whose person a person operation asked for, under
  /// ``PostHogConfiguration/PersonProfiles/identifiedOnly``: posthog-ios's persisted `personProcessing`
  /// flag. Kept as the anonymous id it was set for, so a sign-out (a new anonymous id) clears it, as
  /// posthog-ios's `reset()` does.
  static let personProcessingKey = "$process_person_profile"

  /// Whether a name of `properties` starts with `$`, as every name PostHog reserves does: most events have
  /// none, and then need no lookup of `$process_person_profile`, `$set` or `$set_once` (each hashes the
  /// name) on every event. A string equal to one starting with `$` (an ASCII character no other spelling is
  /// canonically equivalent to) starts with its byte.
  static func hasReservedName(_ properties: [String: PropertyValue]) -> Bool {
    properties.keys.contains { $0.utf8.first == UInt8(ascii: "$") }
  }

  /// Whether the events of `identity` process a person: posthog-ios's `hasPersonProcessing()`.
  static func processesPerson(
    _ identity: IdentityStore<Identity>.Identity, personProfiles: PostHogConfiguration.PersonProfiles
  ) -> Bool {
    switch personProfiles {
    case .never: false
    case .always: true
    case .identifiedOnly:
      identity.userId != nil || identity.userProperties[personProcessingKey] == .string(identity.anonymousId)
    }
  }

  static func identity(
    for identity: IdentityStore<Identity>.Identity, context: TrackingContext, suppressesGeoIP: Bool,
    personProfiles: PostHogConfiguration.PersonProfiles
  ) -> Identity {
    var derived = self.identity(
      distinctId: identity.userId ?? identity.anonymousId, anonymousId: identity.anonymousId,
      groups: identity.groups, context: context, suppressesGeoIP: suppressesGeoIP)
    derived.processesPerson = processesPerson(identity, personProfiles: personProfiles)
    return derived
  }

  /// What an event about `subject` carries: `distinct_id` its user id, else its anonymous id; `$ip` the
  /// client's address, which PostHog's GeoIP enrichment uses instead of the request's (posthog.com/docs/api/capture:
  /// `$ip`; the environment leaves `$geoip_disable` out when the subject has one); `$raw_user_agent` the client's user
  /// agent, which PostHog parses into `$browser`, `$os` and `$device_type` as for its web SDK's events; `$locale`
  /// the client's language code, as posthog-ios sends it; `$current_url` the page; the library (the
  /// machine's context is not the subject's); no groups, no session. A person is
  /// processed as ``PostHogConfiguration/personProfiles`` says for an app's user: `.identifiedOnly`, when the
  /// subject has a user id.
  static func identity(
    about subject: EventSubject, context: TrackingContext, suppressesGeoIP: Bool,
    personProfiles: PostHogConfiguration.PersonProfiles
  ) -> Identity {
    let userId = subject.userId.flatMap { $0.isEmpty ? nil : $0 }
    let anonymousId = subject.anonymousId.flatMap { $0.isEmpty ? nil : $0 }
    var derived = identity(
      distinctId: userId ?? anonymousId ?? "", anonymousId: anonymousId ?? "", groups: [:], context: context,
      suppressesGeoIP: suppressesGeoIP)
    let members: ContextMembers = [
      ("$ip", subject.context.ip.map(PropertyValue.string)),
      ("$raw_user_agent", subject.context.userAgent.map(PropertyValue.string)),
      ("$locale", subject.context.locale.map { .string(String($0.prefix { $0 != "-" })) }),
      ("$current_url", subject.context.pageURL.map(PropertyValue.string)),
    ]
    members.appendJSON(to: &derived.sharedMembers)
    derived.processesPerson =
      switch personProfiles {
      case .never: false
      case .always: true
      case .identifiedOnly: userId != nil
      }
    return derived
  }

  static func identity(
    distinctId: String, anonymousId: String, groups: [String: String], context: TrackingContext,
    suppressesGeoIP: Bool
  ) -> Identity {
    var bytes: [UInt8] = []
    VendorJSON.appendLiteral(#""distinct_id":"#, to: &bytes)
    VendorJSON.appendString(distinctId, to: &bytes)
    let distinctIdEnd = bytes.count
    // `$geoip_disable` stops PostHog's GeoIP enrichment from the request's address.
    if suppressesGeoIP { VendorJSON.appendLiteral(#","$geoip_disable":true"#, to: &bytes) }
    contextMembers(for: context).appendJSON(to: &bytes)
    if !groups.isEmpty {
      // posthog-ios adds the groups it keeps to every event (`PostHogSDK.dynamicContext`); written here,
      // once per change, so a plain event pays nothing for them. Sorted: the same groups, the same bytes.
      VendorJSON.appendLiteral(#","$groups":{"#, to: &bytes)
      for (index, (type, key)) in groups.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        VendorJSON.appendString(type, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        VendorJSON.appendString(key, to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
    return Identity(sharedMembers: bytes, distinctIdEnd: distinctIdEnd, anonymousId: anonymousId)
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
  /// "uuid":"..."}`; `nil` for what sends nothing (a sign-out, ``PostHogEvent/notSent(kind:)``). Dates inside
  /// properties are ISO-8601 strings. `hasReservedName`: whether a capture's properties have a name starting
  /// with `$` (``hasReservedName(_:)``), when the caller has looked already (`nil`: look here).
  static func event(
    _ event: PostHogEvent, identity: Identity, sessionId: String?, at date: Date, uuid: RecordID,
    hasReservedName: Bool? = nil
  ) -> [UInt8]? {
    let name: String
    let properties: [String: PropertyValue]
    // The user id of a `$create_alias`, which is its `distinct_id` whoever is signed in.
    var distinctId: String?
    switch event {
    case let .capture(event, eventProperties):
      (name, properties) = (event, eventProperties)
    case let .setPersonProperties(personProperties):
      (name, properties) = (PostHogNames.set, [PostHogNames.set: .object(personProperties)])
    case let .setPersonPropertiesOnce(personProperties):
      (name, properties) = (PostHogNames.set, [PostHogNames.setOnce: .object(personProperties)])
    case let .unsetPersonProperties(names):
      (name, properties) = (PostHogNames.set, [PostHogNames.unset: .array(names.map(PropertyValue.string))])
    case .userId(_?):
      (name, properties) = (PostHogNames.identify, [PostHogNames.anonymousDistinctId: .string(identity.anonymousId)])
    case let .signIn(_, personProperties):
      (name, properties) = (
        PostHogNames.identify,
        [PostHogNames.anonymousDistinctId: .string(identity.anonymousId), PostHogNames.set: .object(personProperties)]
      )
    case let .alias(userId):
      (name, properties) = (PostHogNames.createAlias, [PostHogNames.alias: .string(identity.anonymousId)])
      distinctId = userId
    case let .group(type, key, groupProperties):
      var members: [String: PropertyValue] = [PostHogNames.groupType: .string(type), PostHogNames.groupKey: .string(key)]
      // posthog-ios leaves `$group_set` out when there are no properties (`groupIdentify`).
      if !groupProperties.isEmpty { members[PostHogNames.groupSet] = .object(groupProperties) }
      (name, properties) = (PostHogNames.groupIdentify, members)
    case .userId(nil), .notSent:
      return nil
    }
    var bytes: [UInt8] = []
    // One allocation: growing the buffer mid-event copies it.
    bytes.reserveCapacity(200 + identity.sharedMembers.count + properties.count * 48)
    VendorJSON.appendLiteral(#"{"event":"#, to: &bytes)
    VendorJSON.appendString(name, to: &bytes)
    VendorJSON.appendLiteral(#","properties":{"#, to: &bytes)
    if let distinctId {
      VendorJSON.appendLiteral(#""distinct_id":"#, to: &bytes)
      VendorJSON.appendString(distinctId, to: &bytes)
      bytes.append(contentsOf: identity.sharedMembers[identity.distinctIdEnd...])
    } else {
      bytes.append(contentsOf: identity.sharedMembers)
    }
    // Every event, as posthog-ios's `buildProperties` writes it; an event's own value wins (one member of
    // that name: JSON with two is ambiguous).
    if !(hasReservedName ?? Self.hasReservedName(properties)) || properties[PostHogNames.processPersonProfile] == nil {
      VendorJSON.appendLiteral(
        identity.processesPerson ? #","$process_person_profile":true"# : #","$process_person_profile":false"#,
        to: &bytes)
    }
    if let sessionId {
      // A UUID needs no escaping.
      VendorJSON.appendLiteral(#","$session_id":""#, to: &bytes)
      bytes.append(contentsOf: sessionId.utf8)
      bytes.append(UInt8(ascii: "\""))
    }
    for (key, value) in properties {
      bytes.append(UInt8(ascii: ","))
      VendorJSON.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      VendorJSON.append(value, dates: .iso8601, to: &bytes)
    }
    VendorJSON.appendLiteral(#"},"timestamp":"#, to: &bytes)
    VendorJSON.appendDate(date, format: .iso8601, to: &bytes)
    VendorJSON.appendLiteral(#","uuid":"#, to: &bytes)
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
    VendorJSON.appendLiteral(#"{"api_key":"#, to: &bytes)
    VendorJSON.appendString(apiKey, to: &bytes)
    VendorJSON.appendLiteral(#","batch":["#, to: &bytes)
    for (index, event) in events.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: event)
    }
    VendorJSON.appendLiteral("]}", to: &bytes)
    return bytes
  }
}
