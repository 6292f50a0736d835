import Testing
import Trackers

private struct Cart: Equatable {
  var items: [String] = []
  var total: Double = 0
  var orderNumber: Int?
}

private enum CartAction: Equatable {
  case add(String, price: Double)
  case remove(String, price: Double)
  case recalculate
  case checkout
}

/// The feature's reducer; returns an "effect" (here: how many items it touched) to prove results pass through.
private func cartReducer(_ cart: inout Cart, _ action: CartAction) -> Int {
  switch action {
  case let .add(item, price):
    cart.items.append(item)
    cart.total += price
    return 1
  case let .remove(item, price):
    guard let index = cart.items.firstIndex(of: item) else { return 0 }
    cart.items.remove(at: index)
    cart.total -= price
    return 1
  case .recalculate:
    let total = cart.total
    cart.total = total  // an equal re-assignment
    return 0
  case .checkout:
    cart.orderNumber = 1001
    return cart.items.count
  }
}

@Suite struct ReducerTrackingTests {
  @Test func theMappingSeesTheStateBeforeTheActionAndTheResultPassesThrough() {
    let log = EventLog<AnalyticsData>()
    let reducer = tracking(cartReducer, with: log.tracker) { cart, action in
      guard case .add = action else { return nil }
      return .event(name: "Item Added", properties: ["itemsBefore": .int(cart.items.count)])
    }
    var cart = Cart()
    #expect(reducer(&cart, .add("tea", price: 4)) == 1)
    #expect(reducer(&cart, .add("cake", price: 6)) == 1)
    #expect(cart.items == ["tea", "cake"])
    #expect(log.events == [
      .event(name: "Item Added", properties: ["itemsBefore": 0]),
      .event(name: "Item Added", properties: ["itemsBefore": 1]),
    ])
  }

  @Test func theMappingRunsBeforeTheReducer() {
    let order = EventLog<String>()
    let record = order.tracker
    let reducer: (inout Cart, CartAction) -> Void = { _, _ in record("reducer") }
    let tracked = tracking(reducer, with: { _ in record("tracker") }) { _, _ in "Tapped" }
    var cart = Cart()
    tracked(&cart, .checkout)
    #expect(order.events == ["tracker", "reducer"])
  }

  @Test func nilSendsNothing() {
    let log = EventLog<AnalyticsData>()
    let reducer = tracking(cartReducer, with: log.tracker) { (_: Cart, _: CartAction) -> AnalyticsData? in nil }
    var cart = Cart()
    _ = reducer(&cart, .add("tea", price: 4))
    #expect(log.events.isEmpty)
    #expect(cart.items == ["tea"])
  }

  @Test func severalEventsKeepTheirOrder() {
    let log = EventLog<AnalyticsData>()
    let reducer = tracking(cartReducer, with: log.tracker) { cart, action -> [AnalyticsData] in
      guard case .checkout = action else { return [] }
      return [
        .userProperty(name: "buyer", value: true),
        .event(name: "Checkout", properties: ["items": .int(cart.items.count)]),
        .screen(name: "Receipt"),
      ]
    }
    var cart = Cart(items: ["tea"], total: 4)
    #expect(reducer(&cart, .checkout) == 1)
    _ = reducer(&cart, .recalculate)
    #expect(log.events == [
      .userProperty(name: "buyer", value: true),
      .event(name: "Checkout", properties: ["items": 1]),
      .screen(name: "Receipt"),
    ])
  }

  @Test func theAfterReduceVariantSeesTheNewState() {
    let log = EventLog<AnalyticsData>()
    let reducer = tracking(afterReducing: cartReducer, with: log.tracker) { cart, action in
      guard case .checkout = action, let number = cart.orderNumber else { return nil }
      return .event(name: "Order Completed", properties: ["order": .int(number)])
    }
    var cart = Cart(items: ["tea"], total: 4)
    _ = reducer(&cart, .checkout)
    #expect(log.events == [.event(name: "Order Completed", properties: ["order": 1001])])
  }

  @Test func onChangeFiresOnlyOnRealChangesOncePerAction() {
    let log = EventLog<AnalyticsData>()
    let reducer = onChange(of: \.total, cartReducer, with: log.tracker) { old, new in
      .event(name: "Cart Total Changed", properties: ["from": .double(old), "to": .double(new)])
    }
    var cart = Cart()
    #expect(reducer(&cart, .add("tea", price: 4)) == 1)
    #expect(reducer(&cart, .recalculate) == 0)        // equal re-assignment: no event
    #expect(reducer(&cart, .remove("cake", price: 6)) == 0)  // nothing to remove: no change
    _ = reducer(&cart, .remove("tea", price: 4))
    #expect(log.events == [
      .event(name: "Cart Total Changed", properties: ["from": 0.0, "to": 4.0]),
      .event(name: "Cart Total Changed", properties: ["from": 4.0, "to": 0.0]),
    ])
  }

  @Test func onChangeWithAClosureAndANilMapping() {
    let log = EventLog<AnalyticsData>()
    let reducer = onChange(of: { (cart: Cart) in cart.items.count }, cartReducer, with: log.tracker) { old, new in
      new > old ? .event(name: "Cart Grew", properties: ["count": .int(new)]) : nil
    }
    var cart = Cart()
    _ = reducer(&cart, .add("tea", price: 4))
    _ = reducer(&cart, .remove("tea", price: 4))
    #expect(log.events == [.event(name: "Cart Grew", properties: ["count": 1])])
  }

  @Test func sameInputsGiveTheSameEvents() {
    func run() -> [AnalyticsData] {
      let log = EventLog<AnalyticsData>()
      let reducer = onChange(of: \.total, tracking(cartReducer, with: log.tracker) { _, action in
        if case let .add(item, _) = action { .event(name: "Added", properties: ["item": .string(item)]) } else { nil }
      }, with: log.tracker) { _, new in .event(name: "Total", properties: ["value": .double(new)]) }
      var cart = Cart()
      for action in [CartAction.add("a", price: 1), .recalculate, .add("b", price: 2), .checkout] {
        _ = reducer(&cart, action)
      }
      return log.events
    }
    let first = run()
    #expect(first == run())
    #expect(first == [
      .event(name: "Added", properties: ["item": "a"]), .event(name: "Total", properties: ["value": 1.0]),
      .event(name: "Added", properties: ["item": "b"]), .event(name: "Total", properties: ["value": 3.0]),
    ])
  }

  @Test func composesWithCombinePullbackAndLogging() {
    enum AppAnalytics: Equatable { case cart(AnalyticsData), other }
    let vendorA = EventLog<AnalyticsData>()
    let vendorB = EventLog<AnalyticsData>()
    let lines = LineLog()
    let appTracker: Tracker<AppAnalytics> = combine(
      pullback(vendorA.tracker) { if case let .cart(data) = $0 { data } else { nil } },
      pullback(vendorB.tracker) { if case let .cart(data) = $0 { data } else { nil } }
    )
    let cartTracker = logging(pullback(appTracker, transform: AppAnalytics.cart), label: "cart", to: lines.sink)
    let reducer = tracking(cartReducer, with: cartTracker) { _, action in
      action == .checkout ? "Checkout" : nil
    }
    var cart = Cart(items: ["tea"], total: 4)
    _ = reducer(&cart, .checkout)
    #expect(vendorA.events == ["Checkout"])
    #expect(vendorB.events == ["Checkout"])
    #expect(lines.all == ["cart: event Checkout"])
  }
}
