import Foundation
import Trackers
import TrackersDelivery

/// The TelemetryDeck form of a vocabulary event; pure, so tests and tracking plans can check it.
///
/// | ``Trackers/AnalyticsData`` | TelemetryDeck |
/// |---|---|
/// | `.event(name, properties)` | signal `type: name`, the properties as the payload |
/// | `.screen(name, properties)` | signal `type: "Screen Viewed"` with `screenName: name` |
/// | `.error(message, properties)` | signal `type: "Error"` with `message` |
/// | `.lifecycle(event)` | signal `type: event.name` ("Application Opened") with its properties |
/// | `.userProperty(name, value)` | kept with the identity and added to every later signal's payload |
/// | `.userId(id)` | nothing sent; later signals' `clientUser` is the hash of `id` (`nil`: the anonymous id's, which stays; the user's properties go) |
/// | `.signIn(userId, traits)` | as `.userId(userId)` then `.userProperties(traits)`, in one change: nothing sent (no traits: as `.userId`) |
/// | `.reset` | applied by ``TrackersDelivery/VendorPipeline``: a new anonymous id, no user properties; mapped directly: ``TelemetryDeckEvent/unsupported(kind:)`` |
/// | `.standard(event, properties)` | signal `type: event.name` ("Order Completed"), its fields flattened into the payload (see ``TelemetryDeckNames``), the order's value or the product's amount as `floatValue` |
/// | `.profile(.unset(name))` | as `.userProperty(name, nil)`: the property leaves later signals' payload |
/// | `.alias`, `.group`, other `.profile` operations | ``TelemetryDeckEvent/unsupported(kind:)``: TelemetryDeck has no identity merge, groups or profiles; refused by ``telemetryDeckIssues(for:)`` |
/// | `.superProperties`, `.timeEvent` | applied by ``TrackersDelivery/VendorPipeline`` before mapping; mapped directly: ``TelemetryDeckEvent/unsupported(kind:)`` |
///
/// Payload values become strings, as the SDK 2.x sends them: numbers as Swift writes them (`"3"`,
/// `"9.99"`), Booleans as `"true"` and `"false"`, dates as ISO-8601 (`"2023-11-14T22:13:20.000Z"`); a
/// `nil` value is left out. A number in the property `floatValue` becomes the signal's top-level
/// `floatValue`, the one number TelemetryDeck aggregates (sums, averages). Arrays and objects have no
/// string form TelemetryDeck can group by, so ``telemetryDeckIssues(for:)`` rejects them; the mapping, which must be
/// total, writes them as JSON text.
///
/// ```swift
/// telemetryDeckSignal(for: .screen(name: "Cart"))
/// // .signal(type: "Screen Viewed", payload: ["screenName": "Cart"], floatValue: nil)
/// ```
public func telemetryDeckSignal(for data: AnalyticsData) -> TelemetryDeckEvent {
  switch data {
  case let .event(name, properties):
    return signal(type: name, properties: properties)
  case let .screen(name, properties):
    var properties = properties
    properties[TelemetryDeckNames.screenName] = .string(name)
    return signal(type: TelemetryDeckNames.screenViewed, properties: properties)
  case let .error(message, properties):
    var properties = properties
    properties[TelemetryDeckNames.errorMessage] = .string(message)
    return signal(type: TelemetryDeckNames.error, properties: properties)
  case let .lifecycle(event):
    return signal(type: event.name, properties: event.properties)
  case let .userProperty(name, value):
    return .userProperty(name: name, value: payloadString(value))
  case let .userProperties(properties):
    return .userProperties(properties.mapValues(payloadString))
  case let .userId(id):
    return .userId(id)
  case let .signIn(userId, traits):
    return traits.isEmpty ? .userId(userId) : .signIn(userId: userId, properties: traits.mapValues(payloadString))
  case let .standard(event, properties):
    return standardSignal(event, properties: properties)
  case let .profile(.unset(name)):
    return .userProperty(name: name, value: nil)
  case .alias, .group, .profile, .superProperties, .timeEvent, .reset:
    return .unsupported(kind: TelemetryDeckValidation.kind(of: data))
  }
}

