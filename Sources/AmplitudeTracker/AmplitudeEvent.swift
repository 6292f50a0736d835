import Trackers

/// What the Amplitude HTTP V2 API receives: the vendor-shaped form of ``Trackers/AnalyticsData``.
///
/// ``amplitudeTracker`` maps each vocabulary case to one of these (see ``amplitudeEvent(for:)``), validates
/// it, and hands it to ``Current``'s `send`. Tests that record `send` compare against these values.
///
/// ```swift
/// amplitudeEvent(for: .screen(name: "Cart"))
/// // .event(type: "[Amplitude] Screen Viewed", properties: ["[Amplitude] Screen Name": "Cart"])
/// ```
public enum AmplitudeEvent: Sendable, Hashable {
  /// An entry of the request's `events` array: `{"event_type": type, "event_properties": properties, ...}`.
  case event(type: String, properties: [String: PropertyValue])
  /// An event that also carries Amplitude's revenue fields at the top level of the event (`revenue`,
  /// `revenueType`, `currency`, ...), which put it in Amplitude's revenue charts.
  ///
  /// Indirect: its revenue fields would make every event several times larger, and events are copied on
  /// their way to the queue.
  indirect case revenue(type: String, properties: [String: PropertyValue], revenue: Revenue)
  /// A `$identify` event with `user_properties: {"$set": {name: value}}`.
  case userProperty(name: String, value: PropertyValue)
  /// One `$identify` event that sets several user properties: `user_properties: {"$set": {name: value,
  /// ...}}`, as Amplitude-Swift's `Identify().set(...).set(...)` sends them together.
  case userProperties([String: PropertyValue])
  /// A `$identify` event with one of Amplitude's other user property operations:
  /// `user_properties: {"$add": {name: value}}`, and so on (see ``IdentifyOperation``).
  case identify(IdentifyOperation, name: String, value: PropertyValue)
  /// Puts the user in the group `key` of type `type`: `groups: {type: key}` on every later event, a
  /// `$identify` with `groups` and `user_properties: {"$set": {type: key}}` now (Amplitude-Swift's
  /// `setGroup`), and, when there are properties, a `$groupidentify` with `groups: {type: key}` and
  /// `group_properties: {"$set": properties}` (Amplitude-Swift's `groupIdentify`).
  case group(type: String, key: String, properties: [String: PropertyValue])
  /// Signs a user in (`user_id` on every following event, next to the same `device_id`, which links them)
  /// or out (`nil`: a new `device_id` starts). Nothing is sent for it by itself, as with Amplitude-Swift's
  /// `setUserId`.
  case userId(String?)
  /// Signs a user in and sets their user properties in one `$identify` event that carries the new
  /// `user_id` and `user_properties: {"$set": properties}`: Amplitude-Swift's `setUserId(userId:)`, which
  /// sends nothing by itself, then `identify(identify: Identify().set(...))`, one `$identify`
  /// (Sources/Amplitude/Amplitude.swift, `setUserId` and `identify(identify:options:)`); `user_id` on
  /// every following event, as after ``userId(_:)``.
  case signIn(userId: String, properties: [String: PropertyValue])
  /// Nothing sent: Amplitude links a device to a user by itself, when an event carries both the
  /// `device_id` and the `user_id` (a sign-in does that); its HTTP V2 API has no alias.
  case alias(userId: String)
  /// A vocabulary case that ``TrackersDelivery/VendorPipeline`` handles before mapping (super properties,
  /// timed events): never sent. Validation refuses the vocabulary event with rule `handled-by-pipeline`;
  /// given to the live `send` directly, it is counted in
  /// ``TrackersDelivery/TrackerCounters/unsupportedByKind`` under its kind, `superProperties` or `timeEvent`.
  case notSent(kind: String)

