import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport
@testable import GoogleAnalyticsTracker

/// `GoogleAnalyticsNaming`: what `.snakeCase` adapts, its bounded cache, and its place in the pipeline
/// (before super properties and validation, timers by the app's names).
@Suite(.isolatedEnvironments)
struct NamingTests {
  let naming = GoogleAnalyticsNaming.snakeCase

  @Test func namesBecomeLowercaseWordsJoinedByOneUnderscore() {
    let cases: [(String, String)] = [
      ("Sign Up Completed", "sign_up_completed"), ("  Cart -- Total  ", "cart_total"), ("Order #2", "order_2"),
      ("product_added", "product_added"), ("Größe", "gr_e"), ("__Private__", "private"), ("ÄÖÜ", ""), ("", ""),
      ("level10Up", "level10up"),
    ]
    for (name, expected) in cases {
      #expect(naming.adapted(.event(name: name)) == .event(name: expected), "\(name)")
    }
  }

  @Test func eachCaseAdaptsItsNamesAndBooleans() {
    let product = StandardEvent.Product(id: "tea", price: 4.5, currency: "EUR")
    let cases: [(AnalyticsData, AnalyticsData)] = [
      (.event(name: "Coupon Applied", properties: ["Order Id": "o1", "valid": true, "n": 2, "list": [true]]),
       .event(name: "coupon_applied", properties: ["order_id": "o1", "valid": 1, "n": 2, "list": [true]])),
      (.screen(name: "Home Screen", properties: ["new": false]), .screen(name: "Home Screen", properties: ["new": 0])),
      (.error(message: "Time Out", properties: ["End Point": "/cart"]),
       .error(message: "Time Out", properties: ["end_point": "/cart"])),
      (.standard(.productAdded(product), properties: ["Gift Wrap": true]),
       .standard(.productAdded(product), properties: ["gift_wrap": 1])),
      (.userProperty(name: "Plan Tier", value: true), .userProperty(name: "plan_tier", value: 1)),
      (.superProperties(.register(["App Theme": true])), .superProperties(.register(["app_theme": 1]))),
      (.superProperties(.registerOnce(["First Seen": "x"])), .superProperties(.registerOnce(["first_seen": "x"]))),
      (.superProperties(.unregister("App Theme")), .superProperties(.unregister("app_theme"))),
      (.superProperties(.unregisterAll), .superProperties(.unregisterAll)),
      (.profile(.setOnce(name: "First Order", value: true)), .profile(.setOnce(name: "first_order", value: 1))),
      (.profile(.increment(name: "Orders Count", by: 1)), .profile(.increment(name: "orders_count", by: 1))),
      (.profile(.union(name: "Tags", values: [true, "a"])), .profile(.union(name: "tags", values: [1, "a"]))),
      (.profile(.unset(name: "Old Plan")), .profile(.unset(name: "old_plan"))),
      (.group(type: "company", key: "acme", traits: ["Is Paying": false]),
       .group(type: "company", key: "acme", traits: ["is_paying": 0])),
      // Not adapted: a timer goes by the app's names; the module names lifecycle events itself.
      (.timeEvent(name: "Checkout Step"), .timeEvent(name: "Checkout Step")),
      (.lifecycle(.opened(fromBackground: true, version: "1", build: "2")),
       .lifecycle(.opened(fromBackground: true, version: "1", build: "2"))),
      (.userId("User One"), .userId("User One")),
      (.alias(userId: "User One"), .alias(userId: "User One")),
    ]
    for (given, expected) in cases {
      let adapted = naming.adapted(given)
      #expect(adapted == expected, "\(given)")
      #expect(naming.adapted(adapted) == adapted, "adapting twice changes \(given)")
    }
  }

