import Foundation
import Trackers

/// The checkout reducer with its analytics declared beside it: what each action means to analytics (seen
/// with the state before the action), and a "Cart Total Changed" event whenever the total really changes.
///
/// `now` dates the customer's first order (`first_order_at`); a test or a scripted run passes a fixed clock.
///
/// ```swift
/// let reducer = checkoutReducer(tracker: analytics)
/// var checkout = Checkout()
/// _ = reducer(&checkout, .add(.init(sku: "tea", price: 4)))
/// ```
public func checkoutReducer(
  tracker: @escaping Tracker<AnalyticsData>, now: @escaping @Sendable () -> Date = Date.init
) -> (inout Checkout, CheckoutAction) -> CheckoutEffect? {
  onChange(of: \.total, tracking(checkoutCore, with: tracker) { checkoutAnalytics($0, $1, now: now) }, with: tracker) { old, new in
    .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
  }
}

/// The currency of every amount in checkout: the shop sells in euros.
let checkoutCurrency = "EUR"

/// What an action means to analytics, given the state before it, in order.
///
/// The cart's steps are the vocabulary's standard e-commerce events, so each vendor gets its own names and
/// revenue fields. Starting checkout also starts a timer for "Order Completed", which then carries how long
/// paying took; a paid order counts towards the customer's `orders_count` and dates their first order.
func checkoutAnalytics(_ state: Checkout, _ action: CheckoutAction, now: () -> Date) -> [AnalyticsData] {
  switch action {
  case let .add(item):
    return [.standard(.productAdded(item.analyticsProduct))]
  case let .remove(sku):
    guard let item = state.items.first(where: { $0.sku == sku }) else { return [] }
    return [.standard(.productRemoved(item.analyticsProduct))]
  case let .applyCoupon(code):
    return [.event(name: "Coupon Applied", properties: ["code": .string(code), "valid": .bool(coupons[code] != nil)])]
  case .payTapped:
    guard !state.items.isEmpty, state.status == .shopping else { return [] }
    return [
      .timeEvent(name: StandardEvent.orderCompleted(state.order(id: nil)).name),
      .standard(.checkoutStarted(state.order(id: nil))),
    ]
  case let .paymentSucceeded(orderId):
    return [
      .standard(.orderCompleted(state.order(id: orderId))),
      .profile(.increment(name: "orders_count", by: .int(1))),
      .profile(.setOnce(name: "first_order_at", value: .date(now()))),
    ]
  case let .paymentFailed(reason):
    return [.error(message: "payment failed", properties: ["reason": .string(reason)])]
  }
}

extension Checkout.Item {
  /// The item as the standard e-commerce events carry it: the SKU is its id.
  var analyticsProduct: StandardEvent.Product {
    StandardEvent.Product(id: sku, price: price, currency: checkoutCurrency)
  }
}

extension Checkout {
  /// The cart as an order: its items, the coupon's discount, and what the customer pays as its total and
  /// its revenue.
  func order(id: String?) -> StandardEvent.Order {
    StandardEvent.Order(
      id: id, currency: checkoutCurrency, products: items.map(\.analyticsProduct), total: total, revenue: total,
      discount: discount > 0 ? discount : nil)
  }
}