  /// Amplitude's user property operations besides `$set` (``AmplitudeEvent/userProperty(name:value:)``),
  /// as the Identify API documents them (amplitude.com/docs/apis/analytics/identify, "user_properties
  /// supported operations") and Amplitude-Swift's `Identify` sends them.
  public enum IdentifyOperation: String, Sendable, Hashable, CaseIterable {
    /// `$setOnce`: sets the value only if the property has none yet.
    case setOnce = "$setOnce"
    /// `$add`: adds a number to a numeric property.
    case add = "$add"
    /// `$append`: adds the value (each element of an array) at the end of the property's list.
    case append = "$append"
    /// `$prepend`: adds the value (each element of an array) at the start of the property's list.
    case prepend = "$prepend"
    /// `$preInsert`: adds the values the list does not hold yet, at its start.
    case preInsert = "$preInsert"
    /// `$postInsert`: adds the values the list does not hold yet, at its end (a union).
    case postInsert = "$postInsert"
    /// `$remove`: removes every instance of the value (each element of an array) from the list.
    case remove = "$remove"
    /// `$unset`: removes the property (the value is ignored; Amplitude-Swift sends `"-"`).
    case unset = "$unset"
  }

  /// The HTTP V2 API's revenue fields, sent at the top level of an event
  /// (amplitude.com/docs/apis/analytics/http-v2, "Event array keys"): with `price`, `quantity` and
  /// `revenue` all present, Amplitude takes `price` x `quantity` as the revenue; negative values are
  /// refunds. `nil` fields are left out.
  public struct Revenue: Sendable, Hashable {
    /// `price`: the price of the item purchased; negative for a refund.
    public var price: Double?
    /// `quantity`: the quantity purchased (Amplitude's default 1).
    public var quantity: Int?
    /// `revenue`: the revenue; negative for a refund.
    public var revenue: Double?
    /// `productId`: the item's identifier.
    public var productId: String?
    /// `revenueType`: the kind of revenue, such as "purchase" or "refund".
    public var revenueType: String?
    /// `currency`: a 3-letter uppercase ISO 4217 code.
    public var currency: String?

    /// Revenue fields; those left `nil` are not sent.
    public init(
      price: Double? = nil, quantity: Int? = nil, revenue: Double? = nil, productId: String? = nil,
      revenueType: String? = nil, currency: String? = nil
    ) {
      self.price = price
      self.quantity = quantity
      self.revenue = revenue
      self.productId = productId
      self.revenueType = revenueType
      self.currency = currency
    }
  }
}

extension AmplitudeEvent: CustomStringConvertible {
  /// One readable line, like ``Trackers/AnalyticsData``'s.
  public var description: String {
    switch self {
    case let .event(type, properties):
      properties.isEmpty ? "event \(type)" : "event \(type) \(PropertyValue.object(properties))"
    case let .revenue(type, properties, revenue):
      "event \(type) \(PropertyValue.object(properties)) \(revenue)"
    case let .userProperty(name, value):
      "userProperty \(name) = \(value)"
    case let .userProperties(properties):
      "userProperties \(PropertyValue.object(properties))"
    case let .identify(operation, name, value):
      "identify \(operation.rawValue) \(name) = \(value)"
    case let .group(type, key, properties):
      properties.isEmpty
        ? "group \(type) = \(PropertyValue.string(key))"
        : "group \(type) = \(PropertyValue.string(key)) \(PropertyValue.object(properties))"
    case let .userId(id?):
      "userId \(PropertyValue.string(id))"
    case .userId(nil):
      "userId nil (signed out, the device stays)"
    case let .signIn(userId, properties):
      "signIn \(PropertyValue.string(userId)) \(PropertyValue.object(properties))"
    case let .alias(userId):
      "alias \(PropertyValue.string(userId)) (nothing sent: Amplitude links the device_id and user_id of one event)"
    case let .notSent(kind):
      "\(kind) (not sent)"
    }
  }
}

extension AmplitudeEvent.Revenue: CustomStringConvertible {
  /// The fields that are set, as Amplitude names them: `revenue 42.5 revenueType purchase currency EUR`.
  public var description: String {
    var parts: [String] = []
    if let price { parts.append("price \(price)") }
    if let quantity { parts.append("quantity \(quantity)") }
    if let revenue { parts.append("revenue \(revenue)") }
    if let productId { parts.append("productId \(productId)") }
    if let revenueType { parts.append("revenueType \(revenueType)") }
    if let currency { parts.append("currency \(currency)") }
    return parts.joined(separator: " ")
  }
}
