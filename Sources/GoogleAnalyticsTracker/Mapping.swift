import Trackers

/// The GA4 form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | GA4 |
/// |---|---|
/// | `.event(name, properties)` | event `name` with `params` = properties |
/// | `.screen(name, properties)` | event `screen_view` with `screen_name` = name, plus the properties |
/// | `.error(message, properties)` | event `app_error` with `error_message` = message (cut to 100 characters), plus the properties (GA4 reserves `error` and `app_exception`) |
/// | `.userProperty(name, value)` | `user_properties.name = {"value": value}` on every following request; `.null` clears it (below) |
/// | `.userProperties(properties)` | each in `user_properties` on every following request, all or none (at most 25 in all); a `.null` member clears that one; an empty set changes nothing |
/// | `.userId(id)` | `user_id` on every following request (`nil`: none; the `client_id` and the user properties stay, as Firebase's `setUserID(nil)` keeps them) |
/// | `.signIn(userId, traits)` | as `.userId(userId)` and `.userProperties(traits)` together (Firebase's `setUserID`, then `setUserProperty` for each): nothing sent by itself; every following request carries the `user_id` and the `user_properties`. Past 25 user properties, as `.userProperties`: what fits is kept (repaired), or, with `invalidEvents = .refuse`, the whole sign-in is refused (`user-property-count`), the user id included. With no traits, as `.userId(userId)` |
/// | `.reset` | applied by the pipeline: a new `client_id`, no `user_id` and no stored user properties, as Firebase's `resetAnalyticsData`; mapped directly, ``GoogleAnalyticsEvent/unsupported(_:)``, refused with rule `handled-by-pipeline` |
/// | `.standard(event, properties)` | GA4's recommended event (below), with the properties as extra parameters (the event's own fields win) |
/// | `.alias(userId)` | ``GoogleAnalyticsEvent/alias(userId:)``: nothing sent (GA4 joins `client_id` and `user_id` on each request) |
/// | `.profile(.unset(name))` | `.userProperty(name: name, value: .null)`: clears the user property (below) |
/// | `.profile(operation)`, any other | ``GoogleAnalyticsEvent/unsupported(_:)``: refused, rule `profile-operation-unsupported` (GA4 user properties can only be set or cleared) |
/// | `.group(type, key, traits)` | ``GoogleAnalyticsEvent/unsupported(_:)``: refused, rule `group-unsupported` (GA4 has no groups) |
/// | `.superProperties`, `.timeEvent` | ``GoogleAnalyticsEvent/unsupported(_:)``: refused, rule `handled-by-pipeline` (the pipeline applies them and never maps them) |
///
/// Standard events become GA4's recommended events
/// (developers.google.com/analytics/devguides/collection/ga4/reference/events), with an order's money in
/// `currency`, `value`, `tax` and `shipping` and its products in `items`:
///
/// | ``Trackers/StandardEvent`` | GA4 event | parameters |
/// |---|---|---|
/// | `.productViewed(p)` | `view_item` | `currency`, `value` (price × quantity), `items: [p]` |
/// | `.productAdded(p)` | `add_to_cart` | the same |
/// | `.productRemoved(p)` | `remove_from_cart` | the same |
/// | `.cartViewed(o)` | `view_cart` | `currency`, `value`, `items` |
/// | `.checkoutStarted(o)` | `begin_checkout` | `currency`, `value`, `coupon`, `items` |
/// | `.orderCompleted(o)` | `purchase` | `currency`, `value`, `transaction_id`, `tax`, `shipping`, `coupon`, `items` |
/// | `.orderRefunded(o)` | `refund` | the same as `purchase` |
/// | `.signedUp(method)` | `sign_up` | `method` |
/// | `.loggedIn(method)` | `login` | `method` |
/// | `.searched(query)` | `search` | `search_term` |
/// | `.shared(method, contentType, itemId)` | `share` | `method`, `content_type`, `item_id` |
/// | `.deepLinkOpened(link)` | `deep_link_opened` | `link_url`, `link_referrer` (each cut to 100 characters) |
/// | `.pushNotificationReceived(push)` | `push_notification_received` | `campaign_id`, `campaign`, `source`, `medium`, `term`, `content` |
/// | `.pushNotificationOpened(push)` | `push_notification_tapped` | the same, and `action` |
///
/// GA4 has no recommended event for a deep link or a push notification, and reserves the Firebase SDK's
/// own (`dynamic_link_app_open`, `notification_receive`, `notification_open`, `firebase_campaign`) for it:
/// these are Segment's names in GA4's snake case, as for lifecycle events. A link's URL is in `link_url`,
/// the parameter GA4's enhanced measurement names a clicked link with; a campaign's fields are in the
/// parameters GA4's `campaign_details` event names them with.
///
/// Each item is `{item_id, item_name, item_category, item_brand, item_variant, price, quantity, coupon}`
/// (those that are set; a product's `sku` has no GA4 item parameter). An order's `value` is
/// ``Trackers/StandardEvent/Order/revenueAmount``, the products' price × quantity less the order's discount, because GA4
/// asks for "the sum of (price * quantity) for all items" without shipping or tax, which have their own
/// parameters. Parameters left unset are left out.
///
/// Clearing a user property is what the Firebase SDK's `setUserProperty(nil, forName:)` does ("Setting the
/// value to nil removes the user property", FIRAnalytics.h). The Measurement Protocol has no clear
/// operation, and this module attaches the stored user properties to every request, so the live
/// environment removes the name from the stored set: later requests no longer carry it, and nothing is
/// sent for the clearing itself (GA4 keeps the value the earlier events were sent with).
///
/// The live environment adds `session_id` and `engagement_time_msec` to each event when it sends it (they
/// depend on the session, not on the event), so they are not part of this mapping; validation counts them.
///
/// ```swift
/// googleAnalyticsEvent(for: .error(message: "timeout", properties: ["endpoint": "/cart"]))
/// // .event(name: "app_error", params: ["error_message": "timeout", "endpoint": "/cart"])
/// ```
public func googleAnalyticsEvent(for data: AnalyticsData) -> GoogleAnalyticsEvent {
  switch data {
  case let .event(name, properties):
    return .event(name: name, params: properties)
  case let .screen(name, properties):
    var params = properties
    params[GoogleAnalyticsNames.screenName] = .string(name)
    return .event(name: GoogleAnalyticsNames.screenView, params: params)
  case let .error(message, properties):
    var params = properties
    params[GoogleAnalyticsNames.errorMessage] = .string(cut(message))
    return .event(name: GoogleAnalyticsNames.error, params: params)
  case let .userProperty(name, value):
    return .userProperty(name: name, value: value)
  case let .userProperties(properties):
    return .userProperties(properties)
  case let .userId(id):
    return .userId(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .userId(userId) : .signIn(userId: userId, userProperties: traits)
  case let .lifecycle(event):
    return .event(name: GoogleAnalyticsNames.lifecycle(event), params: event.properties.mapValues(ga4Compatible))
  case let .standard(event, properties):
    return recommendedEvent(event, extra: properties)
  case let .alias(userId):
    return .alias(userId: userId)
  case let .profile(.unset(name)):
    return .userProperty(name: name, value: .null)
  case let .profile(operation):
    return .unsupported(.profile(operation))
  case let .group(type, key, traits):
    return .unsupported(.group(type: type, key: key, traits: traits))
  case let .superProperties(operation):
    return .unsupported(.superProperties(operation))
  case let .timeEvent(name):
    return .unsupported(.timeEvent(name: name))  case .reset:
    return .unsupported(.reset)
  }
}

/// A standard event as GA4's recommended event; `extra` are the app's own properties, which the event's
/// fields override.
private func recommendedEvent(_ event: StandardEvent, extra: AnalyticsData.Properties) -> GoogleAnalyticsEvent {
  var params = extra
  func set(_ name: String, _ value: String?) {
    if let value { params[name] = .string(value) }
  }
  func set(_ name: String, _ value: Double?) {
    if let value { params[name] = .double(value) }
  }
  switch event {
  case let .productViewed(product), let .productAdded(product), let .productRemoved(product):
    set("currency", product.currency)
    set("value", product.amount)
    params["items"] = .array([item(product)])
  case let .cartViewed(order), let .checkoutStarted(order), let .orderCompleted(order), let .orderRefunded(order):
    params["currency"] = .string(order.currency)
    params["value"] = .double(order.revenueAmount)
    switch event {
    case .cartViewed:
      break
    case .checkoutStarted:
      set("coupon", order.coupon)
    default:
      set("transaction_id", order.id)
      set("tax", order.tax)
      set("shipping", order.shipping)
      set("coupon", order.coupon)
    }
    params["items"] = .array(order.products.map(item))
  case let .signedUp(method), let .loggedIn(method):
    set("method", method)
  case let .searched(query):
    params["search_term"] = .string(query)
  case let .shared(method, contentType, itemId):
    set("method", method)
    set("content_type", contentType)
    set("item_id", itemId)
  case let .deepLinkOpened(link):
    set("link_url", cut(link.url))
    set("link_referrer", link.referrer.map(cut))
  case let .pushNotificationReceived(push), let .pushNotificationOpened(push):
    set("campaign_id", push.campaign.id)
    set("campaign", push.campaign.name)
    set("source", push.campaign.source)
    set("medium", push.campaign.medium)
    set("term", push.campaign.term)
    set("content", push.campaign.content)
    set("action", push.action)
  }
  return .event(name: GoogleAnalyticsNames.recommended(event), params: params)
}

/// `text` cut to GA4's longest parameter value.
private func cut(_ text: String) -> String {
  String(text.unicodeScalars.prefix(GoogleAnalyticsLimits.paramValueLength))
}

/// A product as an entry of GA4's `items`, with the parameters that are set.
private func item(_ product: StandardEvent.Product) -> PropertyValue {
  var item: [String: PropertyValue] = ["item_id": .string(product.id), "quantity": .int(product.quantity)]
  if let name = product.name { item["item_name"] = .string(name) }
  if let category = product.category { item["item_category"] = .string(category) }
  if let brand = product.brand { item["item_brand"] = .string(brand) }
  if let variant = product.variant { item["item_variant"] = .string(variant) }
  if let price = product.price { item["price"] = .double(price) }
  if let coupon = product.coupon { item["coupon"] = .string(coupon) }
  return .object(item)
}

/// GA4 parameters are strings or numbers: `from_background` becomes 1 or 0.
private func ga4Compatible(_ value: PropertyValue) -> PropertyValue {
  if case let .bool(flag) = value { return .int(flag ? 1 : 0) }
  return value
}

/// The names this module uses for the vocabulary cases GA4 has no direct form of.
package enum GoogleAnalyticsNames {
  /// The recommended event for a screen: `screen_view`.
  package static let screenView = "screen_view"
  /// Its parameter holding the screen's name: `screen_name`.
  package static let screenName = "screen_name"
  /// The event for ``Trackers/AnalyticsData/error(message:properties:)``: `app_error`, because GA4 reserves
  /// `error` and `app_exception`.
  package static let error = "app_error"
  /// Its parameter holding the message: `error_message`.
  package static let errorMessage = "error_message"
  /// The parameter tying an event to its session, which GA4 needs to show the event in Realtime:
  /// `session_id`. The live environment adds it to every event that does not set it.
  package static let sessionId = "session_id"
  /// The parameter with the milliseconds of engagement an event reports, which GA4 needs to show the event
  /// in Realtime: `engagement_time_msec`. The live environment adds it to every event that does not set it.
  package static let engagementTime = "engagement_time_msec"

  /// The GA4 recommended event of a standard event: `view_item`, `add_to_cart`, `remove_from_cart`,
  /// `view_cart`, `begin_checkout`, `purchase`, `refund`, `sign_up`, `login`, `search`, `share`
  /// (developers.google.com/analytics/devguides/collection/ga4/reference/events); for the events GA4 has
  /// no recommended name for, Segment's name in snake case: `deep_link_opened`, `push_notification_received`,
  /// `push_notification_tapped` (GA4 reserves the Firebase SDK's `dynamic_link_app_open`,
  /// `notification_receive` and `notification_open`).
  package static func recommended(_ event: StandardEvent) -> String {
    switch event {
    case .productViewed: "view_item"
    case .productAdded: "add_to_cart"
    case .productRemoved: "remove_from_cart"
    case .cartViewed: "view_cart"
    case .checkoutStarted: "begin_checkout"
    case .orderCompleted: "purchase"
    case .orderRefunded: "refund"
    case .signedUp: "sign_up"
    case .loggedIn: "login"
    case .searched: "search"
    case .shared: "share"
    case .deepLinkOpened: "deep_link_opened"
    case .pushNotificationReceived: "push_notification_received"
    case .pushNotificationOpened: "push_notification_tapped"
    }
  }

  /// A lifecycle event's name: Segment's name in GA4's snake case, "application_opened". GA4 reserves
  /// the Firebase SDK's own names (`first_open`, `app_update`, `app_background`) for its SDK, so a
  /// Measurement Protocol event can't use them.
  package static func lifecycle(_ event: LifecycleEvent) -> String {
    switch event {
    case .installed: "application_installed"
    case .updated: "application_updated"
    case .opened: "application_opened"
    case .backgrounded: "application_backgrounded"
    }
  }
}
