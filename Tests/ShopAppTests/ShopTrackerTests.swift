import Catalog
import Onboarding
import Foundation
import Testing
import Trackers
@testable import ShopApp

/// Collects what a tracker received, in order.
final class Received<Event: Sendable>: @unchecked Sendable {
  // @unchecked is safe: `events` is only touched while holding `lock`.
  private let lock = NSLock()
  private var events: [Event] = []
  var tracker: Tracker<Event> { { event in self.lock.withLock { self.events.append(event) } } }
  var all: [Event] { lock.withLock { events } }
}

/// Collects the lines a `LogSink` received.
final class Lines: @unchecked Sendable {
  // @unchecked is safe: `lines` is only touched while holding `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  var sink: LogSink { LogSink { line in self.lock.withLock { self.lines.append(line) } } }
  var all: [String] { lock.withLock { lines } }
}

@Suite struct ShopTrackerTests {
  @Test func everyFeatureReachesTheVendorsThroughItsOwnMapping() {
    let vendors = Received<AnalyticsData>()
    let track = shopTracker(vendors: vendors.tracker)
    let product = Catalog.Product(sku: "p1", name: "Pot", price: 30)
    track(.app(.appLaunched))
    track(.catalog(.productViewed(product)))
    track(.onboarding(.loggedOut))
    track(.checkout("Order Completed"))
    track(.api(.timeout(endpoint: "/cart")))
    #expect(vendors.all == [
      "Application Opened",
      catalogAnalytics(.productViewed(product)),
      "Logged Out", .userId(nil),
      "Order Completed",
      .error(message: "request timed out", properties: ["endpoint": "/cart"]),
    ])
  }

  @Test func featureEventsAreLoggedBeforeTheyAreMappedButCheckoutIsNot() {
    let lines = Lines()
    let track = shopTracker(vendors: { _ in }, logFeatureEvents: lines.sink)
    track(.app(.appEnteredForeground))
    track(.onboarding(.signUpStarted(method: .apple)))
    track(.catalog(.categoryViewed(name: "Tea")))
    track(.checkout("Checkout Started"))
    track(.api(.unexpectedResponse(endpoint: "/x")))
    #expect(lines.all == [
      "app: appEnteredForeground",
      "onboarding: signUpStarted(method: .apple)",
      "catalog: categoryViewed(name: \"Tea\")",
      "api: unexpectedResponse(endpoint: \"/x\")",
    ])
  }

  @Test func theJourneyRunsCheckoutThroughItsReducer() {
    let vendors = Received<AnalyticsData>()
    let lines = Lines()
    Journey.play(into: shopTracker(vendors: vendors.tracker), log: lines.sink)
    let names = vendors.all.compactMap(\.name)
    // The reducer's analytics, including its on-change event, in the order the actions happened.
    #expect(names.filter { ["Product Added", "Cart Total Changed", "Coupon Applied", "Checkout Started", "Order Completed"].contains($0) } == [
      "Product Added", "Cart Total Changed", "Coupon Applied", "Cart Total Changed", "Checkout Started", "Order Completed",
    ])
    #expect(vendors.all.contains(.timeEvent(name: "Order Completed")))
    // Launch and background are the lifecycle's events (sent around the journey), not the journey's: it
    // starts with the theme, a super property, then the spring sale's notification, received and opened, and
    // the newsletter's link, its campaign kept and its sign-in token redacted.
    let springSale = StandardEvent.Campaign(id: "8245", name: "Spring sale", source: "Firebase", medium: "notification")
    #expect(Array(vendors.all.prefix(5)) == [
      .superProperties(.register(["theme": "dark"])),
      .standard(.pushNotificationReceived(.init(campaign: springSale))),
      .standard(.pushNotificationOpened(.init(campaign: springSale, action: "open"))),
      .screen(name: "Welcome"),
      .standard(.deepLinkOpened(.init(
        url: "https://shop.example/tea/sencha?utm_source=newsletter&utm_campaign=spring&token=redacted",
        referrer: "com.apple.mobilemail", keepingParameters: StandardEvent.DeepLink.campaignParameters))),
    ])
    #expect(!vendors.all.map(\.description).joined().contains("tok-8f3a91"))
    #expect(!lines.all.joined().contains("tok-8f3a91"))
    #expect(vendors.all.contains(.alias(userId: "user-42")))
    #expect(vendors.all.contains(.group(type: "company", key: "acme", traits: ["plan": "business"])))
    #expect(vendors.all.contains(.profile(.increment(name: "orders_count", by: 1))))
    let order = vendors.all.compactMap { data -> StandardEvent.Order? in
      guard case let .standard(.orderCompleted(order), _) = data else { return nil }
      return order
    }
    #expect(order.map(\.id) == ["order-1001"] && order.map(\.revenue) == [7.5] && order.map(\.currency) == ["EUR"])
    #expect(vendors.all.last == .userId(nil))
    #expect(vendors.all.contains(.userId("user-42")))
    #expect(vendors.all.contains(.error(message: "request timed out", properties: ["endpoint": "/recommendations"])))
    #expect(lines.all.contains("checkout effect: chargeCard(amount: 7.5)"))
    #expect(lines.all.filter { $0.hasPrefix("== ") } == [
      "== 1. Launch", "== 2. Newsletter link", "== 3. Browse", "== 4. Sign up", "== 5. Add to cart", "== 6. Checkout",
      "== 7. API timeout", "== 8. Logout",
    ])
  }
}
