import Foundation
import Trackers
import TrackersDelivery

/// The bytes GA4 receives: one queued record per event, and the request envelope as the batch's partition.
enum WireFormat {
  /// The request's fields other than `events`, as a JSON object: `client_id` (or `app_instance_id`),
  /// `user_id` and `user_properties`. Records with the same envelope share a partition, so a request never
  /// mixes users (GA4 takes one client and user per request).
  static func envelope(
    for identity: IdentityStore<String>.Identity, context: TrackingContext, stream: GoogleAnalyticsConfiguration.Stream
  ) -> String {
    var bytes: [UInt8] = []
    bytes.append(UInt8(ascii: "{"))
    switch stream {
    case .web:
      VendorJSON.appendLiteral(#""client_id":"#, to: &bytes)
      VendorJSON.appendString(identity.anonymousId, to: &bytes)
    case let .app(_, appInstanceId):
      VendorJSON.appendLiteral(#""app_instance_id":"#, to: &bytes)
      VendorJSON.appendString(appInstanceId, to: &bytes)
    }
    if let userId = identity.userId {
      VendorJSON.appendLiteral(#","user_id":"#, to: &bytes)
      VendorJSON.appendString(userId, to: &bytes)
    }
    if !identity.userProperties.isEmpty {
      VendorJSON.appendLiteral(#","user_properties":{"#, to: &bytes)
      for (index, (name, value)) in identity.userProperties.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        VendorJSON.appendString(name, to: &bytes)
        VendorJSON.appendLiteral(#":{"value":"#, to: &bytes)
        VendorJSON.append(value, dates: .microsecondsSince1970, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
      }
      bytes.append(UInt8(ascii: "}"))
    }
    if case .web = stream, let device = deviceMembers(for: context).objectJSON() {
      VendorJSON.appendLiteral(#","device":"#, to: &bytes)
      bytes.append(contentsOf: device)
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The envelope of the requests about `subject` (its partition: one request never mixes subjects), or
  /// `nil` when the subject has no anonymous id. GA4 requires `client_id` (web streams; `app_instance_id`
  /// for app streams), the id of the browser or app install, which a server can't make up: it is the
  /// subject's ``Trackers/EventSubject/anonymousId`` (for a web stream, the part after "GA1.1." of the
  /// browser's `_ga` cookie, `GA1.1.1234567890.1700000000` giving `1234567890.1700000000`). Then `user_id`,
  /// `ip_override` the client's address, and `device.language` its locale, as the Measurement Protocol
  /// reference documents them (developers.google.com/analytics/devguides/collection/protocol/ga4/reference);
  /// it documents no user-agent field, so none is sent.
  static func envelope(about subject: EventSubject, stream: GoogleAnalyticsConfiguration.Stream) -> String? {
    guard let anonymousId = subject.anonymousId, !anonymousId.isEmpty else { return nil }
    var bytes: [UInt8] = []
    switch stream {
    case .web: VendorJSON.appendLiteral(#"{"client_id":"#, to: &bytes)
    case .app: VendorJSON.appendLiteral(#"{"app_instance_id":"#, to: &bytes)
    }
    VendorJSON.appendString(anonymousId, to: &bytes)
    if let userId = subject.userId, !userId.isEmpty {
      VendorJSON.appendLiteral(#","user_id":"#, to: &bytes)
      VendorJSON.appendString(userId, to: &bytes)
    }
    if let ip = subject.context.ip {
      VendorJSON.appendLiteral(#","ip_override":"#, to: &bytes)
      VendorJSON.appendString(ip, to: &bytes)
    }
    if let locale = subject.context.locale {
      VendorJSON.appendLiteral(#","device":{"language":"#, to: &bytes)
      VendorJSON.appendString(locale, to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The Measurement Protocol's `device` object, as its reference documents it for web streams (it
  /// documents none for app streams, which get none): language, screen resolution, operating system and
  /// its version, model and brand.
  static func deviceMembers(for context: TrackingContext) -> ContextMembers {
    [
      ("language", context.locale.map(PropertyValue.string)),
      ("screen_resolution", context.screen.map { .string("\($0.width)x\($0.height)") }),
      ("operating_system", .string(context.os.name)),
      ("operating_system_version", .string(context.os.version)),
      ("model", context.device.model.map(PropertyValue.string)),
      ("brand", context.device.manufacturer.map(PropertyValue.string)),
    ]
  }

  /// One entry of `events`: `{"name":...,"params":{...},"timestamp_micros":...}`; dates in microseconds.
  /// `session_id` and `engagement_time_msec` are appended to the params from `session`, unless `params`
  /// has them (the event's own value wins); `nil` (an event about a subject) appends neither.
  static func event(
    name: String, params: [String: PropertyValue], at date: Date, session: VendorSession.Stamp?
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(112 + params.count * 48)
    VendorJSON.appendLiteral(#"{"name":"#, to: &bytes)
    VendorJSON.appendString(name, to: &bytes)
    VendorJSON.appendLiteral(#","params":"#, to: &bytes)
    VendorJSON.append(PropertyValue.object(params), dates: .microsecondsSince1970, to: &bytes)
    let (setsSessionId, setsEngagement) = sessionParamsSet(in: params)
    let addsSessionId = !setsSessionId
    let addsEngagement = !setsEngagement
    // An event about a subject has no session of this module's.
    if let session, addsSessionId || addsEngagement {
      bytes.removeLast()  // the params' closing brace
      var needsComma = !params.isEmpty
      if addsSessionId {
        VendorJSON.appendLiteral(needsComma ? #","session_id":"# : #""session_id":"#, to: &bytes)
        VendorJSON.appendInt(session.id, to: &bytes)
        needsComma = true
      }
      if addsEngagement {
        VendorJSON.appendLiteral(needsComma ? #","engagement_time_msec":"# : #""engagement_time_msec":"#, to: &bytes)
        VendorJSON.appendInt(session.engagementMilliseconds, to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
    VendorJSON.appendLiteral(#","timestamp_micros":"#, to: &bytes)
    VendorJSON.appendDate(date, format: .microsecondsSince1970, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// Whether `params` sets `session_id` and `engagement_time_msec`, in one pass over its keys that compares
  /// only keys of their byte lengths: cheaper, for the usual few parameters, than hashing both names for
  /// every event. Exact, because no character of the two names has a canonically equivalent spelling of
  /// another length (those ASCII characters are `K`, `;` and `` ` ``). Literals rather than
  /// ``GoogleAnalyticsNames`` because a static property costs a lazy-initialization check on every read;
  /// the tests pin the two spellings to the names.
  private static func sessionParamsSet(in params: [String: PropertyValue]) -> (sessionId: Bool, engagementTime: Bool) {
    var sessionId = false
    var engagementTime = false
    for key in params.keys {
      switch key.utf8.count {
      case 10: sessionId = sessionId || key == "session_id"
      case 20: engagementTime = engagementTime || key == "engagement_time_msec"
      default: continue
      }
    }
    return (sessionId, engagementTime)
  }

  /// The request body: the envelope with `"events":[...]` added.
  static func body(for batch: Batch) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(batch.partition.utf8.count + batch.records.reduce(16) { $0 + $1.payload.count + 1 })
    bytes.append(contentsOf: batch.partition.utf8.dropLast())  // the envelope's closing brace
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    VendorJSON.appendLiteral(#""events":["#, to: &bytes)
    for (index, record) in batch.records.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: record.payload)
    }
    VendorJSON.appendLiteral("]}", to: &bytes)
    return bytes
  }
}
