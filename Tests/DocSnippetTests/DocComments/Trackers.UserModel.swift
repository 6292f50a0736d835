// The Swift blocks of the doc comments of Sources/Trackers/UserModel/*.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Trackers

private func userModel(tracker: Tracker<AnalyticsData>, orderDate: Date) {
  compile {
    // snippet: Sources/Trackers/UserModel/ProfileOperation.swift#1
    tracker(.profile(.increment(name: "orders_count", by: 1)))
    tracker(.profile(.setOnce(name: "first_order_at", value: .date(orderDate))))
    tracker(.profile(.union(name: "interests", values: ["shoes", "hats"])))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/ProfileOperation.swift#2
    ProfileOperation.increment(name: "orders_count", by: "one").issues(vendor: "Mixpanel")
    // [Mixpanel: increment of 'orders_count' by "one": an increment adds a finite number ...]
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/SuperPropertyOperation.swift#1
    tracker(.superProperties(.register(["theme": "dark"])))
    tracker("Cart Opened")   // sent with theme = "dark"
    tracker(.superProperties(.unregister("theme")))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent+Product.swift#1
    let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", category: "Shoes", price: 89.5, quantity: 2, currency: "EUR")
    tracker(.standard(.productAdded(shoe)))
    // end snippet
  }
  compile {
    let shoe = StandardEvent.Product(id: "sku-1")
    // snippet: Sources/Trackers/UserModel/StandardEvent+Product.swift#2
    let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe], tax: 3.2, shipping: 4.9)
    order.subtotal   // 179.0
    order.value      // 187.1: the total, which GA4 calls value
    tracker(.standard(.orderCompleted(order)))
    // end snippet
  }
  compile {
    let shoe = StandardEvent.Product(id: "sku-1")
    let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe])
    // snippet: Sources/Trackers/UserModel/StandardEvent.swift#1
    tracker(.standard(.productViewed(shoe)))
    tracker(.standard(.orderCompleted(order), properties: ["gift_wrap": true]))
    tracker(.standard(.signedUp(method: "email")))
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/UserModel/StandardEvent.swift#2
    StandardEvent.orderCompleted(.init(currency: "EUR", products: [])).issues(vendor: "GA4")
    // [GA4: Order Completed has no order id: ... To fix this, set Order.id]
    // end snippet
  }
}
