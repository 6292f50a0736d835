import GoogleAnalyticsTracker
import Testing
import Trackers
@testable import ShopApp

@Suite struct GA4NamingTests {
  @Test func namesAndKeysBecomeSnakeCaseAndBooleansNumbers() {
    #expect(snakeCased("Sign Up Completed") == "sign_up_completed")
    #expect(snakeCased("  Cart -- Total  ") == "cart_total")
    #expect(ga4Compatible(.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true, "n": 2])) == .event(
      name: "coupon_applied", properties: ["order_id": "o1", "valid": 1, "n": 2]))
    #expect(ga4Compatible(.screen(name: "Home", properties: ["new": false])) == .screen(name: "Home", properties: ["new": 0]))
    #expect(ga4Compatible(.userProperty(name: "Plan Tier", value: true)) == .userProperty(name: "plan_tier", value: 1))
    #expect(ga4Compatible(.userId("u")) == .userId("u"))
  }

  /// GoogleAnalyticsTracker names standard events itself; names the app chose are adapted, and a timer
  /// keeps a standard event's name, which is how the pipeline finds it.
  @Test func theUserModelKeepsStandardNamesAndAdaptsTheAppsOwn() {
    let product = StandardEvent.Product(id: "tea", price: 4.5, currency: "EUR")
    #expect(ga4Compatible(.standard(.productAdded(product), properties: ["Gift Wrap": true]))
      == .standard(.productAdded(product), properties: ["gift_wrap": 1]))
    #expect(ga4Compatible(.timeEvent(name: "Order Completed")) == .timeEvent(name: "Order Completed"))
    #expect(ga4Compatible(.timeEvent(name: "Checkout Step")) == .timeEvent(name: "checkout_step"))
    #expect(ga4Compatible(.superProperties(.register(["App Theme": true]))) == .superProperties(.register(["app_theme": 1])))
    #expect(ga4Compatible(.superProperties(.unregister("App Theme"))) == .superProperties(.unregister("app_theme")))
    #expect(ga4Compatible(.profile(.setOnce(name: "First Order", value: true))) == .profile(.setOnce(name: "first_order", value: 1)))
    #expect(ga4Compatible(.group(type: "company", key: "acme", traits: ["Is Paying": false]))
      == .group(type: "company", key: "acme", traits: ["is_paying": 0]))
    #expect(ga4Compatible(.alias(userId: "u")) == .alias(userId: "u"))
  }

  /// Every value of the journey breaks none of GA4's rules after the adapter; what GA4 does not have is
  /// refused by design (a rule ending in `-unsupported`), which is not a violation. A registered super
  /// property is checked as the pipeline checks it, as an event's properties; a timer is never checked.
  @Test func everyEventOfTheJourneyIsValidForGA4AfterTheAdapter() {
    let received = Received<AnalyticsData>()
    Journey.play(into: shopTracker(vendors: received.tracker), log: LogSink { _ in })
    for data in received.all + [loadTestAnalytics(0)] {
      let checked: AnalyticsData
      switch ga4Compatible(data) {
      case let .superProperties(operation): checked = .event(name: "super_properties", properties: operation.properties)
      case .timeEvent: continue
      case let adapted: checked = adapted
      }
      #expect(googleAnalyticsIssues(for: checked).filter { !Refusals.isByDesign($0.rule) }.isEmpty, "\(data)")
    }
  }
}
