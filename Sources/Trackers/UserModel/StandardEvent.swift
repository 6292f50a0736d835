/// The common journeys every vendor has its own names for: e-commerce, sign-up, login, search, share, and
/// the deep links and push notifications that bring the user in.
///
/// Track one with ``AnalyticsData/standard(_:properties:)``; each vendor module sends it under its
/// vendor's name and fields (GA4's recommended events, Segment's e-commerce spec, ...), with an order's
/// money in the vendor's revenue fields. Its vendor-neutral ``name`` is Segment's spec name, which is also
/// what a timer (``AnalyticsData/timeEvent(name:)``) and a tracking plan match.
///
/// ```swift
/// tracker(.standard(.productViewed(shoe)))
/// tracker(.standard(.orderCompleted(order), properties: ["gift_wrap": true]))
/// tracker(.standard(.signedUp(method: "email")))
/// tracker(.standard(.deepLinkOpened(.init(url: url, keepingParameters: StandardEvent.DeepLink.campaignParameters))))
/// ```
public enum StandardEvent: Sendable, Hashable {
  /// The user saw a product's page (GA4 `view_item`).
  case productViewed(Product)
  /// The user added a product to the cart (GA4 `add_to_cart`).
  case productAdded(Product)
  /// The user removed a product from the cart (GA4 `remove_from_cart`).
  case productRemoved(Product)
  /// The user opened the cart (GA4 `view_cart`); the order holds the cart's products.
  case cartViewed(Order)
  /// The user started to check out (GA4 `begin_checkout`).
  case checkoutStarted(Order)
  /// The user paid (GA4 `purchase`); the order needs its ``Order/id``.
  case orderCompleted(Order)
  /// The order was refunded (GA4 `refund`); the order needs its ``Order/id``.
  case orderRefunded(Order)
  /// The user created an account (GA4 `sign_up`), with the method ("email", "apple").
  case signedUp(method: String?)
  /// The user signed in (GA4 `login`), with the method.
  case loggedIn(method: String?)
  /// The user searched (GA4 `search`).
  case searched(query: String)
  /// The user shared something (GA4 `share`): how, what kind of content, and its id.
  case shared(method: String?, contentType: String?, itemId: String?)
  /// A link opened the app (Segment's `Deep Link Opened`); the link's tokens are redacted when it is made.
  case deepLinkOpened(DeepLink)
  /// A push notification reached the app (Segment's `Push Notification Received`).
  case pushNotificationReceived(PushNotification)
  /// The user opened the app from a push notification (Segment's `Push Notification Tapped`).
  case pushNotificationOpened(PushNotification)

  /// The vendor-neutral name, Segment's spec name: "Product Viewed", "Order Completed", "Signed Up",
  /// "Products Searched", "Content Shared", "Deep Link Opened", "Push Notification Received", "Push
  /// Notification Tapped", ...
  public var name: String {
    switch self {
    case .productViewed: "Product Viewed"
    case .productAdded: "Product Added"
    case .productRemoved: "Product Removed"
    case .cartViewed: "Cart Viewed"
    case .checkoutStarted: "Checkout Started"
    case .orderCompleted: "Order Completed"
    case .orderRefunded: "Order Refunded"
    case .signedUp: "Signed Up"
    case .loggedIn: "Signed In"
    case .searched: "Products Searched"
    case .shared: "Content Shared"
    case .deepLinkOpened: "Deep Link Opened"
    case .pushNotificationReceived: "Push Notification Received"
    case .pushNotificationOpened: "Push Notification Tapped"
    }
  }

  /// The product of a product event, or `nil`.
  public var product: Product? {
    switch self {
    case let .productViewed(product), let .productAdded(product), let .productRemoved(product): product
    default: nil
    }
  }

  /// The order of a cart, checkout or order event, or `nil`.
  public var order: Order? {
    switch self {
    case let .cartViewed(order), let .checkoutStarted(order), let .orderCompleted(order), let .orderRefunded(order):
      order
    default: nil
    }
  }

  /// The push notification of a push event, or `nil`.
  package var pushNotification: PushNotification? {
    switch self {
    case let .pushNotificationReceived(push), let .pushNotificationOpened(push): push
    default: nil
    }
  }

