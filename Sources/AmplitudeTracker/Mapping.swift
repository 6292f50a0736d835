import Trackers

/// The Amplitude form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Amplitude |
/// |---|---|
/// | `.event(name, properties)` | `event_type: name`, `event_properties: properties` |
/// | `.screen(name, properties)` | `event_type: "[Amplitude] Screen Viewed"` with `"[Amplitude] Screen Name": name`, as Amplitude's SDKs send screens |
/// | `.error(message, properties)` | `event_type: "Error"` with `message`, plus the properties |
/// | `.userProperty(name, value)` | `$identify` with `user_properties: {"$set": {name: value}}` |
/// | `.userProperties(properties)` | one `$identify` with `user_properties: {"$set": properties}` |
/// | `.profile(.setOnce(name, value))` | `$identify` with `user_properties: {"$setOnce": {name: value}}` |
/// | `.profile(.increment(name, by))` | `$identify` with `user_properties: {"$add": {name: by}}` |
/// | `.profile(.append(name, value))` | `$identify` with `user_properties: {"$append": {name: value}}` (an array's elements are appended one by one) |
/// | `.profile(.prepend(name, value))` | `$identify` with `user_properties: {"$prepend": {name: value}}` |
/// | `.profile(.union(name, values))` | `$identify` with `user_properties: {"$postInsert": {name: values}}`: adds the values the list does not hold yet, at its end |
/// | `.profile(.remove(name, value))` | `$identify` with `user_properties: {"$remove": {name: value}}` |
/// | `.profile(.unset(name))` | `$identify` with `user_properties: {"$unset": {name: "-"}}` |
/// | `.group(type, key, traits)` | `groups: {type: key}` on every later event; `$identify` with `groups` and `user_properties: {"$set": {type: key}}`; with traits, `$groupidentify` with `groups: {type: key}` and `group_properties: {"$set": traits}` |
/// | `.standard(event, properties)` | `event_type`: the Segment spec name (``Trackers/StandardEvent/name``), `event_properties`: the spec's fields (``Trackers/StandardEvent/properties``) and the properties |
/// | `.standard(.deepLinkOpened(link))` | `event_type: "[Amplitude] Deep Link Opened"` with `"[Amplitude] Link URL"` and `"[Amplitude] Link Referrer"`, as Amplitude-Swift's `DeepLinkOpenedEvent` sends them |
/// | `.standard(.pushNotificationReceived(push))`, `.pushNotificationOpened` | `event_type: "Push Notification Received"` / `"Push Notification Tapped"` (Segment's names: Amplitude's SDKs send no push event) with `campaign: {id, name, source, medium, term, content}` and `action` |
/// | `.standard(.orderCompleted(order))` | also `revenue: order.revenueAmount`, `revenueType: "purchase"`, `currency` at the top level of the event |
/// | `.standard(.orderRefunded(order))` | also `revenue: -order.revenueAmount`, `revenueType: "refund"`, `currency` at the top level |
/// | `.userId(id)` | nothing sent; `user_id` on every following event, next to the `device_id` (links them) |
/// | `.signIn(userId, traits)` | one `$identify` with the new `user_id` and `user_properties: {"$set": traits}` (Amplitude-Swift's `setUserId`, which sends nothing, then `identify`: Sources/Amplitude/Amplitude.swift); with no traits, as `.userId(userId)` |
/// | `.userId(nil)` | nothing sent; the `device_id` stays and `user_id` is no longer sent (Amplitude-Swift's `setUserId(nil)`) |
/// | `.reset` | nothing sent; applied by ``TrackersDelivery/VendorPipeline``: a new `device_id` and no `user_id` or groups (Amplitude-Swift's `reset()`, Amplitude-iOS's `regenerateDeviceId`); mapped directly, refused (rule `handled-by-pipeline`) |
/// | `.alias(userId)` | nothing sent: Amplitude links the `device_id` to the user when an event carries both (after `.userId`) |
/// | `.superProperties`, `.timeEvent` | handled by ``TrackersDelivery/VendorPipeline`` before mapping; mapped directly, refused (rule `handled-by-pipeline`) |
///
/// ```swift
/// amplitudeEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .event(type: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
/// ```
public func amplitudeEvent(for data: AnalyticsData) -> AmplitudeEvent {
  switch data {
  case let .event(name, properties):
    return .event(type: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[AmplitudeNames.screenName] = .string(name)
    return .event(type: AmplitudeNames.screenViewed, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[AmplitudeNames.errorMessage] = .string(message)
    return .event(type: AmplitudeNames.error, properties: properties)
  case let .userProperty(name, value):
    return .userProperty(name: name, value: value)
  case let .userProperties(properties):
    return .userProperties(properties)
  case let .userId(id):
    return .userId(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .userId(userId) : .signIn(userId: userId, properties: traits)
  case let .lifecycle(event):
    return .event(type: AmplitudeNames.lifecycle(event), properties: AmplitudeNames.lifecycleProperties(event))
  case let .profile(operation):
    return UserModelMapping.identify(operation)
  case let .group(type, key, traits):
    return .group(type: type, key: key, properties: traits)
  case let .alias(userId):
    return .alias(userId: userId)
  case let .standard(event, properties):
    return UserModelMapping.standard(event, properties: properties)
  case .superProperties:
    return .notSent(kind: "superProperties")
  case .timeEvent:
    return .notSent(kind: "timeEvent")
  case .reset:
    return .notSent(kind: "reset")
  }
}

/// The names this module uses for the vocabulary cases Amplitude has no direct form of.
package enum AmplitudeNames {
  /// The event type of a screen: `[Amplitude] Screen Viewed`, as Amplitude's SDKs send it.
  package static let screenViewed = "[Amplitude] Screen Viewed"
  /// Its event property holding the screen's name: `[Amplitude] Screen Name`.
  package static let screenName = "[Amplitude] Screen Name"
  /// The event type of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  package static let error = "Error"
  /// Its event property holding the message: `message`.
  package static let errorMessage = "message"
  /// The event type that sets user properties: `$identify`.
  package static let identify = "$identify"
  /// The event type that sets a group's properties: `$groupidentify`.
  package static let groupIdentify = "$groupidentify"
  /// The session-start event Amplitude-Swift sends by default (`autocapture: .sessions`).
  package static let sessionStart = "session_start"
  /// The session-end event Amplitude-Swift sends by default, with the ended session's id and last time.
  package static let sessionEnd = "session_end"

  /// A lifecycle event's name as Amplitude-Swift sends it: "[Amplitude] Application Opened".
  package static func lifecycle(_ event: LifecycleEvent) -> String {
    "[Amplitude] \(event.name)"
  }

  /// A lifecycle event's properties as Amplitude-Swift names them: "[Amplitude] Version",
  /// "[Amplitude] Build", "[Amplitude] Previous Version", "[Amplitude] Previous Build",
  /// "[Amplitude] From Background".
  package static func lifecycleProperties(_ event: LifecycleEvent) -> [String: PropertyValue] {
    var properties: [String: PropertyValue] = [:]
    for (key, value) in event.properties {
      let name = key.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      properties["[Amplitude] \(name)"] = value
    }
    return properties
  }
  /// The event type of a deep link, as Amplitude-Swift's `DeepLinkOpenedEvent` sends it:
  /// `[Amplitude] Deep Link Opened`.
  package static let deepLinkOpened = "[Amplitude] Deep Link Opened"
  /// Its event property holding the (redacted) URL: `[Amplitude] Link URL`.
  package static let linkURL = "[Amplitude] Link URL"
  /// Its event property holding the referrer: `[Amplitude] Link Referrer`.
  package static let linkReferrer = "[Amplitude] Link Referrer"

  /// A standard event's event type: ``deepLinkOpened`` for a deep link, as Amplitude-Swift names it, the
  /// Segment spec name (``Trackers/StandardEvent/name``) for the others.
  package static func standardEventType(_ event: StandardEvent) -> String {
    if case .deepLinkOpened = event { return deepLinkOpened }
    return event.name
  }

  /// A standard event's own event properties: ``linkURL`` and ``linkReferrer`` for a deep link, the spec's
  /// fields (``Trackers/StandardEvent/properties``) for the others.
  package static func standardProperties(_ event: StandardEvent) -> [String: PropertyValue] {
    guard case let .deepLinkOpened(link) = event else { return event.properties }
    var properties: [String: PropertyValue] = [linkURL: .string(link.url)]
    if let referrer = link.referrer { properties[linkReferrer] = .string(referrer) }
    return properties
  }

  /// The value Amplitude-Swift sends with `$unset`, which Amplitude ignores: `"-"`.
  package static let unsetValue = "-"

  /// The `revenueType` of a completed order: "purchase".
  package static let purchaseRevenueType = "purchase"
  /// The `revenueType` of a refunded order: "refund".
  package static let refundRevenueType = "refund"
}

/// The user model's forms, for ``amplitudeEvent(for:)``.
private enum UserModelMapping {
  /// The `$identify` operation of a profile operation (amplitude.com/docs/apis/analytics/identify, "user_properties
  /// supported operations"): `union` is `$postInsert`, which adds the values the list does not hold yet,
  /// at its end; `unset` sends `"-"` as its value, as Amplitude-Swift's `Identify.unset` does.
  static func identify(_ operation: ProfileOperation) -> AmplitudeEvent {
    switch operation {
    case let .setOnce(name, value): .identify(.setOnce, name: name, value: value)
    case let .increment(name, amount): .identify(.add, name: name, value: amount)
    case let .append(name, value): .identify(.append, name: name, value: value)
    case let .prepend(name, value): .identify(.prepend, name: name, value: value)
    case let .union(name, values): .identify(.postInsert, name: name, value: .array(values))
    case let .remove(name, value): .identify(.remove, name: name, value: value)
    case let .unset(name): .identify(.unset, name: name, value: .string(AmplitudeNames.unsetValue))
    }
  }

  /// A standard event under its Segment spec name, the convention Amplitude's own e-commerce templates
  /// and its Segment destination use, with the spec's fields as event properties (the app's properties
  /// beside them). A completed order also carries its revenue in the HTTP V2 API's revenue fields, at the
  /// top level of the event (amplitude.com/docs/apis/analytics/http-v2, keys `revenue`, `revenueType`,
  /// `currency`), where Amplitude's revenue charts read it: `revenue` is the order's
  /// ``Trackers/StandardEvent/Order/revenueAmount`` (Segment's `revenue`, which Segment's Amplitude destination sends
  /// there too), `revenueType` "purchase"; a refund is the negative amount with `revenueType` "refund" (the
  /// API: "Use negative values for refunds"; amplitude.com/docs/data/sources/instrument-track-revenue names
  /// "refund" among the revenue types). No `price` or `quantity`: with both, Amplitude would take their
  /// product as the revenue.
  static func standard(_ event: StandardEvent, properties: AnalyticsData.Properties) -> AmplitudeEvent {
    var fields = AmplitudeNames.standardProperties(event)
    // A property of the same name as a field is refused by validation (`standard-property-conflict`).
    fields.merge(properties) { field, _ in field }
    switch event {
    case let .orderCompleted(order):
      return .revenue(
        type: event.name, properties: fields,
        revenue: AmplitudeEvent.Revenue(
          revenue: order.revenueAmount, revenueType: AmplitudeNames.purchaseRevenueType, currency: order.currency))
    case let .orderRefunded(order):
      return .revenue(
        type: event.name, properties: fields,
        revenue: AmplitudeEvent.Revenue(
          revenue: -order.revenueAmount, revenueType: AmplitudeNames.refundRevenueType, currency: order.currency))
    default:
      return .event(type: AmplitudeNames.standardEventType(event), properties: fields)
    }
  }
}
