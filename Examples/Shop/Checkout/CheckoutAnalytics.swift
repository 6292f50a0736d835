import Trackers

/// The checkout reducer with its analytics declared beside it: what each action means to analytics (seen
/// with the state before the action), and a "Cart Total Changed" event whenever the total really changes.
///
/// ```swift
/// let reducer = checkoutReducer(tracker: analytics)
/// var checkout = Checkout()
/// _ = reducer(&checkout, .add(.init(sku: "tea", price: 4)))
/// ```
public func checkoutReducer(
  tracker: @escaping Tracker<AnalyticsData>
) -> (inout Checkout, CheckoutAction) -> CheckoutEffect? {
  onChange(of: \.total, tracking(checkoutCore, with: tracker, checkoutAnalytics), with: tracker) { old, new in
    .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
  }
}

/// What an action means to analytics, given the state before it.
func checkoutAnalytics(_ state: Checkout, _ action: CheckoutAction) -> AnalyticsData? {
  switch action {
  case let .add(item):
    .event(name: "Product Added", properties: ["sku": .string(item.sku), "price": .double(item.price)])
  case let .remove(sku):
    state.items.contains { $0.sku == sku } ? .event(name: "Product Removed", properties: ["sku": .string(sku)]) : nil
  case let .applyCoupon(code):
    .event(name: "Coupon Applied", properties: ["code": .string(code), "valid": .bool(coupons[code] != nil)])
  case .payTapped:
    state.items.isEmpty || state.status != .shopping
      ? nil
      : .event(name: "Checkout Started", properties: ["item_count": .int(state.items.count), "value": .double(state.total)])
  case let .paymentSucceeded(orderId):
    .event(name: "Order Completed", properties: ["order_id": .string(orderId), "value": .double(state.total)])
  case let .paymentFailed(reason):
    .error(message: "payment failed", properties: ["reason": .string(reason)])
  }
}