  /// The rules every vendor applies alike, each issue naming its rule: amounts are finite and not
  /// negative, quantities at least 1, currencies three-letter ISO 4217 codes, a completed or refunded order
  /// has an id, ids, a search query and a deep link's URL are not empty.
  ///
  /// ```swift
  /// StandardEvent.orderCompleted(.init(currency: "EUR", products: [])).issues(vendor: "GA4")
  /// // [GA4: Order Completed has no order id: ... To fix this, set Order.id]
  /// ```
  public func issues(vendor: String) -> [ValidationIssue] {
    var issues: [ValidationIssue] = []
    func issue(_ rule: String, _ message: String) {
      issues.append(ValidationIssue(vendor: vendor, rule: rule, message: "\(name) \(message)"))
    }
    func check(amount: Double?, _ what: String) {
      guard let amount, !(amount.isFinite && amount >= 0) else { return }
      issue("standard-amount", "has \(what) \(amount): amounts are finite and not negative. To fix this, pass the "
        + "amount in the currency's units (a refund is an orderRefunded, not a negative amount)")
    }
    func check(currency: String?, _ what: String) {
      guard let currency else { return }
      let isCode = currency.utf8.count == 3 && currency.utf8.allSatisfy { (65...90).contains($0) }
      guard !isCode else { return }
      issue("standard-currency", "has \(what) '\(currency)': currencies are three capital letters (ISO 4217). "
        + "To fix this, pass a code like \"EUR\" or \"USD\"")
    }
    func check(_ product: Product) {
      if product.id.isEmpty {
        issue("standard-product-id", "has a product with an empty id. To fix this, set Product.id")
      }
      check(amount: product.price, "price of product '\(product.id)'")
      if product.quantity < 1 {
        issue("standard-quantity", "has quantity \(product.quantity) for product '\(product.id)': a quantity is "
          + "at least 1. To fix this, leave out products the user does not take")
      }
      check(currency: product.currency, "currency of product '\(product.id)'")
    }
    if let product {
      check(product)
    }
    if let order {
      check(currency: order.currency, "currency")
      for product in order.products { check(product) }
      check(amount: order.total, "total")
      check(amount: order.revenue, "revenue")
      check(amount: order.tax, "tax")
      check(amount: order.shipping, "shipping")
      check(amount: order.discount, "discount")
      check(amount: order.value, "value")
      // Without an explicit revenue, a discount larger than the subtotal makes it negative while the value
      // (which adds tax and shipping) is not; a bad value was reported already.
      if order.revenue == nil, order.value.isFinite, order.value >= 0 {
        check(amount: order.revenueAmount, "revenue (subtotal less discount)")
      }
      switch self {
      case .orderCompleted, .orderRefunded:
        if order.id?.isEmpty ?? true {
          issue("standard-order-id", "has no order id: a completed or refunded order is identified by it. "
            + "To fix this, set Order.id")
        }
      default: break
      }
    }
    if case let .searched(query) = self, query.isEmpty {
      issue("standard-search-query", "has an empty query. To fix this, track a search only once the user entered one")
    }
    if case let .deepLinkOpened(link) = self, link.url.isEmpty {
      issue("standard-deep-link-url", "has an empty URL. To fix this, pass the URL the system opened the app with")
    }
    return issues
  }
}

extension StandardEvent: CustomStringConvertible {
  /// The name and the fields that are set: `Order Completed {"currency": "EUR", "order_id": "o-1", ...}`.
  public var description: String {
    let fields = properties
    return fields.isEmpty ? name : "\(name) \(PropertyValue.object(fields))"
  }

  /// The event's fields as Segment's e-commerce spec names them (`product_id`, `order_id`, `total`,
  /// `products`, `query`, ...), only those that are set: the neutral form a vendor module without a
  /// vendor-specific mapping sends, and what descriptions and tracking plans show.
  public var properties: AnalyticsData.Properties {
    var fields: AnalyticsData.Properties = [:]
    if let product {
      fields = product.properties
    }
    if let order {
      if let id = order.id { fields["order_id"] = .string(id) }
      fields["currency"] = .string(order.currency)
      fields["value"] = .double(order.value)
      fields["revenue"] = .double(order.revenueAmount)
      if let total = order.total { fields["total"] = .double(total) }
      if let tax = order.tax { fields["tax"] = .double(tax) }
      if let shipping = order.shipping { fields["shipping"] = .double(shipping) }
      if let discount = order.discount { fields["discount"] = .double(discount) }
      if let coupon = order.coupon { fields["coupon"] = .string(coupon) }
      fields["products"] = .array(order.products.map { .object($0.properties) })
    }
    switch self {
    case let .signedUp(method), let .loggedIn(method):
      if let method { fields["method"] = .string(method) }
    case let .searched(query):
      fields["query"] = .string(query)
    case let .shared(method, contentType, itemId):
      if let method { fields["share_via"] = .string(method) }
      if let contentType { fields["content_type"] = .string(contentType) }
      if let itemId { fields["item_id"] = .string(itemId) }
    case let .deepLinkOpened(link):
      fields = link.properties
    case let .pushNotificationReceived(push), let .pushNotificationOpened(push):
      fields = push.properties
    default:
      break
    }
    return fields
  }
}

extension StandardEvent.Product {
  /// The product as Segment's e-commerce spec names its fields, only those that are set, its `currency`
  /// included.
  public var properties: AnalyticsData.Properties {
    var fields: AnalyticsData.Properties = ["product_id": .string(id), "quantity": .int(quantity)]
    if let name { fields["name"] = .string(name) }
    if let sku { fields["sku"] = .string(sku) }
    if let category { fields["category"] = .string(category) }
    if let brand { fields["brand"] = .string(brand) }
    if let variant { fields["variant"] = .string(variant) }
    if let price { fields["price"] = .double(price) }
    if let coupon { fields["coupon"] = .string(coupon) }
    if let currency { fields["currency"] = .string(currency) }
    return fields
  }
}