/// A standard event as a signal: its neutral name as the type, its fields under lower-camel payload keys
/// (TelemetryDeck's style), the event's own properties over them, and the money it carries as `floatValue`,
/// the one number TelemetryDeck sums: an order's value, a product's price times its quantity.
///
/// A deep link is `url` (redacted) and `referrer`; a push notification its campaign flattened
/// (`campaignId`, `campaignName`, `campaignSource`, `campaignMedium`, `campaignTerm`, `campaignContent`) and
/// `action`. TelemetryDeck's SDK has no signal for either (its `TelemetryDeck.Acquisition.userAcquired` counts
/// a user once, by channel, not each link or notification), so they keep the neutral names, Segment's
/// `Deep Link Opened`, `Push Notification Received` and `Push Notification Tapped`.
///
/// Not the SDK's `TelemetryDeck.Purchase.completed`: that signal is for App Store purchases, its
/// `floatValue` in US dollars converted by the SDK from a StoreKit transaction, and the `TelemetryDeck.`
/// prefix is the SDK's own; an order here is in its own currency, which the payload's `currency` says.
private func standardSignal(_ event: StandardEvent, properties: AnalyticsData.Properties) -> TelemetryDeckEvent {
  var fields: AnalyticsData.Properties = [:]
  var floatValue: Double?
  if let product = event.product {
    fields = productFields(product)
    floatValue = product.amount
  }
  if let order = event.order {
    fields[TelemetryDeckNames.orderId] = order.id.map(PropertyValue.string)
    fields[TelemetryDeckNames.currency] = .string(order.currency)
    fields[TelemetryDeckNames.revenue] = .double(order.revenueAmount)
    fields["total"] = order.total.map(PropertyValue.double)
    fields["tax"] = order.tax.map(PropertyValue.double)
    fields["shipping"] = order.shipping.map(PropertyValue.double)
    fields["discount"] = order.discount.map(PropertyValue.double)
    fields["coupon"] = order.coupon.map(PropertyValue.string)
    // The payload holds strings: the products as the count of units and their ids, comma-separated.
    fields[TelemetryDeckNames.itemCount] = .int(order.products.reduce(0) { $0 + $1.quantity })
    fields[TelemetryDeckNames.productIds] = .string(order.products.map(\.id).joined(separator: ","))
    floatValue = order.value
  }
  switch event {
  case let .signedUp(method), let .loggedIn(method):
    fields["method"] = method.map(PropertyValue.string)
  case let .searched(query):
    fields["query"] = .string(query)
  case let .shared(method, contentType, itemId):
    fields["method"] = method.map(PropertyValue.string)
    fields["contentType"] = contentType.map(PropertyValue.string)
    fields["itemId"] = itemId.map(PropertyValue.string)
  case let .deepLinkOpened(link):
    fields["url"] = .string(link.url)
    fields["referrer"] = link.referrer.map(PropertyValue.string)
  case let .pushNotificationReceived(push), let .pushNotificationOpened(push):
    fields["campaignId"] = push.campaign.id.map(PropertyValue.string)
    fields["campaignName"] = push.campaign.name.map(PropertyValue.string)
    fields["campaignSource"] = push.campaign.source.map(PropertyValue.string)
    fields["campaignMedium"] = push.campaign.medium.map(PropertyValue.string)
    fields["campaignTerm"] = push.campaign.term.map(PropertyValue.string)
    fields["campaignContent"] = push.campaign.content.map(PropertyValue.string)
    fields["action"] = push.action.map(PropertyValue.string)
  default:
    break
  }
  if let floatValue { fields[TelemetryDeckNames.floatValue] = .double(floatValue) }
  // The app's own properties win, as they do over the context: it chose them for this signal.
  return signal(type: event.name, properties: fields.merging(properties) { _, own in own })
}

private func productFields(_ product: StandardEvent.Product) -> AnalyticsData.Properties {
  var fields: AnalyticsData.Properties = [
    TelemetryDeckNames.productId: .string(product.id), "quantity": .int(product.quantity),
  ]
  fields["productName"] = product.name.map(PropertyValue.string)
  fields["sku"] = product.sku.map(PropertyValue.string)
  fields["category"] = product.category.map(PropertyValue.string)
  fields["brand"] = product.brand.map(PropertyValue.string)
  fields["variant"] = product.variant.map(PropertyValue.string)
  fields["price"] = product.price.map(PropertyValue.double)
  fields["coupon"] = product.coupon.map(PropertyValue.string)
  fields[TelemetryDeckNames.currency] = product.currency.map(PropertyValue.string)
  return fields
}

