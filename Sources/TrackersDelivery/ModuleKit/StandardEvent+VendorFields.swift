import Trackers

// The readers of the core's user model that only vendor modules need (issue 39): they live with the kit, so
// an app reading Trackers does not meet them. Each was declared in Trackers before 0.9.0; its callers are
// unchanged, with `import TrackersDelivery`.

extension ProfileOperation {
  /// The operation's name in messages: "set once", "increment", "append", "prepend", "union", "remove",
  /// "unset".
  public var operationName: String {
    switch self {
    case .setOnce: "set once"
    case .increment: "increment"
    case .append: "append"
    case .prepend: "prepend"
    case .union: "union"
    case .remove: "remove"
    case .unset: "unset"
    }
  }
}

extension StandardEvent {
  /// The event's fields as Segment's Spec sends them (V2 Ecommerce Events, B2B SaaS), those that are set,
  /// with `extra` (the app's own properties and the pipeline's) where the Spec has no field of the same
  /// name: what SegmentTracker sends, and PostHogTracker too, whose e-commerce spec takes Segment's names.
  /// A deep link is `url` and `referring_application` (Native Mobile Spec's `Deep Link Opened`, with the
  /// referrer under the name its `Application Opened` gives the source application); a push notification
  /// is the Spec's `campaign` object (`id`, `name`, `source`, `medium`, `term`, `content`, those that are
  /// set) and, opened, its `action`.
  ///
  /// Products carry the Spec's fields without `currency`, which the event or the order carries once. In an
  /// order, `total` is ``Trackers/StandardEvent/Order/value``, `subtotal` the products' amounts less the
  /// discount ("after discounts but before taxes and shipping"), `revenue`
  /// ``Trackers/StandardEvent/Order/revenueAmount`` ("excluding shipping and tax"); `Order Refunded` has the
  /// fields of `Order Completed` ("the same properties from the previous Order Completed call"); a share
  /// names its method `share_via`, as the Spec's sharing events do.
  public func specProperties(adding extra: AnalyticsData.Properties = [:]) -> AnalyticsData.Properties {
    var fields = extra
    func set(_ key: String, _ value: PropertyValue?) {
      if let value { fields[key] = value }
    }
    func products(of order: Order) -> PropertyValue {
      .array(order.products.map { .object($0.specProperties(includingCurrency: false)) })
    }
    func setOrder(_ order: Order) {
      set("order_id", order.id.map(PropertyValue.string))
      set("shipping", order.shipping.map(PropertyValue.double))
      set("tax", order.tax.map(PropertyValue.double))
      set("discount", order.discount.map(PropertyValue.double))
      set("coupon", order.coupon.map(PropertyValue.string))
      fields["revenue"] = .double(order.revenueAmount)
      fields["currency"] = .string(order.currency)
      fields["products"] = products(of: order)
    }
    switch self {
    case let .productViewed(product):
      fields.merge(product.specProperties(includingCurrency: true)) { _, spec in spec }
      set("value", product.amount.map(PropertyValue.double))
    case let .productAdded(product), let .productRemoved(product):
      fields.merge(product.specProperties(includingCurrency: true)) { _, spec in spec }
    case let .cartViewed(order):
      fields["currency"] = .string(order.currency)
      fields["products"] = products(of: order)
    case let .checkoutStarted(order):
      setOrder(order)
      fields["value"] = .double(order.value)
    case let .orderCompleted(order), let .orderRefunded(order):
      setOrder(order)
      fields["subtotal"] = .double(order.subtotal - (order.discount ?? 0))
      fields["total"] = .double(order.value)
    case let .signedUp(method), let .loggedIn(method):
      set("method", method.map(PropertyValue.string))
    case let .searched(query):
      fields["query"] = .string(query)
    case let .shared(method, contentType, itemId):
      set("share_via", method.map(PropertyValue.string))
      set("content_type", contentType.map(PropertyValue.string))
      set("item_id", itemId.map(PropertyValue.string))
    case let .deepLinkOpened(link):
      fields.merge(link.properties) { _, spec in spec }
    case let .pushNotificationReceived(push), let .pushNotificationOpened(push):
      fields.merge(push.properties) { _, spec in spec }
    }
    return fields
  }
}

extension StandardEvent.Product {
  /// The product's spec fields (``Trackers/StandardEvent/Product/properties``); without its `currency` for a
  /// vendor that carries the currency once, on the event or the order (Segment's and PostHog's e-commerce
  /// specs).
  public func specProperties(includingCurrency: Bool) -> AnalyticsData.Properties {
    var fields = properties
    if !includingCurrency { fields["currency"] = nil }
    return fields
  }
}

extension StandardEvent.DeepLink {
  /// The link with `url` and `referrer` as they are, not redacted again: for a redactor, which only ever
  /// removes more, and for a vendor module's repair, which cuts a value the vendor's SDK would cut. Pass
  /// only values made from this link's own (a prefix of ``Trackers/StandardEvent/DeepLink/url``, a redacted
  /// form of it): the parameters the link removed must stay removed.
  ///
  /// ```swift
  /// let cut = link.replacing(url: String(link.url.prefix(1024)), referrer: link.referrer)
  /// ```
  public func replacing(url: String, referrer: String?) -> StandardEvent.DeepLink {
    StandardEvent.DeepLink(redactedURL: url, referrer: referrer)
  }
}
