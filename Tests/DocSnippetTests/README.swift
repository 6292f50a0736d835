// The Swift blocks of README.md, compiled; the tour's test runs (ReadmeTour.swift runs more of it).
import AmplitudeTracker
import Foundation
import Testing
import GoogleAnalyticsTracker
import MixpanelTracker
import Trackers
import TrackersTesting

/// The app's events, as the tour says: one case per feature, an optional accessor per case.
enum AppEvent: Sendable {
  case checkout(CheckoutEvent)
  case launched

  var checkout: CheckoutEvent? { if case let .checkout(event) = self { event } else { nil } }
  var launched: AnalyticsData? { if case .launched = self { "app_launched" } else { nil } }
}

// snippet: README.md#2
// A feature module owns its events and says what they mean to analytics, knowing no vendor.
enum CheckoutEvent { case productAdded(sku: String, price: Double), orderCompleted(orderId: String) }
func checkoutAnalytics(_ event: CheckoutEvent) -> AnalyticsData {
  switch event {
  case let .productAdded(sku, price): .event(name: "product_added", properties: ["sku": .string(sku), "price": .double(price)])
  case let .orderCompleted(id): .event(name: "order_completed", properties: ["order_id": .string(id)])
  }
}

// At launch, the app configures each vendor once...
func launch(secret: String, token: String) throws {
  GoogleAnalyticsTracker.Current = try .live(.init(measurementId: "G-XXXX", apiSecret: secret))
  MixpanelTracker.Current = try .live(.init(projectToken: token))
}

// ...and composes at its root (`AppEvent` has an optional accessor per case: `var checkout: CheckoutEvent?`).
let vendors = combine(googleAnalyticsTracker, mixpanelTracker)
let track: Tracker<AppEvent> = logging(combineTrackers {  // one line per feature: 100 check as fast as 5
  pullback(vendors, action: \.checkout, transform: checkoutAnalytics)
  pullback(mixpanelTracker, action: \.launched)
}, label: "analytics")

// Tests swap a module's `Current` and expect exact events, in order.
@Test(.isolatedEnvironments) func productAdded() {
  let recorder = TrackerRecorder<MixpanelEvent>()
  MixpanelTracker.Current.send = recorder.tracker
  GoogleAnalyticsTracker.Current = .mock                // unconfigured, it would fail the test
  track(.checkout(.productAdded(sku: "tea", price: 4.5)))
  recorder.expect(.event(name: "product_added", properties: ["sku": "tea", "price": 4.5]))
}
// end snippet

/// What a vendor module declares, with the module's own `Environment` in a namespace of its own.
struct ReadmeCurrent {
  typealias Environment = MixpanelEnvironment

  // snippet: README.md#3
  let current = CurrentEnvironment(MixpanelEnvironment.notConfigured)
  public var Current: MixpanelEnvironment {
    get { current.value }
    set { current.value = newValue }
  }
  // end snippet
}

@MainActor private func readmeLifecycle(storage: URL, key: String) {
  compile {
    // snippet: README.md#5
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)   // the app's version and build: Bundle.main
    var amplitude = AmplitudeConfiguration(apiKey: key)
    amplitude.lifecycle = lifecycle
    AmplitudeTracker.Current = try .live(amplitude)
    lifecycle.launched(tracking: amplitudeTracker)      // "Application Installed" on a fresh install, "Opened"
    lifecycle.observeApplicationNotifications()         // Apple platforms; elsewhere call enteredBackground()
    // end snippet
  }
}

@Suite(.disabled("compiled only: Catalog's plan is checked in CatalogTests")) struct ReadmeTrackingPlan {
  // snippet: README.md#6
  @Suite(.trackingPlan(module: "Catalog", receivers: [.init("GA4", googleAnalyticsIssues(for:))]))
  // end snippet
  struct CatalogTests {}
}

private func userModel(tracker: Tracker<AnalyticsData>) {
  compile {
    // snippet: README.md#7
    tracker(.superProperties(.register(["theme": "dark"])))   // merged into every later event, kept across launches
    tracker(.alias(userId: "user-42"))                         // Segment alias, PostHog $create_alias
    tracker(.group(type: "company", key: "acme", traits: ["plan": "enterprise"]))
    tracker(.profile(.increment(name: "orders_count", by: 1))) // Mixpanel $add, Amplitude $add; Segment refuses it
    tracker(.timeEvent(name: "Order Completed"))               // the order then carries its duration
    let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", price: 89.5)
    tracker(.standard(.orderCompleted(.init(id: "o-1", currency: "EUR", products: [shoe]))))  // GA4 purchase, ...
    // end snippet
  }
}
