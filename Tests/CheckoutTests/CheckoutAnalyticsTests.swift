import Checkout
import Foundation
import ShopTrackingPlanSupport
import Testing
import Trackers
import TrackersTesting

/// Together these tests send every checkout event, so they keep the plan (`TrackingPlan.json` beside this
/// file).
@Suite(.isolatedEnvironments, .trackingPlan(module: "Checkout", receivers: shopPlanReceivers))
struct CheckoutAnalyticsTests {
  let tea = Checkout.Item(sku: "tea", price: 4)
  let cake = Checkout.Item(sku: "cake", price: 6)

  let paidAt = Date(timeIntervalSince1970: 1_793_817_970)

  func product(_ item: Checkout.Item) -> StandardEvent.Product {
    StandardEvent.Product(id: item.sku, price: item.price, currency: "EUR")
  }

  @Test func aPurchaseSendsExactlyTheseEventsInThisOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let paidAt = paidAt
    let reducer = checkoutReducer(tracker: recorder.tracker, now: { paidAt })
    var checkout = Checkout()

    #expect(reducer(&checkout, .add(tea)) == nil)
    #expect(reducer(&checkout, .add(cake)) == nil)
    #expect(reducer(&checkout, .applyCoupon(code: "WELCOME5")) == nil)
    #expect(reducer(&checkout, .payTapped) == .chargeCard(amount: 5))
    #expect(reducer(&checkout, .paymentSucceeded(orderId: "o-1")) == nil)

    let cart = StandardEvent.Order(id: nil, currency: "EUR", products: [product(tea), product(cake)], total: 5, revenue: 5, discount: 5)
    var order = cart
    order.id = "o-1"
    recorder.expect(
      .standard(.productAdded(product(tea))),
      .event(name: "Cart Total Changed", properties: ["from": 0.0, "to": 4.0]),
      .standard(.productAdded(product(cake))),
      .event(name: "Cart Total Changed", properties: ["from": 4.0, "to": 10.0]),
      .event(name: "Coupon Applied", properties: ["code": "WELCOME5", "valid": true]),
      .event(name: "Cart Total Changed", properties: ["from": 10.0, "to": 5.0]),
      .timeEvent(name: "Order Completed"),
      .standard(.checkoutStarted(cart)),
      .standard(.orderCompleted(order)),
      .profile(.increment(name: "orders_count", by: 1)),
      .profile(.setOnce(name: "first_order_at", value: .date(paidAt)))
    )
    #expect(checkout.status == .paid(orderId: "o-1"))
  }

  @Test func theOrderCarriesItsRevenueAndTheDiscount() {
    let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
    let reducer = checkoutReducer(tracker: recorder.tracker, now: { Date(timeIntervalSince1970: 0) })
    var checkout = Checkout(items: [tea, cake], discount: 5)
    _ = reducer(&checkout, .payTapped)
    _ = reducer(&checkout, .paymentSucceeded(orderId: "o-2"))
    guard case let .standard(.orderCompleted(order), _)? = recorder.events.first(where: { $0.name == "Order Completed" })
    else {
      Issue.record("no Order Completed in \(recorder.events)")
      return
    }
    #expect(order.id == "o-2")
    #expect(order.revenue == 5 && order.total == 5 && order.discount == 5)
    #expect(order.subtotal == 10 && order.value == 5)
    #expect(StandardEvent.orderCompleted(order).issues(vendor: "Shop").isEmpty)
  }

  @Test func actionsThatChangeNothingSendNoChangeEvent() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let reducer = checkoutReducer(tracker: recorder.tracker)
    var checkout = Checkout(items: [tea])

    _ = reducer(&checkout, .remove(sku: "cake"))            // not in the cart
    _ = reducer(&checkout, .applyCoupon(code: "NOPE"))       // unknown coupon: total unchanged
    recorder.expect(.event(name: "Coupon Applied", properties: ["code": "NOPE", "valid": false]))

    _ = reducer(&checkout, .payTapped)
    _ = reducer(&checkout, .payTapped)                      // already paying: no second start
    let cart = StandardEvent.Order(id: nil, currency: "EUR", products: [product(tea)], total: 4, revenue: 4)
    recorder.expect(.timeEvent(name: "Order Completed"), .standard(.checkoutStarted(cart)))
  }

  @Test func anEmptyCartCannotCheckOutAndAFailedPaymentIsAnError() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let reducer = checkoutReducer(tracker: recorder.tracker)
    var checkout = Checkout()

    #expect(reducer(&checkout, .payTapped) == nil)
    recorder.expectNoEvents()

    _ = reducer(&checkout, .add(tea))
    _ = reducer(&checkout, .remove(sku: "tea"))
    _ = reducer(&checkout, .paymentFailed(reason: "card declined"))
    recorder.expect(
      .standard(.productAdded(product(tea))),
      .event(name: "Cart Total Changed", properties: ["from": 0.0, "to": 4.0]),
      .standard(.productRemoved(product(tea))),
      .event(name: "Cart Total Changed", properties: ["from": 4.0, "to": 0.0]),
      .error(message: "payment failed", properties: ["reason": "card declined"])
    )
  }
}
