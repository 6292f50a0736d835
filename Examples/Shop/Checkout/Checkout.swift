/// The checkout feature: a cart, a coupon, a payment. Plain state and actions, no analytics.
public struct Checkout: Sendable, Equatable {
  public struct Item: Sendable, Equatable {
    public var sku: String
    public var price: Double
    public init(sku: String, price: Double) {
      self.sku = sku
      self.price = price
    }
  }

  public enum Status: Sendable, Equatable {
    case shopping
    case paying
    case paid(orderId: String)
    case failed(reason: String)
  }

  public var items: [Item] = []
  public var discount: Double = 0
  public var status: Status = .shopping

  public init(items: [Item] = [], discount: Double = 0, status: Status = .shopping) {
    self.items = items
    self.discount = discount
    self.status = status
  }

  /// What the customer pays: the items less the discount, never below zero.
  public var total: Double {
    max(0, items.reduce(0) { $0 + $1.price } - discount)
  }
}

/// What can happen in checkout.
public enum CheckoutAction: Sendable, Equatable {
  case add(Checkout.Item)
  case remove(sku: String)
  case applyCoupon(code: String)
  case payTapped
  case paymentSucceeded(orderId: String)
  case paymentFailed(reason: String)
}

/// What the reducer asks the outside world to do next.
public enum CheckoutEffect: Sendable, Equatable {
  case chargeCard(amount: Double)
}

/// The coupons the shop knows, and what each takes off.
public let coupons: [String: Double] = ["WELCOME5": 5]

/// The checkout logic: pure, and unaware of analytics.
public func checkoutCore(_ state: inout Checkout, _ action: CheckoutAction) -> CheckoutEffect? {
  switch action {
  case let .add(item):
    state.items.append(item)
    return nil
  case let .remove(sku):
    if let index = state.items.firstIndex(where: { $0.sku == sku }) {
      state.items.remove(at: index)
    }
    return nil
  case let .applyCoupon(code):
    state.discount = coupons[code] ?? state.discount
    return nil
  case .payTapped:
    guard !state.items.isEmpty, state.status == .shopping else { return nil }
    state.status = .paying
    return .chargeCard(amount: state.total)
  case let .paymentSucceeded(orderId):
    state.status = .paid(orderId: orderId)
    return nil
  case let .paymentFailed(reason):
    state.status = .failed(reason: reason)
    return nil
  }
}
