// The README's tour, compiled and run: if this file needs a change, so does README.md.
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import Testing
import Trackers
import TrackersTesting

// 1. A feature module owns its events and says what they mean to analytics, knowing no vendor.
enum CheckoutEvent: Sendable {
  case productAdded(sku: String, price: Double)
  case orderCompleted(orderId: String)
}

@Sendable func checkoutAnalytics(_ event: CheckoutEvent) -> AnalyticsData {
  switch event {
  case let .productAdded(sku, price): .event(name: "product_added", properties: ["sku": .string(sku), "price": .double(price)])
  case let .orderCompleted(orderId): .event(name: "order_completed", properties: ["order_id": .string(orderId)])
  }
}

// 2. The app gathers its features in one enum, with an optional accessor per case...
enum AppEvent: Sendable {
  case checkout(CheckoutEvent)
  case launched

  var checkout: CheckoutEvent? { if case let .checkout(event) = self { event } else { nil } }
  var launched: AnalyticsData? { if case .launched = self { "app_launched" } else { nil } }
}

// 3. ...and composes the vendor trackers at its root: the only place that knows who hears what.
let vendors = combine(googleAnalyticsTracker, mixpanelTracker)
let track: Tracker<AppEvent> = logging(
  combine(
    pullback(vendors, action: \.checkout, transform: checkoutAnalytics),
    pullback(mixpanelTracker, action: \.launched)
  ),
  label: "analytics"
)

@Suite(.isolatedEnvironments) struct ReadmeTourTests {
  // 4. Tests swap a module's `Current` and expect exact events, in order.
  @Test func productAddedReachesMixpanel() {
    let recorder = TrackerRecorder<MixpanelEvent>()
    MixpanelTracker.Current = .unimplemented
    MixpanelTracker.Current.send = recorder.tracker
    GoogleAnalyticsTracker.Current = .mock

    track(.checkout(.productAdded(sku: "tea", price: 4.5)))
    track(.launched)

    recorder.expect(
      .event(name: "product_added", properties: ["sku": "tea", "price": 4.5]),
      .event(name: "app_launched", properties: [:])
    )
  }

  // At launch the app configures each vendor once (here against a loopback host that is never reached).
  @Test func vendorsAreConfiguredWithLive() throws {
    let storage = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: storage) }
    MixpanelTracker.Current = try .live(.init(
      projectToken: "token", region: .custom(URL(string: "http://127.0.0.1:9")!),
      storageDirectory: storage.appendingPathComponent("mixpanel")
    ))
    mixpanelTracker("app_launched")
    #expect(MixpanelTracker.Current.counters().delivery.enqueued == 1)
  }
}
