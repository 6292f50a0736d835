import Foundation
import Trackers
import TrackersDelivery

/// The bytes Segment receives: one queued record per message, wrapped in `{"batch": [...]}` per request.
enum WireFormat {
  /// What the messages of one identity and context share, encoded once per change of either (the live
  /// environment's `derive`), so the hot path only copies bytes. A class: reading it per event retains one
  /// reference, as the single byte array it replaced did.
  final class Members: Sendable {
    /// `"anonymousId":"...","userId":"...","context":{...}`: every message but an alias.
    let common: [UInt8]
    /// `"anonymousId":"...","context":{...}`: an alias, whose `userId` is the alias's own.
    let anonymous: [UInt8]
    /// The anonymous id, an alias's `previousId`.
    let anonymousId: String

    init(common: [UInt8], anonymous: [UInt8], anonymousId: String) {
      self.common = common
      self.anonymous = anonymous
      self.anonymousId = anonymousId
    }
  }

  /// The members of `identity`'s messages, with `context` (``contextMember(for:suppressesIP:)``).
  static func members(for identity: IdentityStore<Members>.Identity, context: [UInt8]) -> Members {
    var anonymous: [UInt8] = []
    VendorJSON.appendLiteral(#""anonymousId":"#, to: &anonymous)
    VendorJSON.appendString(identity.anonymousId, to: &anonymous)
    return Members(
      common: identityMembers(for: identity) + context, anonymous: anonymous + context,
      anonymousId: identity.anonymousId)
  }

  /// The identity members of every message, `"anonymousId":"...","userId":"..."`.
  static func identityMembers<Derived>(for identity: IdentityStore<Derived>.Identity) -> [UInt8] {
    identity.jsonMembers(anonymousKey: "anonymousId", userKey: "userId")
  }

  /// `,"context":{...}`, as analytics-swift's Context plugin builds it: `library`, `os`, `device`, `app`,
  /// `screen`, `locale`, `timezone`, and `ip` "0.0.0.0" when IP location is suppressed (Segment fills
  /// `context.ip` from the request unless the message has one; "0.0.0.0" locates nobody).
  static func contextMember(for context: TrackingContext, suppressesIP: Bool) -> [UInt8] {
    let members: ContextMembers = [
      ("library", .object(["name": .string(context.library.name), "version": .string(context.library.version)])),
      // A server's context has no OS (DeliveryOptions.Deployment.server).
      ("os", context.os.name.isEmpty ? nil : .object(["name": .string(context.os.name), "version": .string(context.os.version)])),
      ("device", object([
        ("manufacturer", context.device.manufacturer.map(PropertyValue.string)),
        ("model", context.device.model.map(PropertyValue.string)),
      ])),
      ("app", object([
        ("name", context.app.name.map(PropertyValue.string)),
        ("version", context.app.version.map(PropertyValue.string)),
        ("build", context.app.build.map(PropertyValue.string)),
        ("namespace", context.app.namespace.map(PropertyValue.string)),
      ])),
      ("screen", context.screen.map { .object(["width": .int($0.width), "height": .int($0.height)]) }),
      ("locale", context.locale.map(PropertyValue.string)),
      ("timezone", context.timezone.map(PropertyValue.string)),
      ("ip", suppressesIP ? "0.0.0.0" : nil),
    ]
    guard let object = members.objectJSON() else { return [] }
    return Array(#","context":"#.utf8) + object
  }

  /// An object of the members that have a value; `nil` when none has.
  private static func object(_ members: ContextMembers) -> PropertyValue? {
    members.objectValue
  }

  /// One message: `{"type":...,...,<identity and context>,"timestamp":"ISO-8601","messageId":"..."}`; `nil`
  /// for what sends nothing (a sign-out, an operation Segment has no form of). Dates inside properties and
  /// traits are ISO-8601 strings.
  ///
  /// An alias is `{"type":"alias","previousId":<anonymousId>,"userId":<the alias's>,"anonymousId":...}`: the
  /// anonymous id is the one this device had before the sign-in (a sign-in keeps it), as analytics.js passes
  /// the `anonymousId` as `previousId` (segment.com/docs/connections/spec/alias/).
  /// The members of a message about `subject`: `anonymousId` and `userId` as given, and a `context` of the
  /// library and what the request told: `ip` (else "0.0.0.0" while IP location is suppressed, as for the
  /// app's messages), `userAgent`, `locale` and `page.url`, the fields the HTTP Tracking API's common
  /// fields document for a server's calls (segment.com/docs/connections/spec/common/#context).
  static func members(about subject: EventSubject, context: TrackingContext, suppressesIP: Bool) -> Members {
    let userId = subject.userId.flatMap { $0.isEmpty ? nil : $0 }
    let anonymousId = subject.anonymousId.flatMap { $0.isEmpty ? nil : $0 }
    var ids: [UInt8] = []
    if let anonymousId {
      VendorJSON.appendLiteral(#""anonymousId":"#, to: &ids)
      VendorJSON.appendString(anonymousId, to: &ids)
    }
    if let userId {
      if !ids.isEmpty { ids.append(UInt8(ascii: ",")) }
      VendorJSON.appendLiteral(#""userId":"#, to: &ids)
      VendorJSON.appendString(userId, to: &ids)
    }
    let request = subject.context
    let members: ContextMembers = [
      ("library", .object(["name": .string(context.library.name), "version": .string(context.library.version)])),
      ("ip", request.ip.map(PropertyValue.string) ?? (suppressesIP ? "0.0.0.0" : nil)),
      ("userAgent", request.userAgent.map(PropertyValue.string)),
      ("locale", request.locale.map(PropertyValue.string)),
      ("page", request.pageURL.map { .object(["url": .string($0)]) }),
    ]
    let contextMember = members.objectJSON().map { Array(#","context":"#.utf8) + $0 } ?? []
    return Members(common: ids + contextMember, anonymous: ids + contextMember, anonymousId: anonymousId ?? "")
  }

  static func message(_ message: SegmentMessage, members: Members, at date: Date, messageId: RecordID) -> [UInt8]? {
    var bytes: [UInt8] = []
    var propertyCount = 1
    switch message {
    case let .track(_, properties), let .screen(_, properties): propertyCount = properties.count
    case let .identify(traits), let .group(_, traits), let .signIn(_, traits): propertyCount = traits.count
    case .userId, .alias, .unsupported: break
    }
    // One allocation: growing the buffer mid-message copies it.
    bytes.reserveCapacity(160 + members.common.count + propertyCount * 48)
    switch message {
    case let .track(event, properties):
      VendorJSON.appendLiteral(#"{"type":"track","event":"#, to: &bytes)
      VendorJSON.appendString(event, to: &bytes)
      appendMember("properties", properties, to: &bytes)
    case let .screen(name, properties):
      VendorJSON.appendLiteral(#"{"type":"screen","name":"#, to: &bytes)
      VendorJSON.appendString(name, to: &bytes)
      appendMember("properties", properties, to: &bytes)
    case let .identify(traits):
      VendorJSON.appendLiteral(#"{"type":"identify""#, to: &bytes)
      appendMember("traits", traits, to: &bytes)
    case .userId(_?):
      VendorJSON.appendLiteral(#"{"type":"identify""#, to: &bytes)
    case let .signIn(_, traits):
      // The identity members carry the user id: the live environment signed the user in first.
      VendorJSON.appendLiteral(#"{"type":"identify""#, to: &bytes)
      appendMember("traits", traits, to: &bytes)
    case let .group(groupId, traits):
      VendorJSON.appendLiteral(#"{"type":"group","groupId":"#, to: &bytes)
      VendorJSON.appendString(groupId, to: &bytes)
      appendMember("traits", traits, to: &bytes)
    case let .alias(userId):
      VendorJSON.appendLiteral(#"{"type":"alias","previousId":"#, to: &bytes)
      VendorJSON.appendString(members.anonymousId, to: &bytes)
      VendorJSON.appendLiteral(#","userId":"#, to: &bytes)
      VendorJSON.appendString(userId, to: &bytes)
      appendTail(members.anonymous, at: date, messageId: messageId, to: &bytes)
      return bytes
    case .userId(nil), .unsupported:
      return nil
    }
    appendTail(members.common, at: date, messageId: messageId, to: &bytes)
    return bytes
  }

  /// `,<identity and context>,"timestamp":"...","messageId":"..."}`.
  private static func appendTail(_ identity: [UInt8], at date: Date, messageId: RecordID, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: identity)
    VendorJSON.appendLiteral(#","timestamp":"#, to: &bytes)
    VendorJSON.appendDate(date, format: .iso8601, to: &bytes)
    VendorJSON.appendLiteral(#","messageId":"#, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    messageId.appendUUIDString(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: "}"))
  }

  /// An upper bound of the size of `message` for a user `userId`, found without encoding it: validation
  /// only encodes (to measure) the messages this bound says could be over Segment's limit.
  static func maxSize(of message: SegmentMessage, userId: String?) -> Int {
    // Type, anonymous id (36 characters), timestamp, messageId and punctuation take under 256 bytes.
    var size = 256 + (userId.map(maxSize(of:)) ?? 0)
    switch message {
    case let .track(name, properties), let .screen(name, properties):
      size += maxSize(of: name) + maxSize(of: .object(properties))
    case let .identify(traits), let .signIn(_, traits):
      size += maxSize(of: .object(traits))
    case let .group(groupId, traits):
      size += maxSize(of: groupId) + maxSize(of: .object(traits))
    case let .alias(userId):
      size += maxSize(of: userId)
    case .userId, .unsupported:
      break
    }
    return size
  }

  /// Every byte of a string may become a 6-byte `\u00XX` escape, plus the quotes.
  private static func maxSize(of string: String) -> Int {
    string.utf8.count * 6 + 2
  }

  private static func maxSize(of value: PropertyValue) -> Int {
    switch value {
    case let .string(string): maxSize(of: string)
    case .int, .double: 32  // "-9223372036854775808", "-2.2250738585072014e-308"
    case .bool, .null: 5
    case .date: 48  // a quoted ISO-8601 timestamp, with room for a long year
    case let .array(elements): elements.reduce(2) { $0 + maxSize(of: $1) + 1 }
    case let .object(members): members.reduce(2) { $0 + maxSize(of: $1.key) + maxSize(of: $1.value) + 2 }
    }
  }

  private static func appendMember(_ name: String, _ object: [String: PropertyValue], to bytes: inout [UInt8]) {
    guard !object.isEmpty else { return }
    bytes.append(UInt8(ascii: ","))
    VendorJSON.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    VendorJSON.append(PropertyValue.object(object), dates: .iso8601, to: &bytes)
  }

  /// The request body: `{"batch":[...]}`, with `"writeKey"` when the key travels in the body.
  static func body(writeKey: String?, messages: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(messages.reduce(64) { $0 + $1.count + 1 })
    VendorJSON.appendLiteral(#"{"batch":["#, to: &bytes)
    for (index, message) in messages.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: message)
    }
    bytes.append(UInt8(ascii: "]"))
    if let writeKey {
      VendorJSON.appendLiteral(#","writeKey":"#, to: &bytes)
      VendorJSON.appendString(writeKey, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }
}