/// The names this module uses for the vocabulary cases TelemetryDeck has no form of.
///
/// Screens are not sent as the SDK's `TelemetryDeck.Navigation.pathChanged`: that signal needs the path
/// the user came from (its `sourcePath` and `identifier`, "source -> destination"), which a pure mapping
/// of one event can't know, and the SDK reserves the `TelemetryDeck.` prefix for itself. Errors are not
/// `TelemetryDeck.Error.occurred` for the same prefix, and because that signal's `TelemetryDeck.Error.id`
/// must identify the kind of error, which a free-text message does not.
public enum TelemetryDeckNames {
  /// The signal type of a screen: `Screen Viewed`, the name Segment's spec (and this library's Mixpanel
  /// module) give it, next to the lifecycle's `Application Opened`.
  public static let screenViewed = "Screen Viewed"
  /// The payload key holding the screen's name: `screenName`, in the lower-camel style TelemetryDeck
  /// recommends for payload keys.
  public static let screenName = "screenName"
  /// The signal type of ``Trackers/AnalyticsData/error(message:properties:)``: `Error`.
  public static let error = "Error"
  /// The payload key holding the error's message: `message`.
  public static let errorMessage = "message"
  /// The property whose number becomes the signal's top-level `floatValue`.
  public static let floatValue = "floatValue"
  /// The payload key of a standard event's product id: `productId`.
  public static let productId = "productId"
  /// The payload key of an order's id: `orderId`.
  public static let orderId = "orderId"
  /// The payload key of the currency of an order or a product: `currency`.
  public static let currency = "currency"
  /// The payload key of an order's revenue (``Trackers/StandardEvent/Order/revenueAmount``): `revenue`.
  public static let revenue = "revenue"
  /// The payload key of the number of units in an order: `itemCount` (`count` is a key the server
  /// reserves).
  public static let itemCount = "itemCount"
  /// The payload key of an order's product ids, comma-separated: `productIds`.
  public static let productIds = "productIds"
  /// The payload key a timed event's duration is added under, in seconds: the SDK's own
  /// `TelemetryDeck.Signal.durationInSeconds` (what its `stopAndSendDurationSignal(_:parameters:)` adds),
  /// the one `TelemetryDeck.` key validation allows an app's event to carry.
  public static let durationInSeconds = "TelemetryDeck.Signal.durationInSeconds"
}

private func signal(type: String, properties: AnalyticsData.Properties) -> TelemetryDeckEvent {
  var payload: [String: String] = [:]
  payload.reserveCapacity(properties.count)
  var floatValue: Double?
  for (key, value) in properties {
    if key == TelemetryDeckNames.floatValue, let number = value.doubleValue {
      floatValue = number
    } else if let text = payloadString(value) {
      payload[key] = text
    }
  }
  return .signal(type: type, payload: payload, floatValue: floatValue)
}

/// A payload value as the SDK 2.x sends it: a string; `nil` for `null`, which is left out.
func payloadString(_ value: PropertyValue) -> String? {
  switch value {
  case let .string(text): text
  case let .int(number): String(number)
  case let .double(number): String(number)
  case let .bool(flag): flag ? "true" : "false"
  // Validation refuses a date ISO-8601 can't carry; sent anyway, it is left out, as `null` is.
  case let .date(date): VendorJSON.DateFormat.iso8601.canEncode(date) ? isoString(date) : nil
  case .array, .object: VendorJSON.string(value, dates: .iso8601, sortedKeys: true)
  case .null: nil
  }
}

/// `date` as ISO-8601 in UTC with milliseconds, "2023-11-14T22:13:20.000Z": `VendorJSON`'s `.iso8601`
/// encoding without its quotes (the library has no public function that returns the string).
private func isoString(_ date: Date) -> String {
  var bytes: [UInt8] = []
  VendorJSON.appendDate(date, format: .iso8601, to: &bytes)
  return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
}
