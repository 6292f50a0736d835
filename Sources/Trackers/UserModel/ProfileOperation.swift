/// A change to a property of the user's profile beyond setting it (``AnalyticsData/userProperty(name:value:)``
/// sets one): what Mixpanel's `/engage`, Amplitude's identify and PostHog's person properties offer.
///
/// Each vendor module maps the operations its vendor has onto its own wire form, and refuses the others
/// with a validation issue that names the operation (Segment's traits and GA4's user properties can only
/// be set): the event is counted and reported, never sent as a plain set.
///
/// ```swift
/// tracker(.profile(.increment(name: "orders_count", by: 1)))
/// tracker(.profile(.setOnce(name: "first_order_at", value: .date(orderDate))))
/// tracker(.profile(.union(name: "interests", values: ["shoes", "hats"])))
/// ```
public enum ProfileOperation: Sendable, Hashable {
  /// Sets the property only if the profile has no value for it yet.
  case setOnce(name: String, value: PropertyValue)
  /// Adds a number (an `.int` or a `.double`; negative to subtract) to the property.
  case increment(name: String, by: PropertyValue)
  /// Adds a value at the end of the list the property holds.
  case append(name: String, value: PropertyValue)
  /// Adds a value at the start of the list the property holds.
  case prepend(name: String, value: PropertyValue)
  /// Adds each of the values the list does not hold yet.
  case union(name: String, values: [PropertyValue])
  /// Removes a value from the list the property holds.
  case remove(name: String, value: PropertyValue)
  /// Removes the property from the profile.
  case unset(name: String)

  /// The name of the property the operation changes.
  public var name: String {
    switch self {
    case let .setOnce(name, _), let .increment(name, _), let .append(name, _), let .prepend(name, _),
      let .union(name, _), let .remove(name, _), let .unset(name):
      name
    }
  }


  /// The values the operation carries, in order (none for `unset`).
  public var values: [PropertyValue] {
    switch self {
    case let .setOnce(_, value), let .increment(_, value), let .append(_, value), let .prepend(_, value),
      let .remove(_, value):
      [value]
    case let .union(_, values): values
    case .unset: []
    }
  }

  /// The rules every vendor applies alike: an increment adds a finite number.
  ///
  /// ```swift
  /// ProfileOperation.increment(name: "orders_count", by: "one").issues(vendor: "Mixpanel")
  /// // [Mixpanel: increment of 'orders_count' by "one": an increment adds a finite number ...]
  /// ```
  public func issues(vendor: String) -> [ValidationIssue] {
    guard case let .increment(name, amount) = self else { return [] }
    switch amount {
    case .int: return []
    case let .double(number) where number.isFinite: return []
    default:
      return [
        ValidationIssue(
          vendor: vendor, rule: "profile-increment-number",
          message: "increment of '\(name)' by \(amount): an increment adds a finite number (.int or .double). "
            + "To fix this, pass the amount as a number")
      ]
    }
  }
}

extension ProfileOperation: CustomStringConvertible {
  /// `increment orders_count by 1`, `unset coupon`, `union interests ["shoes", "hats"]`.
  public var description: String {
    switch self {
    case let .setOnce(name, value): "set once \(name) = \(value)"
    case let .increment(name, amount): "increment \(name) by \(amount)"
    case let .append(name, value): "append \(name) \(value)"
    case let .prepend(name, value): "prepend \(name) \(value)"
    case let .union(name, values): "union \(name) \(PropertyValue.array(values))"
    case let .remove(name, value): "remove \(name) \(value)"
    case let .unset(name): "unset \(name)"
    }
  }
}
