import Foundation
import Trackers
import TrackersDelivery

/// The bytes TelemetryDeck receives: one queued record per signal (the SDK 2.x `SignalPostBody`), joined
/// into a JSON array per request.
enum WireFormat {
  /// What every signal needs from the identity and the context, derived once per change of either.
  struct Identity: Sendable {
    /// `"appID":"...","clientUser":"<sha256>","isTestMode":"true"`.
    var members: [UInt8]
    /// The context's payload members, `"TelemetryDeck.SDK.name":"swift-trackers",...`, each after a comma.
    var contextPayload: [UInt8]
    /// The user properties' payload members, each after a comma, by key: a signal's own value for a key
    /// replaces the kept one.
    var userProperties: [(key: String, member: [UInt8])]
  }

  /// The identity's members: `clientUser` is the SHA-256 of the user id, or of the anonymous id when
  /// signed out, with the salt appended (the SDK's `CryptoHashing.sha256(string:salt:)`).
  static func identity(
    for identity: IdentityStore<Identity>.Identity, context: TrackingContext, appID: String, salt: String,
    testMode: Bool, at date: Date
  ) -> Identity {
    var members: [UInt8] = []
    VendorJSON.appendLiteral(#""appID":"#, to: &members)
    VendorJSON.appendString(appID, to: &members)
    VendorJSON.appendLiteral(#","clientUser":""#, to: &members)
    members.append(contentsOf: telemetryDeckClientUserHash(for: identity.userId ?? identity.anonymousId, salt: salt).utf8)
    VendorJSON.appendLiteral(testMode ? #"","isTestMode":"true""# : #"","isTestMode":"false""#, to: &members)

    var contextPayload: [UInt8] = []
    contextMembers(for: context, at: date).appendJSON(to: &contextPayload)

    let userProperties = identity.userProperties.sorted { $0.key < $1.key }.compactMap { key, value in
      payloadString(value).map { text -> (key: String, member: [UInt8]) in
        var member: [UInt8] = [UInt8(ascii: ",")]
        VendorJSON.appendString(key, to: &member)
        member.append(UInt8(ascii: ":"))
        VendorJSON.appendString(text, to: &member)
        return (key, member)
      }
    }
    return Identity(members: members, contextPayload: contextPayload, userProperties: userProperties)
  }

  /// The context under the SDK's default parameter names (`DefaultSignalPayload.parameters`), all strings,
  /// in the SDK's formats: `systemVersion` is the OS name and a three-part version ("iOS 18.1.0"), the
  /// locale is an identifier with an underscore ("fr_FR"), the time zone the UTC offset at `date` ("UTC+1",
  /// "UTC-3:30"), the screen size points with a fraction ("393.0", as the SDK writes a `CGFloat`).
  static func contextMembers(for context: TrackingContext, at date: Date) -> ContextMembers {
    [
      ("TelemetryDeck.SDK.name", .string(context.library.name)),
      ("TelemetryDeck.SDK.version", .string(context.library.version)),
      ("TelemetryDeck.Device.operatingSystem", .string(context.os.name)),
      ("TelemetryDeck.Device.systemVersion", .string("\(context.os.name) \(threePartVersion(context.os.version))")),
      ("TelemetryDeck.Device.modelName", context.device.model.map(PropertyValue.string)),
      ("TelemetryDeck.Device.timeZone", context.timezone.flatMap { utcOffset(of: $0, at: date) }.map(PropertyValue.string)),
      ("TelemetryDeck.Device.screenResolutionWidth", context.screen.map { .string("\(Double($0.width))") }),
      ("TelemetryDeck.Device.screenResolutionHeight", context.screen.map { .string("\(Double($0.height))") }),
      ("TelemetryDeck.AppInfo.version", context.app.version.map(PropertyValue.string)),
      ("TelemetryDeck.AppInfo.buildNumber", context.app.build.map(PropertyValue.string)),
      ("TelemetryDeck.RunContext.locale", context.locale.map { .string($0.replacingOccurrences(of: "-", with: "_")) }),
    ]
  }

  /// "18.1" as "18.1.0", the SDK's `major.minor.patch`; a version that is not dotted numbers ("6.8.0-45-generic",
  /// a Linux kernel) as it is.
  static func threePartVersion(_ version: String) -> String {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count < 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else {
      return version
    }
    return (parts.map(String.init) + Array(repeating: "0", count: 3 - parts.count)).joined(separator: ".")
  }

  /// The SDK's time zone format ("UTC+1", "UTC+5:30", "UTC-3:30", "UTC+0") for the zone `identifier` at
  /// `date`; `nil` for an identifier the system doesn't know.
  static func utcOffset(of identifier: String, at date: Date) -> String? {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    let seconds = zone.secondsFromGMT(for: date)
    let hours = abs(seconds) / 3_600
    let minutes = abs(seconds) / 60 % 60
    let sign = seconds < 0 ? "-" : "+"
    return minutes == 0 ? "UTC\(sign)\(hours)" : "UTC\(sign)\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
  }

  /// One signal: `{"appID":...,"clientUser":...,"isTestMode":...,"sessionID":...,"receivedAt":...,
  /// "type":...,"payload":{...},"floatValue":...}`; the payload holds the context, then the user
  /// properties the signal doesn't set, then the signal's own.
  static func signal(
    type: String, payload: [String: String], floatValue: Double?, identity: Identity, sessionId: String, at date: Date
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    // One allocation: growing the buffer mid-signal copies it.
    bytes.reserveCapacity(
      160 + identity.members.count + identity.contextPayload.count + identity.userProperties.count * 32
        + payload.count * 48)
    bytes.append(UInt8(ascii: "{"))
    bytes.append(contentsOf: identity.members)
    // A UUID or a number needs no escaping.
    VendorJSON.appendLiteral(#","sessionID":""#, to: &bytes)
    bytes.append(contentsOf: sessionId.utf8)
    VendorJSON.appendLiteral(#"","receivedAt":""#, to: &bytes)
    appendReceivedAt(date, to: &bytes)
    VendorJSON.appendLiteral(#"","type":"#, to: &bytes)
    VendorJSON.appendString(type, to: &bytes)
    VendorJSON.appendLiteral(#","payload":{"#, to: &bytes)
    let payloadStart = bytes.count
    bytes.append(contentsOf: identity.contextPayload)
    for (key, member) in identity.userProperties where payload[key] == nil {
      bytes.append(contentsOf: member)
    }
    for (key, value) in payload {
      bytes.append(UInt8(ascii: ","))
      VendorJSON.appendString(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      VendorJSON.appendString(value, to: &bytes)
    }
    // Every member was written after a comma: the first one's goes.
    if bytes.count > payloadStart { bytes.remove(at: payloadStart) }
    bytes.append(UInt8(ascii: "}"))
    if let floatValue {
      VendorJSON.appendLiteral(#","floatValue":"#, to: &bytes)
      VendorJSON.appendDouble(floatValue, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// The request body: `[signal,signal,...]`.
  static func body(signals: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(signals.reduce(2) { $0 + $1.count + 1 })
    bytes.append(UInt8(ascii: "["))
    for (index, signal) in signals.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: signal)
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }

  /// Appends `date` as the SDK's `JSONEncoder.telemetryEncoder` writes it, `yyyy-MM-dd'T'HH:mm:ssZ` in UTC
  /// ("2026-11-04T18:46:10+0000"): whole seconds, rounded down.
  static func appendReceivedAt(_ date: Date, to bytes: inout [UInt8]) {
    let seconds = Int((date.timeIntervalSince1970).rounded(.down))
    let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
    let (year, month, day) = civilDate(daysSince1970: (seconds - secondOfDay) / 86_400)
    appendDigits(year, width: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(month, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(day, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3_600, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, width: 2, to: &bytes)
    VendorJSON.appendLiteral("+0000", to: &bytes)
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Appends `value` in decimal, zero-padded to `width` digits (a year past 9999 takes more).
  private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt = 1
    for _ in 1..<width { divisor *= 10 }
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
      divisor /= 10
    }
  }
}
