import Trackers

/// What TelemetryDeck's ingest API receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``telemetryDeckTracker`` maps each vocabulary case to one of these (see ``telemetryDeckSignal(for:)``),
/// validates it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// A signal's payload holds strings only, as the TelemetryDeck Swift SDK 2.x sends it (`SignalPostBody`'s
/// `payload: [String: String]`), so the mapping has already turned numbers, Booleans and dates into text:
///
/// ```swift
/// telemetryDeckSignal(for: .event(name: "Checkout.completed", properties: ["items": 3, "floatValue": 42.5]))
/// // .signal(type: "Checkout.completed", payload: ["items": "3"], floatValue: 42.5)
/// ```
public enum TelemetryDeckEvent: Sendable, Hashable {
  /// One entry of the request's array: `{"type": type, "payload": {...context, user properties, payload},
  /// "floatValue": floatValue, ...}`.
  case signal(type: String, payload: [String: String], floatValue: Double?)
  /// A payload entry kept with the identity and added to every later signal (`nil` removes it), like the
  /// SDK's `defaultParameters`; sends nothing by itself.
  case userProperty(name: String, value: String?)
  /// Several payload entries kept with the identity at once (a `nil` value removes its entry); sends
  /// nothing by itself.
  case userProperties([String: String?])
  /// Signs a user in (every later signal's `clientUser` is the hash of the id) or out (`nil`: a new
  /// anonymous id starts); sends nothing by itself.
  case userId(String?)
  /// A sign-in with the user's properties, ``userId(_:)`` then ``userProperties(_:)`` in one change of the
  /// identity; sends nothing by itself (the TelemetryDeck SDK sends no signal for a sign-in).
  case signIn(userId: String, properties: [String: String?])
  /// A vocabulary event TelemetryDeck has no form of: an alias, a group, a profile operation other than
  /// unset, or what ``TrackersDelivery/VendorPipeline`` applies itself (super properties, timers).
  /// ``telemetryDeckIssues(for:)`` refuses it, so ``telemetryDeckTracker`` never sends it; given to a live
  /// `send` directly, it is counted as unsupported (under `kind`) and nothing is sent.
  case unsupported(kind: String)
}

extension TelemetryDeckEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .signal(type, payload, floatValue):
      var line = "signal \(PropertyValue.string(type))"
      if !payload.isEmpty { line += " \(PropertyValue.object(payload.mapValues(PropertyValue.string)))" }
      if let floatValue { line += " floatValue=\(floatValue)" }
      return line
    case let .userProperty(name, value?):
      return "userProperty \(PropertyValue.string(name)) = \(PropertyValue.string(value))"
    case let .userProperty(name, nil):
      return "userProperty \(PropertyValue.string(name)) removed"
    case let .userProperties(properties):
      return "userProperties \(PropertyValue.object(properties.mapValues { $0.map(PropertyValue.string) ?? .null }))"
    case let .userId(id?):
      return "userId \(PropertyValue.string(id))"
    case .userId(nil):
      return "userId nil"
    case let .signIn(userId, properties):
      return "signIn \(PropertyValue.string(userId)) \(PropertyValue.object(properties.mapValues { $0.map(PropertyValue.string) ?? .null }))"
    case let .unsupported(kind):
      return "unsupported \(kind)"
    }
  }
}
