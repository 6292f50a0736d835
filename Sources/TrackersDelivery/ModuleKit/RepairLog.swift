import Trackers

/// What a module's repair changed, rule by rule: the members each rule changed (or found and sent as they
/// are), in the order they were met, and the issues they make for ``EventRepair/repairs``, one per rule, in
/// rule-id order.
///
/// ```swift
/// var log = RepairLog(vendor: "Acme", sentAsIsRules: ["value-needs-currency"])
/// log.note("property-value-length", "'description'")
/// let repairs = log.issues { rule, members in "\(members) cut to 100 characters (rule \(rule))" }
/// ```
public struct RepairLog: Sendable {
  /// The vendor the issues name.
  public let vendor: String
  /// The rules whose members are sent as they are (``EventRepair/sentAsIs``) rather than changed.
  public let sentAsIsRules: Set<String>
  private var members: [String: [String]] = [:]

  /// An empty log for `vendor`'s rules.
  public init(vendor: String, sentAsIsRules: Set<String>) {
    self.vendor = vendor
    self.sentAsIsRules = sentAsIsRules
  }

  /// `member` (as a message names it: `'description'`) was changed, or found, for `rule`.
  public mutating func note(_ rule: String, _ member: String) {
    members[rule, default: []].append(member)
  }

  /// The rules sent as they are that were noted.
  public var sentAsIs: Set<String> { Set(members.keys).intersection(sentAsIsRules) }

  /// One issue per rule noted, in rule-id order, its message made of the rule and its members (joined
  /// with ", ").
  public func issues(message: (_ rule: String, _ members: String) -> String) -> [ValidationIssue] {
    members.sorted { $0.key < $1.key }.map { rule, members in
      ValidationIssue(vendor: vendor, rule: rule, message: message(rule, members.joined(separator: ", ")))
    }
  }
}

extension StandardEvent {
  /// The event with each of its texts replaced by `transform`, given the field's spec name as validation
  /// names it (`'name'`, `'products'[1].name`, `'campaign'.id`) and the text; its numbers stay as they are.
  /// For a module's repair that cuts strings where the vendor's SDK cuts them (Amplitude's, Mixpanel's).
  ///
  /// ```swift
  /// let cut = event.replacingTexts { _, text in String(text.prefix(255)) }
  /// ```
  public func replacingTexts(_ transform: (_ field: String, _ text: String) -> String) -> StandardEvent {
    /// `field` names a product's field: `'name'` for a product event's, `'products'[1].name` in an order.
    func product(_ product: Product, field: (String) -> String) -> Product {
      func text(_ key: String, _ value: String?) -> String? { value.map { transform(field(key), $0) } }
      var new = product
      new.id = transform(field("product_id"), product.id)
      new.name = text("name", product.name)
      new.sku = text("sku", product.sku)
      new.category = text("category", product.category)
      new.brand = text("brand", product.brand)
      new.variant = text("variant", product.variant)
      new.coupon = text("coupon", product.coupon)
      new.currency = text("currency", product.currency)
      return new
    }
    func order(_ order: Order) -> Order {
      var new = order
      new.id = order.id.map { transform("'order_id'", $0) }
      new.currency = transform("'currency'", order.currency)
      new.coupon = order.coupon.map { transform("'coupon'", $0) }
      new.products = order.products.enumerated().map { index, value in
        product(value) { "'products'[\(index)].\($0)" }
      }
      return new
    }
    func optional(_ key: String, _ value: String?) -> String? { value.map { transform("'\(key)'", $0) } }
    func push(_ push: PushNotification) -> PushNotification {
      var new = push
      for (key, field) in [
        ("id", \Campaign.id), ("name", \.name), ("source", \.source), ("medium", \.medium), ("term", \.term),
        ("content", \.content),
      ] {
        new.campaign[keyPath: field] = push.campaign[keyPath: field].map { transform("'campaign'.\(key)", $0) }
      }
      new.action = optional("action", push.action)
      return new
    }
    func topLevel(_ value: Product) -> Product { product(value) { "'\($0)'" } }
    switch self {
    case let .productViewed(value): return .productViewed(topLevel(value))
    case let .productAdded(value): return .productAdded(topLevel(value))
    case let .productRemoved(value): return .productRemoved(topLevel(value))
    case let .cartViewed(value): return .cartViewed(order(value))
    case let .checkoutStarted(value): return .checkoutStarted(order(value))
    case let .orderCompleted(value): return .orderCompleted(order(value))
    case let .orderRefunded(value): return .orderRefunded(order(value))
    case let .signedUp(method): return .signedUp(method: optional("method", method))
    case let .loggedIn(method): return .loggedIn(method: optional("method", method))
    case let .searched(query): return .searched(query: transform("'query'", query))
    case let .shared(method, contentType, itemId):
      return .shared(
        method: optional("share_via", method), contentType: optional("content_type", contentType),
        itemId: optional("item_id", itemId))
    case let .deepLinkOpened(link):
      return .deepLinkOpened(
        link.replacing(url: transform("'url'", link.url), referrer: optional("referring_application", link.referrer)))
    case let .pushNotificationReceived(value): return .pushNotificationReceived(push(value))
    case let .pushNotificationOpened(value): return .pushNotificationOpened(push(value))
    }
  }
}
