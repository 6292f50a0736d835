// An app's root file, with every name used unqualified the way apps write them. It compiles only while no
// top-level name of a swift-trackers product collides with SwiftUI's, Foundation's, swift-case-paths' or
// another product's: with two candidates an unqualified name is a compile error, so the build is the check.
import AmplitudeTracker
import CasePathsStandIn
import Foundation
import GoogleAnalyticsTracker
import MixpanelTracker
import PostHogTracker
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersSwiftUI
import TrackersTesting

#if canImport(SwiftUI)
  import SwiftUI
#else
  import SwiftUIStandIn
#endif
#if canImport(StoreKit)
  import StoreKit
#else
  import StoreKitStandIn
#endif

// MARK: The app's events, as a swift-case-paths app declares them

enum CheckoutEvent: Sendable, Equatable { case orderCompleted(orderId: String) }

// What `@CasePathable @dynamicMemberLookup enum AppEvent` expands to.
@dynamicMemberLookup
enum AppEvent: CasePathable, Sendable {
  case checkout(CheckoutEvent)
  case launched

  struct AllCasePaths: Sendable {
    var checkout: AnyCasePath<AppEvent, CheckoutEvent> {
      AnyCasePath(embed: AppEvent.checkout, extract: { if case let .checkout(event) = $0 { event } else { nil } })
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@Sendable func checkoutAnalytics(_ event: CheckoutEvent) -> AnalyticsData {
  switch event {
  case let .orderCompleted(orderId): .event(name: "order_completed", properties: ["order_id": .string(orderId)])
  }
}

// MARK: A purchase, with StoreKit's `Product` unqualified beside the standard events

@Sendable func purchaseAnalytics(_ product: Product, orderId: String) -> AnalyticsData {
  let price = NSDecimalNumber(decimal: product.price).doubleValue
  let item = StandardEvent.Product(id: product.id, name: product.displayName, price: price)
  return .standard(.orderCompleted(.init(id: orderId, currency: "EUR", products: [item])))
}

// MARK: The root file

struct ShopApp: App {
  @Environment(\.scenePhase) private var scenePhase
  @State private var orders = 0

  init() {
    MixpanelTracker.Current = .mock
    GoogleAnalyticsTracker.Current = .mock
    AmplitudeTracker.Current = .mock
    SegmentTracker.Current = .mock
    PostHogTracker.Current = .mock
  }

  var body: some Scene {
    WindowGroup { OrdersView(orders: $orders) }
  }
}

struct OrdersView: View {
  @Binding var orders: Int
  var body: some View { Text("\(orders) orders") }
}

struct PressedStyle: ButtonStyle {
  func makeBody(configuration: Configuration) -> some View { Text(configuration.isPressed ? "pressed" : "") }
}

// MARK: The checks that run

@Suite(.isolatedEnvironments) struct NamesBesideSwiftUITests {
  @Test @MainActor func theRootFileConfiguresEveryModule() {
    _ = ShopApp()
    let recorder = TrackerRecorder<MixpanelEvent>()
    MixpanelTracker.Current.send = recorder.tracker
    mixpanelTracker(.event(name: "Signed Up"))
    recorder.expect(.event(name: "Signed Up", properties: [:]))
  }

  @Test func aCaseKeyPathFeedsPullbackDirectly() {
    let recorder = TrackerRecorder<AnalyticsData>()
    let track: Tracker<AppEvent> = pullback(recorder.tracker, action: \.checkout, transform: checkoutAnalytics)
    track(.launched)
    track(.checkout(.orderCompleted(orderId: "o-1")))
    recorder.expect(.event(name: "order_completed", properties: ["order_id": "o-1"]))
  }

  @Test func swiftCasePathsNamesStayUnqualified() {
    let casePath: CasePath<AppEvent, CheckoutEvent> = AppEvent.allCasePaths.checkout
    let caseKeyPath: CaseKeyPath<AppEvent, CheckoutEvent> = \.checkout
    let event = casePath.embed(.orderCompleted(orderId: "o-2"))
    #expect(AppEvent.allCasePaths[keyPath: caseKeyPath].extract(from: event) == .orderCompleted(orderId: "o-2"))
    #expect(event.checkout == .orderCompleted(orderId: "o-2"))
    // This package's own path, beside them.
    let eventPath = EventPath(AppEvent.checkout, { $0.checkout })
    #expect(eventPath.extract(from: .launched) == nil)
  }

  @Test func storeKitsProductStaysUnqualified() {
    let product = Product(id: "pro.monthly", displayName: "Pro", price: 4.99)
    let data = purchaseAnalytics(product, orderId: "o-1")
    #expect(data.name == "Order Completed")
    #expect(mixpanelIssues(for: data).isEmpty)
  }

  @Test func theScreenRuleNamesStayUnqualified() {
    // On Apple platforms the same import adds `trackScreen` to SwiftUI's `View`; these are its plain names.
    var rule = ScreenTrackingRule<AnalyticsData>(policy: ScreenTrackingPolicy.whenScreenChanges)
    let first = rule.appeared(showing: .screen(name: "Orders"))
    let again = rule.appeared(showing: .screen(name: "Orders"))
    #expect(first && !again)
  }

  @Test func everyVendorNameIsPrefixed() {
    #expect(mixpanelIssues(for: .event(name: "Signed Up")).isEmpty)
    #expect(googleAnalyticsIssues(for: .event(name: "sign_up")).isEmpty)
    #expect(amplitudeIssues(for: .event(name: "Signed Up")).isEmpty)
    #expect(segmentIssues(for: .event(name: "Signed Up")).isEmpty)
    #expect(postHogIssues(for: .event(name: "signed up")).isEmpty)
    let environments: [Any.Type] = [
      MixpanelEnvironment.self, GoogleAnalyticsEnvironment.self, AmplitudeEnvironment.self, SegmentEnvironment.self,
      PostHogEnvironment.self,
    ]
    let configurations: [any VendorConfiguration] = [
      MixpanelConfiguration(projectToken: "token"),
      GoogleAnalyticsConfiguration(measurementId: "G-TEST", apiSecret: "secret"),
      AmplitudeConfiguration(apiKey: "key"),
      SegmentConfiguration(writeKey: "key"),
      PostHogConfiguration(apiKey: "phc_key"),
    ]
    #expect(environments.count == 5)
    #expect(configurations.count == 5)
    // Foundation's names, beside them.
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
    #expect(!url.path.isEmpty)
    #expect(Data().isEmpty)
  }
}
