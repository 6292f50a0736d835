import Trackers

/// What the GA4 Measurement Protocol receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``googleAnalyticsTracker`` maps each vocabulary case to one of these (see ``googleAnalyticsEvent(for:)``),
/// validates it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// googleAnalyticsEvent(for: .screen(name: "Cart"))
/// // .event(name: "screen_view", params: ["screen_name": "Cart"])
/// ```
public enum GoogleAnalyticsEvent: Sendable, Hashable {
  /// An entry of the request's `events` array: `{"name": ..., "params": {...}}`.
  case event(name: String, params: [String: PropertyValue])
  /// A user property, sent in `user_properties` with every following request. `.null` clears it, as the
  /// Firebase SDK's `setUserProperty(nil, forName:)` does: following requests no longer carry it, and
  /// nothing is sent for the clearing (the Measurement Protocol has no clear operation).
  case userProperty(name: String, value: PropertyValue)
  /// Several user properties, set together: all sent in `user_properties` with every following request, or
  /// none, when they would make more than ``GoogleAnalyticsLimits/userProperties`` (rule `user-property-count`).
  /// A `.null` member clears that property; an empty set changes nothing.
  case userProperties([String: PropertyValue])
  /// The `user_id` of every following request; `nil` stops sending one (sign-out).
  case userId(String?)
  /// A sign-in with user properties: the `user_id` and the properties (as ``userProperties(_:)``; refused
  /// whole, the id included, where a set is) of every following request, as Firebase's `setUserID` then `setUserProperty` for each keep them
  /// for the next events. Nothing is sent for it by itself.
  case signIn(userId: String, userProperties: [String: PropertyValue])
  /// Links this device's anonymous id to `userId`: nothing to send, since GA4 joins the `client_id` and the
  /// `user_id` that one request carries together; counted as an identity update.
  case alias(userId: String)
  /// An operation GA4 has no form of: validation refuses it with a rule of its own (counted and reported),
  /// so it is never sent. Indirect, so the rare case does not make every event larger to copy.
  indirect case unsupported(Unsupported)

  /// The operations GA4 has no form of, each refused by ``googleAnalyticsIssues(for:)`` with its own rule.
  public enum Unsupported: Sendable, Hashable {
    /// A profile operation beyond set and unset: GA4 user properties can only be set or cleared (rule
    /// `profile-operation-unsupported`). ``googleAnalyticsEvent(for:)`` maps `.unset` to a cleared
    /// ``GoogleAnalyticsEvent/userProperty(name:value:)``, never to this.
    case profile(ProfileOperation)
    /// A group: GA4 has no groups (rule `group-unsupported`).
    case group(type: String, key: String, traits: [String: PropertyValue])
    /// A super-property change, which ``TrackersDelivery/VendorPipeline`` applies itself and never maps
    /// (rule `handled-by-pipeline`, only reachable by mapping one directly).
    case superProperties(SuperPropertyOperation)
    /// A timer start, which ``TrackersDelivery/VendorPipeline`` applies itself (rule `handled-by-pipeline`).
    case timeEvent(name: String)
    /// A reset (``Trackers/AnalyticsData/reset``), which ``TrackersDelivery/VendorPipeline`` applies itself
    /// (rule `handled-by-pipeline`).
    case reset
  }
}

extension GoogleAnalyticsEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(name, params):
      params.isEmpty ? "event \(name)" : "event \(name) \(PropertyValue.object(params))"
    case let .userProperty(name, .null):
      "userProperty \(name) cleared"
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .userProperties(properties):
      "userProperties \(PropertyValue.object(properties))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil (signed out, the device stays)"
    case let .signIn(userId, properties):
      "signIn \(PropertyValue.string(userId)) \(PropertyValue.object(properties))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId)) (nothing sent: GA4 links the client_id and the user_id of one request)"
    case let .unsupported(.profile(operation)):
      "unsupported profile \(operation)"
    case let .unsupported(.group(type, key, traits)):
      traits.isEmpty ? "unsupported group \(type) \(key)" : "unsupported group \(type) \(key) \(PropertyValue.object(traits))"
    case let .unsupported(.superProperties(operation)):
      "unsupported superProperties \(operation)"
    case let .unsupported(.timeEvent(name)):
      "unsupported timeEvent \(name)"
    case .unsupported(.reset):
      "unsupported reset"
    }
  }
}
