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

  @Test func everyEventOfTheJourneyIsValidForGA4AfterTheAdapter() {
    let received = Received<AnalyticsData>()
    Journey.play(into: shopTracker(vendors: received.tracker), log: LogSink { _ in })
    for data in received.all + [loadTestAnalytics(0)] {
      #expect(googleAnalyticsIssues(for: ga4Compatible(data)).isEmpty, "\(data)")
    }
  }
}
