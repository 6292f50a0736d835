import Trackers

/// The Mixpanel form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | Mixpanel |
/// |---|---|
/// | `.event(name, properties)` | `/import` event `name` with the properties |
/// | `.screen(name, properties)` | `/import` event `Screen Viewed` with `Screen Name` = name (Mixpanel has no screen API) |
/// | `.error(message, properties)` | `/import` event `App Error` with `Error Message` = message (cut to 255 bytes) |
/// | `.userProperty(name, value)` | `/engage` `$set` of `name` on the user's profile |
/// | `.userId(id)` | `$user_id` on following events (Simplified ID Merge); `nil` resets to a new `$device_id` |
/// | `.lifecycle(event)` | `/import` event under Segment's name (`Application Opened`, ...) |
/// | `.standard(event, properties)` | `/import` event under Segment's spec name with Segment's e-commerce properties (``mixpanelStandardProperties(_:)``) |
/// | `.profile(.setOnce / .increment / .append / .union / .remove / .unset)` | `/engage` `$set_once` / `$add` / `$append` / `$union` / `$remove` / `$unset` |
/// | `.profile(.prepend)` | not sent: refused with rule `profile-operation-unsupported` (Mixpanel has no prepend) |
/// | `.group(type, key, traits)` | group key `type: [key]` on later events, `/engage` `$set` of it, `/groups` `$set` of the traits |
/// | `.alias(userId)` | nothing sent (Simplified ID Merge merges on the first event with `$device_id` and `$user_id`) |
/// | `.superProperties`, `.timeEvent` | handled by the pipeline before mapping; here refused with rule `handled-by-pipeline` |
public func mixpanelEvent(for data: AnalyticsData) -> MixpanelEvent {
  switch data {
  case let .event(name, properties):
    return .event(name: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[MixpanelNames.screenName] = .string(name)
    return .event(name: MixpanelNames.screenViewed, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[MixpanelNames.errorMessage] = .string(truncated(message, toUTF8Bytes: MixpanelLimits.stringBytes))
    return .event(name: MixpanelNames.error, properties: properties)
  case let .userProperty(name, value):
    return .setProfileProperty(name: name, value: value)
  case let .userId(id):
    return .identify(id)
  case let .lifecycle(event):
    // Segment's names, as Segment's Mixpanel destination delivers them; mixpanel-swift's own `$ae_*`
    // automatic events are Mixpanel's reserved names, off by default.
    return .event(name: event.name, properties: event.properties)
  case let .standard(event, properties):
    // The app's own properties win over the mapped ones, as an event's own win over super properties.
    let mapped = mixpanelStandardProperties(event)
    return .event(name: event.name, properties: properties.isEmpty ? mapped : mapped.merging(properties) { _, own in own })
  case let .profile(operation):
    switch operation {
    case let .setOnce(name, value): return .updateProfile(.setOnce(name: name, value: value))
    case let .increment(name, by): return .updateProfile(.add(name: name, value: by))
    case let .append(name, value): return .updateProfile(.append(name: name, value: value))
    case let .union(name, values): return .updateProfile(.union(name: name, values: values))
    case let .remove(name, value): return .updateProfile(.remove(name: name, value: value))
    case let .unset(name): return .updateProfile(.unset(name: name))
    case .prepend:
      return .unsupported(
        ValidationIssue(
          vendor: "Mixpanel", rule: "profile-operation-unsupported",
          message: "Mixpanel has no '\(operation.operationName)' on profile properties: its list properties take "
            + "$append (at the end), $union and $remove (developer.mixpanel.com/reference/profile-list-append). "
            + "To fix this, use .append, or .union for a list without duplicates; the profile was not changed."))
    }
  case let .group(type, key, traits):
    return .setGroup(key: type, id: key, traits: traits)
  case let .alias(userId):
    return .alias(userId: userId)
  case .superProperties, .timeEvent:
    let what = if case .timeEvent = data { "a timed event" } else { "a super property" }
    return .unsupported(
      ValidationIssue(
        vendor: "Mixpanel", rule: "handled-by-pipeline",
        message: "\(what) is applied by the tracker's pipeline before mapping and has no Mixpanel form of its "
          + "own. To fix this, send it through mixpanelTracker, not mixpanelEvent(for:)."))
  }
}

/// The properties of a standard event on Mixpanel: Segment's e-commerce names
/// (segment.com/docs/connections/spec/ecommerce/v2/), which Segment's Mixpanel destination forwards as they
/// are; the order's amount is a number beside its ISO currency code, which Mixpanel sums as revenue
/// (docs.mixpanel.com/guides/guides-by-use-case/grow-your-usership/grow-revenue). Unknown values are left out.
///
/// ```swift
/// mixpanelStandardProperties(.searched(query: "boots"))   // ["query": "boots"]
/// ```
public func mixpanelStandardProperties(_ event: StandardEvent) -> [String: PropertyValue] {
  switch event {
  case let .productViewed(product), let .productAdded(product), let .productRemoved(product):
    return productProperties(product)
  case let .cartViewed(order):
    return ["value": .double(order.value), "currency": .string(order.currency), "products": products(of: order)]
  case let .checkoutStarted(order):
    var properties = orderAmounts(order)
    properties["value"] = .double(order.value)
    return properties
  case let .orderCompleted(order):
    var properties = orderAmounts(order)
    properties["total"] = .double(order.value)
    properties["subtotal"] = .double(order.subtotal)
    properties["revenue"] = .double(order.revenue ?? order.value)
    return properties
  case let .orderRefunded(order):
    var properties: [String: PropertyValue] = [
      "total": .double(order.value), "currency": .string(order.currency), "products": products(of: order),
    ]
    properties["order_id"] = order.id.map(PropertyValue.string)
    return properties
  case let .signedUp(method), let .loggedIn(method):
    return method.map { ["method": .string($0)] } ?? [:]
  case let .searched(query):
    return ["query": .string(query)]
  case let .shared(method, contentType, itemId):
    var properties: [String: PropertyValue] = [:]
    properties["method"] = method.map(PropertyValue.string)
    properties["content_type"] = contentType.map(PropertyValue.string)
    properties["item_id"] = itemId.map(PropertyValue.string)
    return properties
  }
}

/// `order_id`, `revenue`, `tax`, `shipping`, `discount`, `coupon`, `currency` and `products`, those known.
private func orderAmounts(_ order: Order) -> [String: PropertyValue] {
  var properties: [String: PropertyValue] = ["currency": .string(order.currency), "products": products(of: order)]
  properties["order_id"] = order.id.map(PropertyValue.string)
  properties["revenue"] = order.revenue.map(PropertyValue.double)
  properties["tax"] = order.tax.map(PropertyValue.double)
  properties["shipping"] = order.shipping.map(PropertyValue.double)
  properties["discount"] = order.discount.map(PropertyValue.double)
  properties["coupon"] = order.coupon.map(PropertyValue.string)
  return properties
}

private func products(of order: Order) -> PropertyValue {
  .array(order.products.map { .object(productProperties($0)) })
}

/// Segment's product fields: `product_id`, `sku`, `name`, `category`, `brand`, `variant`, `price`,
/// `quantity`, `coupon`, `currency`.
private func productProperties(_ product: Product) -> [String: PropertyValue] {
  var properties: [String: PropertyValue] = ["product_id": .string(product.id), "quantity": .int(product.quantity)]
  properties["sku"] = product.sku.map(PropertyValue.string)
  properties["name"] = product.name.map(PropertyValue.string)
  properties["category"] = product.category.map(PropertyValue.string)
  properties["brand"] = product.brand.map(PropertyValue.string)
  properties["variant"] = product.variant.map(PropertyValue.string)
  properties["price"] = product.price.map(PropertyValue.double)
  properties["coupon"] = product.coupon.map(PropertyValue.string)
  properties["currency"] = product.currency.map(PropertyValue.string)
  return properties
}

/// The names this module uses for the vocabulary cases Mixpanel has no direct form of.
public enum MixpanelNames {
  /// The event for a screen: `Screen Viewed`.
  public static let screenViewed = "Screen Viewed"
  /// Its property holding the screen's name: `Screen Name`.
  public static let screenName = "Screen Name"
  /// The event for ``Trackers/AnalyticsData/error(message:properties:)``: `App Error`.
  public static let error = "App Error"
  /// Its property holding the message: `Error Message`.
  public static let errorMessage = "Error Message"
}

/// `string` cut at a character boundary so its UTF-8 form has at most `limit` bytes.
func truncated(_ string: String, toUTF8Bytes limit: Int) -> String {
  guard string.utf8.count > limit else { return string }
  var result = ""
  var bytes = 0
  for character in string {
    let size = character.utf8.count
    if bytes + size > limit { break }
    result.append(character)
    bytes += size
  }
  return result
}