  /// Names that meet after conversion keep one value, the same in every dictionary order.
  @Test func namesThatMeetKeepTheOneAlreadyInFormOrElseTheFirstSorted() {
    #expect(naming.adapted(.event(name: "e", properties: ["Order Id": 1, "order_id": 2, "order-id": 3]))
      == .event(name: "e", properties: ["order_id": 2]))
    #expect(naming.adapted(.event(name: "e", properties: ["Order Id": 1, "order-id": 3]))
      == .event(name: "e", properties: ["order_id": 1]))
  }

  @Test func asGivenLeavesEverythingAndIsTheDefault() {
    let data = AnalyticsData.event(name: "Product Added", properties: ["Gift Wrap": true])
    #expect(GoogleAnalyticsNaming.asGiven.adapted(data) == data)
    #expect(GoogleAnalyticsNaming.asGiven.adaptation == nil)
    #expect(GoogleAnalyticsConfiguration(measurementId: "G-1", apiSecret: "s").naming == .asGiven)
  }

  /// Each distinct name is converted once, up to the bound; past it, names are converted on every use and
  /// the cache stays at its bound. Names already in form, and names too long, never enter it.
  @Test func theCacheKeepsAtMostItsBoundAndConvertsPastIt() {
    let naming = GoogleAnalyticsNaming(snakeCaseCachingAtMost: 2)
    #expect(naming.adapted(.event(name: "already_fine", properties: ["seq": 1])) == .event(name: "already_fine", properties: ["seq": 1]))
    #expect(naming.cachedNameCount == 0)
    #expect(naming.adapted(.event(name: "Load Test", properties: ["Seq No": 1])) == .event(name: "load_test", properties: ["seq_no": 1]))
    #expect(naming.cachedNameCount == 2)
    #expect(naming.adapted(.event(name: "Load Test")) == .event(name: "load_test"))
    #expect(naming.cachedNameCount == 2)
    for index in 0..<50 {
      #expect(naming.adapted(.event(name: "Name \(index)")) == .event(name: "name_\(index)"))
    }
    #expect(naming.cachedNameCount == 2)
    let long = String(repeating: "A b ", count: 40)
    let roomy = GoogleAnalyticsNaming(snakeCaseCachingAtMost: 10)
    #expect(roomy.adapted(.event(name: long)) == .event(name: String(repeating: "a_b_", count: 40).dropLast() + ""))
    #expect(roomy.cachedNameCount == 0)
    #expect(GoogleAnalyticsNaming.cachedNameLimit == 1_000 && GoogleAnalyticsNaming.cachedNameLength == 100)
  }

  /// Parallel tracks share the cache: every result is right, and the cache holds each name once.
  @Test func parallelAdaptationsShareTheCache() async {
    let naming = GoogleAnalyticsNaming(snakeCaseCachingAtMost: 100)
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          (0..<500).allSatisfy { index in
            naming.adapted(.event(name: "Event \(index % 20)", properties: ["Task Id": .int(task)]))
              == .event(name: "event_\(index % 20)", properties: ["task_id": .int(task)])
          }
        }
      }
      for await allRight in group { #expect(allRight) }
    }
    #expect(naming.cachedNameCount == 21)
  }

  // MARK: - In the pipeline

  /// The environment of these tests: a recorder, reports kept, super properties and timers in memory.
  private func environment(
    _ recorder: TrackerRecorder<GoogleAnalyticsEvent>, reports: TrackerRecorder<TrackerReport>, clock: TestClock
  ) -> GoogleAnalyticsEnvironment {
    var environment = GoogleAnalyticsEnvironment(
      send: recorder.tracker, onReport: reports.tracker, additions: EventAdditions(now: { clock.now }))
    environment.adaptation = GoogleAnalyticsNaming.snakeCase.adaptation
    return environment
  }

  /// Adapted first: super properties registered under adapted names, the timer found by the app's name,
  /// validation given the adapted names (`1st Purchase` becomes `1st_purchase`, which GA4 still refuses).
  @Test func thePipelineAdaptsBeforeSuperPropertiesTimersAndValidation() {
    let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    let clock = TestClock(1_700_000_000_000)
    Current = environment(recorder, reports: reports, clock: clock)
    googleAnalyticsTracker(.superProperties(.register(["App Theme": "dark", "Beta User": true])))
    googleAnalyticsTracker(.timeEvent(name: "Checkout Step"))
    clock.advance(milliseconds: 1_500)
    googleAnalyticsTracker(.event(name: "Checkout Step", properties: ["Step No": 2, "app_theme": "light"]))
    googleAnalyticsTracker(.superProperties(.unregister("Beta User")))
    googleAnalyticsTracker(.event(name: "1st Purchase"))
    googleAnalyticsTracker(.userProperty(name: "Plan Tier", value: false))
    recorder.expect(
      .event(name: "checkout_step", params: ["step_no": 2, "app_theme": "light", "beta_user": 1, "duration": 1.5]),
      .userProperty(name: "plan_tier", value: 0)
    )
    let invalid = reports.events.compactMap { report -> [ValidationIssue]? in
      if case let .invalidEvent(issues) = report.kind { issues } else { nil }
    }
    #expect(invalid.map { $0.map(\.rule) } == [["event-name-characters"]])
    #expect(invalid.first?.first?.message.contains("'1st_purchase'") == true)
  }

  @Test func withoutTheNamingNamesReachValidationAsGiven() {
    let recorder = TrackerRecorder<GoogleAnalyticsEvent>()
    Current = GoogleAnalyticsEnvironment(send: recorder.tracker)
    let issues = knownIssues { googleAnalyticsTracker("Product Added") }
    recorder.expectNoEvents()
    #expect(issues.count == 1)
    #expect(issues.first?.contains("event name 'Product Added'") == true)
  }

  @Test func theLiveEnvironmentTakesTheConfiguredNaming() async throws {
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST123", apiSecret: "s", storageDirectory: temporaryDirectory())
    configuration.naming = .snakeCase
    let snakeCase = try GoogleAnalyticsEnvironment.live(configuration)
    #expect(snakeCase.adaptation?(.event(name: "Product Added")) == .event(name: "product_added"))
    await snakeCase.close(nil)
    configuration.naming = .asGiven
    configuration.options.storageDirectory = temporaryDirectory("asGiven")
    let asGiven = try GoogleAnalyticsEnvironment.live(configuration)
    #expect(asGiven.adaptation == nil)
    await asGiven.close(nil)
  }
}
