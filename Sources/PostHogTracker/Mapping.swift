import Foundation
import Trackers

/// The PostHog form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | PostHog |
/// |---|---|
/// | `.event(name, properties)` | `event: name` with the properties |
/// | `.screen(name, properties)` | `event: "$screen"` with `$screen_name: name` |
/// | `.error(message, properties)` | `event: "Error"` with `message` |
/// | `.standard(event, properties)` | the ecommerce spec's event (posthog.com/docs/data/event-spec/ecommerce-events): `Product Viewed`, `Order Completed` with `revenue`, `currency`, `products`, ... (the module's page lists each event's properties) |
/// | `.userProperty(name, value)` | `event: "$set"` with `$set: {name: value}` (PostHog's recommended way to set person properties) |
/// | `.userProperties(properties)` | one `event: "$set"` with `$set: properties` (posthog-ios's `setPersonProperties(userPropertiesToSet:)`) |
/// | `.profile(.setOnce(name, value))` | `event: "$set"` with `$set_once: {name: value}` |
/// | `.profile(.unset(name))` | `event: "$set"` with `$unset: [name]` |
/// | `.profile(.increment/.append/.prepend/.union/.remove)` | nothing: PostHog persons have no such operation; refused with rule `profile-operation-unsupported` |
/// | `.userId(id)` | `event: "$identify"`, `distinct_id: id`, `$anon_distinct_id`: the anonymous id (merges them) |
/// | `.signIn(userId, traits)` | one `event: "$identify"`, `distinct_id: userId`, `$anon_distinct_id`, `$set: traits` (posthog-ios's `identify(_:userProperties:)`, PostHog/PostHogSDK.swift); with no traits, as `.userId(userId)` |
/// | `.userId(nil)` | nothing sent; later events carry the anonymous id as `distinct_id`, which stays (posthog-ios has no sign-out without `reset()`) |
/// | `.reset` | nothing sent; applied by ``TrackersDelivery/VendorPipeline``: a new anonymous id, no groups (posthog-ios's `reset()`); refused with rule `handled-by-pipeline` when mapped directly |
/// | `.alias(userId)` | `event: "$create_alias"`, `distinct_id: userId`, `alias`: the anonymous id (merged into the user) |
/// | `.group(type, key, traits)` | `event: "$groupidentify"` with `$group_type`, `$group_key`, `$group_set: traits`; later events carry `$groups: {type: key}` |
/// | `.superProperties`, `.timeEvent` | nothing: ``TrackersDelivery/VendorPipeline`` applies them; refused with rule `handled-by-pipeline` when mapped directly |
///
/// ```swift
/// postHogEvent(for: .userProperty(name: "plan", value: "pro"))
/// // .setPersonProperties(["plan": "pro"])
/// ```
public func postHogEvent(for data: AnalyticsData) -> PostHogEvent {
  switch data {
  case let .event(name, properties):
    return .capture(event: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[PostHogNames.screenName] = .string(name)
    return .capture(event: PostHogNames.screen, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[PostHogNames.errorMessage] = .string(message)
    return .capture(event: PostHogNames.error, properties: properties)
  case let .userProperty(name, value):
    return .setPersonProperties([name: value])
  case let .userProperties(properties):
    return .setPersonProperties(properties)
  case let .userId(id):
    return .userId(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .userId(userId) : .signIn(userId: userId, properties: traits)
  case let .lifecycle(event):
    return .capture(event: event.name, properties: event.properties)
  case let .standard(event, properties):
    // The event's own fields win over extra properties of the same name (super properties included):
    // PostHog's reports read them.
    return .capture(
      event: event.name, properties: properties.merging(postHogStandardProperties(event)) { _, standard in standard })
  case let .alias(userId):
    return .alias(userId: userId)
  case let .group(type, key, traits):
    return .group(type: type, key: key, properties: traits)
  case let .profile(operation):
    switch operation {
    case let .setOnce(name, value):
      return .setPersonPropertiesOnce([name: value])
    case let .unset(name):
      return .unsetPersonProperties([name])
    case .increment, .append, .prepend, .union, .remove:
      return .notSent(kind: "profile \(operation.operationName)")
    }
  case .superProperties:
    return .notSent(kind: "superProperties")
  case .timeEvent:
    return .notSent(kind: "timeEvent")
  case .reset:
    return .notSent(kind: "reset")
  }
}

/// The properties of a standard event, as PostHog's ecommerce spec names them
/// (posthog.com/docs/data/event-spec/ecommerce-events, Segment's names):
///
/// | Event | Properties |
/// |---|---|
/// | `Product Viewed` | the product's fields (below), `currency`, `value` (price × quantity) |
/// | `Product Added`, `Product Removed` | the product's fields, `currency` |
/// | `Cart Viewed` | `products`, `currency` |
/// | `Checkout Started` | `order_id`, `value`, `revenue`, `shipping`, `tax`, `discount`, `coupon`, `currency`, `products` |
/// | `Order Completed` | `order_id`, `subtotal`, `total`, `revenue`, `shipping`, `tax`, `discount`, `coupon`, `currency`, `products` |
/// | `Order Refunded` | `order_id`, `total`, `currency`, `products` |
/// | `Products Searched` | `query` |
/// | `Signed Up`, `Signed In` | `method` |
/// | `Content Shared` | `share_via` (the method, as the spec's `Product Shared` names it), `content_type`, `item_id` |
/// | `Deep Link Opened` | `url`, `$referrer`, `$referring_domain` (the referrer's host, when it is a URL), as posthog-ios's `handleOpenURL` sends them |
/// | `Push Notification Received` | `campaign`: `{id, name, source, medium, term, content}` (Segment's Native Mobile Spec: PostHog's SDKs send no push event) |
/// | `Push Notification Tapped` | `campaign`, `action` |
///
/// A product is `product_id`, `sku`, `category`, `name`, `brand`, `variant`, `price`, `quantity`, `coupon`.
/// Amounts follow the spec: `subtotal` is after discounts, before tax and shipping; `total` adds them
/// (``Trackers/StandardEvent/Order/value``); `revenue` is the order's own revenue, else the subtotal, so that PostHog's
/// revenue analytics, set to read `Order Completed`'s `revenue` and `currency`, finds it on every order.
/// An unknown field is left out.
func postHogStandardProperties(_ event: StandardEvent) -> [String: PropertyValue] {
  if case let .deepLinkOpened(link) = event {
    var properties: [String: PropertyValue] = ["url": .string(link.url)]
    if let referrer = link.referrer {
      properties[PostHogNames.referrer] = .string(referrer)
      if let host = referringDomain(referrer) { properties[PostHogNames.referringDomain] = .string(host) }
    }
    return properties
  }
  guard case let .orderRefunded(order) = event else { return event.specProperties() }
  var properties: [String: PropertyValue] = [
    "total": .double(order.value), "currency": .string(order.currency),
    "products": .array(order.products.map { .object($0.specProperties(includingCurrency: false)) }),
  ]
  properties["order_id"] = order.id.map(PropertyValue.string)
  return properties
}

/// The host of a referrer that is a URL (`https://mail.example/inbox` → `mail.example`), or `nil` for a
/// bundle id or anything without `://`.
private func referringDomain(_ referrer: String) -> String? {
  guard let separator = referrer.range(of: "://") else { return nil }
  let authority = referrer[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
  let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
  // An IPv6 host is bracketed, colons and all: `[::1]:8080`.
  let host = hostAndPort.hasPrefix("[")
    ? hostAndPort.prefix { $0 != "]" }.dropFirst() : hostAndPort.prefix { $0 != ":" }
  return host.isEmpty ? nil : String(host)
}

/// The names this module uses for the vocabulary cases PostHog has no direct form of.
package enum PostHogNames {
  /// The event of a screen: `$screen`.
  package static let screen = "$screen"
  /// Its property holding the screen's name: `$screen_name`.
  package static let screenName = "$screen_name"
  /// The event of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  package static let error = "Error"
  /// Its property holding the message: `message`.
  package static let errorMessage = "message"
  /// The event that sets person properties, and its property: `$set`.
  package static let set = "$set"
  /// The event that merges the anonymous id into the user: `$identify`.
  package static let identify = "$identify"
  /// Its property naming the anonymous id: `$anon_distinct_id`.
  package static let anonymousDistinctId = "$anon_distinct_id"
  /// The property of a `$set` event holding person properties set only once: `$set_once`.
  package static let setOnce = "$set_once"
  /// The property of a `$set` event listing person properties to remove: `$unset`.
  package static let unset = "$unset"
  /// The event that merges another id into the user: `$create_alias`.
  package static let createAlias = "$create_alias"
  /// Its property naming the id merged into the user: `alias`.
  package static let alias = "alias"
  /// The event that creates or updates a group: `$groupidentify`.
  package static let groupIdentify = "$groupidentify"
  /// Its property naming the group type: `$group_type`.
  package static let groupType = "$group_type"
  /// Its property naming the group: `$group_key`.
  package static let groupKey = "$group_key"
  /// Its property holding the group's properties: `$group_set`.
  package static let groupSet = "$group_set"
  /// The property of every event naming the user's groups, `{type: key}`: `$groups`.
  package static let groups = "$groups"
  /// The event property that turns person processing off for one event (`false`): `$process_person_profile`,
  /// the one `$` property apps may send (posthog.com/docs/api/capture, "Events without person profiles").
  package static let processPersonProfile = "$process_person_profile"
  /// The event property that keeps a person's `last_seen_at` as it is (`false`): `$update_person_last_seen_at`
  /// (posthog.com/docs/product-analytics/person-properties).
  package static let updatePersonLastSeenAt = "$update_person_last_seen_at"
  /// The property of a deep link naming what referred the user: `$referrer`, as posthog-ios sends it.
  package static let referrer = "$referrer"
  /// The property of a deep link naming its referrer's host, when the referrer is a URL: `$referring_domain`.
  package static let referringDomain = "$referring_domain"
  /// The property of a timed event holding its duration in seconds: `duration`.
  package static let duration = "duration"
}
