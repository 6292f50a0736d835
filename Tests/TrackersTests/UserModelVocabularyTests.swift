import Foundation
import Testing
import Trackers

@Suite struct UserModelVocabularyTests {
  let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", category: "Shoes", price: 89.5, quantity: 2)

  @Test func anOrderAddsUpItsProductsLessTheDiscountPlusTaxAndShipping() {
    let order = StandardEvent.Order(id: "o-1", currency: "EUR", products: [shoe, StandardEvent.Product(id: "sku-2", price: 10)], tax: 3.5, shipping: 4.9, discount: 5)
    #expect(order.subtotal == 189)
    #expect(order.value == 189 - 5 + 3.5 + 4.9)
    #expect(order.revenueAmount == 184)
    #expect(StandardEvent.Order(currency: "EUR", products: [shoe], total: 200, revenue: 150).value == 200)
    #expect(StandardEvent.Order(currency: "EUR", products: [shoe], total: 200, revenue: 150).revenueAmount == 150)
  }

  @Test func standardEventsHaveSegmentSpecNamesAndFields() {
    let order = StandardEvent.Order(id: "o-1", currency: "EUR", products: [shoe], shipping: 5, coupon: "WELCOME")
    let data = AnalyticsData.standard(.orderCompleted(order), properties: ["gift": true])
    #expect(data.name == "Order Completed")
    #expect(data.properties == ["gift": true])
    #expect(StandardEvent.orderCompleted(order).properties == [
      "order_id": "o-1", "currency": "EUR", "value": 184.0, "revenue": 179.0, "shipping": 5.0, "coupon": "WELCOME",
      "products": [["product_id": "sku-1", "name": "Trail Shoe", "category": "Shoes", "price": 89.5, "quantity": 2]],
    ])
    #expect(StandardEvent.searched(query: "boots").properties == ["query": "boots"])
    #expect(StandardEvent.loggedIn(method: nil).properties == [:])
    #expect(StandardEvent.shared(method: "sms", contentType: "product", itemId: "sku-1").name == "Content Shared")
  }

  @Test func descriptionsNameEachNewCase() {
    #expect(AnalyticsData.standard(.searched(query: "boots")).description == #"standard Products Searched {"query": "boots"}"#)
    #expect(AnalyticsData.alias(userId: "user-42").description == #"alias "user-42""#)
    #expect(AnalyticsData.group(type: "company", key: "acme", traits: ["plan": "pro"]).description == #"group company acme {"plan": "pro"}"#)
    #expect(AnalyticsData.profile(.increment(name: "orders_count", by: 1)).description == "profile increment orders_count by 1")
    #expect(AnalyticsData.profile(.union(name: "tags", values: ["a", "b"])).description == #"profile union tags ["a", "b"]"#)
    #expect(AnalyticsData.superProperties(.register(["theme": "dark"])).description == #"superProperties register {"theme": "dark"}"#)
    #expect(AnalyticsData.superProperties(.unregisterAll).description == "superProperties unregister all")
    #expect(AnalyticsData.timeEvent(name: "Order Completed").description == "timeEvent Order Completed")
  }

  @Test func standardEventRulesNameWhatIsWrong() {
    let refund = StandardEvent.orderRefunded(StandardEvent.Order(currency: "eur", products: [StandardEvent.Product(id: "", price: -.infinity, quantity: 0)]))
    #expect(refund.issues(vendor: "GA4").map(\.rule) == [
      "standard-currency", "standard-product-id", "standard-amount", "standard-quantity", "standard-amount",
      "standard-order-id",
    ])
    #expect(refund.issues(vendor: "GA4").first?.description
      == "GA4: Order Refunded has currency 'eur': currencies are three capital letters (ISO 4217). "
      + "To fix this, pass a code like \"EUR\" or \"USD\"")
    #expect(StandardEvent.searched(query: "").issues(vendor: "Segment").map(\.rule) == ["standard-search-query"])
    #expect(StandardEvent.productViewed(shoe).issues(vendor: "GA4").isEmpty)
    #expect(StandardEvent.checkoutStarted(StandardEvent.Order(currency: "EUR", products: [shoe])).issues(vendor: "GA4").isEmpty)
    let overDiscounted = StandardEvent.Order(id: "o-2", currency: "EUR", products: [shoe], shipping: 30, discount: 200)
    #expect(StandardEvent.orderCompleted(overDiscounted).issues(vendor: "Amplitude").map(\.rule) == ["standard-amount"])
  }

  @Test func anIncrementAddsAFiniteNumber() {
    #expect(ProfileOperation.increment(name: "n", by: 1).issues(vendor: "Mixpanel").isEmpty)
    #expect(ProfileOperation.increment(name: "n", by: 0.5).issues(vendor: "Mixpanel").isEmpty)
    #expect(ProfileOperation.increment(name: "n", by: "one").issues(vendor: "Mixpanel").map(\.rule) == ["profile-increment-number"])
    #expect(ProfileOperation.increment(name: "n", by: .double(.nan)).issues(vendor: "Mixpanel").map(\.rule) == ["profile-increment-number"])
  }

  @Test func theRedactorReachesEveryValueOfTheNewCases() {
    let redactor = Redactor.default
    let email = "jane@example.com"
    let marker = "[redacted:email]"
    #expect(redactor.redact(.standard(.searched(query: email))) == .standard(.searched(query: marker)))
    #expect(redactor.redact(.alias(userId: email)) == .alias(userId: marker))
    #expect(redactor.redact(.group(type: "company", key: email, traits: ["owner": .string(email)]))
      == .group(type: "company", key: marker, traits: ["owner": .string(marker)]))
    #expect(redactor.redact(.profile(.union(name: "contacts", values: ["a", .string(email)])))
      == .profile(.union(name: "contacts", values: ["a", .string(marker)])))
    #expect(redactor.redact(.superProperties(.register(["contact": .string(email)])))
      == .superProperties(.register(["contact": .string(marker)])))
    #expect(redactor.redact(.profile(.increment(name: "n", by: 1))) == .profile(.increment(name: "n", by: 1)))
  }
}
