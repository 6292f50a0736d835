import Trackers

/// The Segment form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Segment |
/// |---|---|
/// | `.event(name, properties)` | `track` with `event: name`, `properties` |
/// | `.screen(name, properties)` | `screen` with `name`, `properties` |
/// | `.error(message, properties)` | `track` with `event: "Error"`, `properties.message` |
/// | `.userProperty(name, value)` | `identify` with `traits: {name: value}` |
/// | `.userProperties(properties)` | one `identify` with `traits: properties` (analytics-swift's `identify(traits:)`) |
/// | `.userId(id)` | `identify` with `userId` and the `anonymousId` (links them); `userId` on every following message |
/// | `.signIn(userId, traits)` | one `identify` with `userId`, the `anonymousId` and `traits` (analytics-swift's `identify(userId:traits:)`, Sources/Segment/Events.swift); with no traits, as `.userId(userId)` |
/// | `.userId(nil)` | nothing sent; the `anonymousId` stays and later messages carry no `userId` (analytics-swift has no sign-out without `reset()`) |
/// | `.reset` | nothing sent; applied by ``TrackersDelivery/VendorPipeline``: a new `anonymousId`, no `userId` (analytics-swift's `reset()`); mapped directly: ``SegmentMessage/unsupported(_:)``, refused with rule `handled-by-pipeline` |
/// | `.standard(event, properties)` | `track` under the Spec's name with the Spec's properties, plus the app's |
/// | `.alias(userId)` | `alias` with `previousId` (the anonymous id) and `userId` |
/// | `.group(type, key, traits)` | `group` with `groupId: key`, `traits` with `group_type: type` |
/// | `.profile(operation)` | not sent: ``SegmentMessage/unsupported(_:)``, refused with rule `profile-operation-unsupported` |
/// | `.superProperties`, `.timeEvent` | applied by ``TrackersDelivery/VendorPipeline``; mapped directly: ``SegmentMessage/unsupported(_:)``, refused with rule `handled-by-pipeline` |
///
/// ```swift
/// segmentMessage(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .track(event: "Error", properties: ["message": "timeout", "endpoint": "/cart"])
/// ```
public func segmentMessage(for data: AnalyticsData) -> SegmentMessage {
  switch data {
  case let .event(name, properties):
    return .track(event: name, properties: properties)
  case let .screen(name, properties):
    return .screen(name: name, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[SegmentNames.errorMessage] = .string(message)
    return .track(event: SegmentNames.error, properties: properties)
  case let .userProperty(name, value):
    return .identify(traits: [name: value])
  case let .userProperties(traits):
    return .identify(traits: traits)
  case let .userId(id):
    return .userId(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .userId(userId) : .signIn(userId: userId, traits: traits)
  case let .lifecycle(event):
    return .track(event: event.name, properties: event.properties)
  case let .standard(event, properties):
    return .track(event: SegmentStandardEvents.name(of: event), properties: SegmentStandardEvents.properties(of: event, adding: properties))
  case let .alias(userId):
    return .alias(userId: userId)
  case let .group(type, key, traits):
    var traits = traits
    traits[SegmentNames.groupType] = .string(type)
    return .group(groupId: key, traits: traits)
  case .profile, .superProperties, .timeEvent, .reset:
    return .unsupported(data)
  }
}

/// The names this module uses for the vocabulary cases Segment has no direct form of.
package enum SegmentNames {
  /// The `track` event of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  package static let error = "Error"
  /// Its property holding the message: `message`.
  package static let errorMessage = "message"
  /// The group trait holding a ``Trackers/AnalyticsData/group(type:key:traits:)``'s type: `group_type`.
  ///
  /// A Segment group has an id and traits, no type (segment.com/docs/connections/spec/group/; analytics-swift's
  /// `group(groupId:traits:)` takes none). Segment's destinations that have group types read it from a trait
  /// you name in their settings; `group_type` is the name Segment's Amplitude destination documents
  /// ("Amplitude Group Type Trait", segment.com/docs/connections/destinations/catalog/amplitude/, "Group").
  package static let groupType = "group_type"
}

/// How ``segmentMessage(for:)`` sends a ``Trackers/StandardEvent``: the event names and properties of
/// Segment's Spec, V2 Ecommerce Events (segment.com/docs/connections/spec/ecommerce/v2/), B2B SaaS
/// (segment.com/docs/connections/spec/b2b-saas/) and Native Mobile (segment.com/docs/connections/spec/mobile/).
///
/// | Standard event | `track` `event` | `properties` |
/// |---|---|---|
/// | `.productViewed(product)` | `Product Viewed` | the product's, `currency`, `value` (price × quantity) |
/// | `.productAdded(product)` | `Product Added` | the product's, `currency` |
/// | `.productRemoved(product)` | `Product Removed` | the product's, `currency` |
/// | `.cartViewed(order)` | `Cart Viewed` | `products`, `currency` |
/// | `.checkoutStarted(order)` | `Checkout Started` | `order_id`, `value`, `revenue`, `shipping`, `tax`, `discount`, `coupon`, `currency`, `products` |
/// | `.orderCompleted(order)` | `Order Completed` | `order_id`, `subtotal`, `total`, `revenue`, `shipping`, `tax`, `discount`, `coupon`, `currency`, `products` |
/// | `.orderRefunded(order)` | `Order Refunded` | as `Order Completed` (the Spec: "the same properties from the previous Order Completed call") |
/// | `.signedUp(method)` | `Signed Up` | `method` |
/// | `.loggedIn(method)` | `Signed In` | `method` |
/// | `.searched(query)` | `Products Searched` | `query` |
/// | `.shared(method, "product", id)` | `Product Shared` | `share_via`, `product_id` |
/// | `.shared(method, contentType, id)` | `Content Shared` | `share_via`, `content_type`, `item_id` |
/// | `.deepLinkOpened(link)` | `Deep Link Opened` | `url`, `referring_application` |
/// | `.pushNotificationReceived(push)` | `Push Notification Received` | `campaign`: `{id, name, source, medium, term, content}` |
/// | `.pushNotificationOpened(push)` | `Push Notification Tapped` | `campaign`, `action` |
///
/// Deep links and push notifications are the Native Mobile Spec's (segment.com/docs/connections/spec/mobile/):
/// the link's `url` (redacted, ``Trackers/StandardEvent/DeepLink``), its referrer under the name the Spec's
/// `Application Opened` gives the source application, as analytics-swift's `openURL(_:options:)` adds the
/// system's options beside `url`; the notification's `campaign` object, and the action that opened it.
///
/// A product's properties: `product_id`, `sku`, `category`, `name`, `brand`, `variant`, `price`,
/// `quantity`, `coupon`, those that are set. In an order, `total` is ``Trackers/StandardEvent/Order/value`` (the total, or
/// the subtotal less the discount plus tax and shipping: the Spec's "revenue with discounts and coupons added
/// in"), `subtotal` the products' amounts less the discount (the Spec's "after discounts but before taxes and
/// shipping"), `revenue` ``Trackers/StandardEvent/Order/revenueAmount`` (the Spec's "excluding shipping and tax"). The
/// Spec has no sign-up or sign-in method: `method` is sent as a property of the app's. Fields the model has
/// no value for (`cart_id`, `checkout_id`, `position`, `url`, `image_url`) are the app's to add as
/// properties. The app's properties are sent too; a Spec property of the same name wins.
package enum SegmentStandardEvents {
  /// The `track` event name of `event`.
  package static func name(of event: StandardEvent) -> String {
    if case let .shared(_, contentType, _) = event, contentType == "product" { return "Product Shared" }
    return event.name
  }

  /// The properties of `event`'s `track` call, with `extra` (the app's own and the pipeline's: super
  /// properties, a timed event's `duration`) where the Spec's have no property of the same name
  /// (``Trackers/StandardEvent/specProperties(adding:)``; a product's share names it `product_id`, as
  /// `Product Shared` does).
  package static func properties(
    of event: StandardEvent, adding extra: AnalyticsData.Properties = [:]
  ) -> AnalyticsData.Properties {
    guard case let .shared(method, "product", itemId) = event else { return event.specProperties(adding: extra) }
    var fields = extra
    if let method { fields["share_via"] = .string(method) }
    if let itemId { fields["product_id"] = .string(itemId) }
    return fields
  }
}
