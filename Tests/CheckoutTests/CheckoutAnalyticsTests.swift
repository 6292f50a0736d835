import Checkout
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

  @Test func aPurchaseSendsExactlyTheseEventsInThisOrder() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let reducer = checkoutReducer(tracker: recorder.tracker)
    var checkout = Checkout()

    #expect(reducer(&checkout, .add(tea)) == nil)
    #expect(reducer(&checkout, .add(cake)) == nil)
    #expect(reducer(&checkout, .applyCoupon(code: "WELCOME5")) == nil)
    #expect(reducer(&checkout, .payTapped) == .chargeCard(amount: 5))
    #expect(reducer(&checkout, .paymentSucceeded(orderId: "o-1")) == nil)

    recorder.expect(
      .event(name: "Product Added", properties: ["sku": "tea", "price": 4.0]),
      .event(name: "Cart Total Changed", properties: ["from": 0.0, "to": 4.0]),
      .event(name: "Product Added", properties: ["sku": "cake", "price": 6.0]),
      .event(name: "Cart Total Changed", properties: ["from": 4.0, "to": 10.0]),
      .event(name: "Coupon Applied", properties: ["code": "WELCOME5", "valid": true]),
      .event(name: "Cart Total Changed", properties: ["from": 10.0, "to": 5.0]),
      .event(name: "Checkout Started", properties: ["item_count": 2, "value": 5.0]),
      .event(name: "Order Completed", properties: ["order_id": "o-1", "value": 5.0])
    )
    #expect(checkout.status == .paid(orderId: "o-1"))
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
    recorder.expect(.event(name: "Checkout Started", properties: ["item_count": 1, "value": 4.0]))
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
      .event(name: "Product Added", properties: ["sku": "tea", "price": 4.0]),
      .event(name: "Cart Total Changed", properties: ["from": 0.0, "to": 4.0]),
      .event(name: "Product Removed", properties: ["sku": "tea"]),
      .event(name: "Cart Total Changed", properties: ["from": 4.0, "to": 0.0]),
      .error(message: "payment failed", properties: ["reason": "card declined"])
    )
  }
}
