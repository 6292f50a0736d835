/// The Measurement Protocol limits this module enforces (developers.google.com/analytics/devguides/
/// collection/protocol/ga4, sending-events and reference; support.google.com/analytics/answer/9267744).
package enum GoogleAnalyticsLimits {
  /// Events per request.
  package static let eventsPerRequest = 25
  /// Request body bytes: "130 kB" read as 130,000 bytes, the smaller reading (130 KiB would be 133,120).
  package static let requestBytes = 130_000
  /// Parameters per event, counting the `session_id` and `engagement_time_msec` the live environment adds.
  package static let paramsPerEvent = 25
  /// Parameters of an event's own when the live environment adds both `session_id` and
  /// `engagement_time_msec`: 23. An event that sets one of them itself may have 24, both: 25.
  package static let ownParamsPerEvent = paramsPerEvent - 2
  /// User properties per request.
  package static let userProperties = 25
  /// Characters in an event name or a parameter name.
  package static let nameLength = 40
  /// Characters in a parameter's string value.
  package static let paramValueLength = 100
  /// Characters in a user property name.
  package static let userPropertyNameLength = 24
  /// Characters in a user property's string value.
  package static let userPropertyValueLength = 36
  /// Characters in a `user_id`.
  package static let userIdLength = 256
  /// Items in an ecommerce `items` parameter.
  package static let items = 200
  /// Parameters of an item beyond ``itemParams``: "up to 27 custom parameters in the items array"
  /// (developers.google.com/analytics/devguides/collection/ga4/item-scoped-ecommerce).
  package static let itemCustomParams = 27
  /// The item parameters GA4's recommended events document
  /// (developers.google.com/analytics/devguides/collection/ga4/reference/events).
  package static let itemParams: Set<String> = [
    "item_id", "item_name", "affiliation", "coupon", "creative_name", "creative_slot", "discount", "index",
    "item_brand", "item_category", "item_category2", "item_category3", "item_category4", "item_category5",
    "item_list_id", "item_list_name", "item_variant", "location_id", "price", "promotion_id", "promotion_name",
    "quantity",
  ]
  /// The recommended events whose `value` GA4 counts as money, so it needs `currency` beside it.
  package static let monetaryEventNames: Set<String> = [
    "add_payment_info", "add_shipping_info", "add_to_cart", "add_to_wishlist", "begin_checkout", "purchase",
    "refund", "remove_from_cart", "view_cart", "view_item", "generate_lead",
  ]

  /// Event names GA4 keeps for itself.
  package static let reservedEventNames: Set<String> = [
    "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
    "app_background", "app_clear_data", "app_exception", "app_remove", "app_store_refund",
    "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
    "app_update", "app_upgrade", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
    "error", "firebase_campaign", "firebase_in_app_message_action", "firebase_in_app_message_dismiss",
    "firebase_in_app_message_impression", "first_open", "first_visit", "in_app_purchase", "notification_dismiss",
    "notification_foreground", "notification_open", "notification_receive", "os_update", "session_start",
    "session_start_with_rollout", "user_engagement",
  ]
  /// Prefixes no event or parameter name may start with.
  package static let reservedPrefixes = ["_", "firebase_", "ga_", "google_", "gtag."]
  /// User property names GA4 keeps for itself.
  package static let reservedUserPropertyNames: Set<String> = [
    "first_open_time", "first_visit_time", "last_deep_link_referrer", "user_id", "first_open_after_install",
  ]
  /// Prefixes no user property name may start with.
  package static let reservedUserPropertyPrefixes = ["google_", "ga_", "firebase_"]
}
