import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The user model on GA4's wire: each standard event as the recommended event GA4 documents
/// (developers.google.com/analytics/devguides/collection/ga4/reference/events), decoded from the request
/// body of a live run; alias, super properties and timers; and every refusal's rule and message.
@Suite(.isolatedEnvironments)
struct UserModelTests {
  let start = 1_700_000_000_250

  let shoe = StandardEvent.Product(
    id: "sku-1", name: "Trail Shoe", sku: "TS-42", category: "Shoes", brand: "Acme", variant: "blue", price: 89.5,
    quantity: 2, coupon: "SHOE5", currency: "EUR")
  var order: StandardEvent.Order {
    StandardEvent.Order(
      id: "o-1001", currency: "EUR", products: [shoe, StandardEvent.Product(id: "sku-2", price: 10, quantity: 1)], tax: 3.2,
      shipping: 4.9, discount: 5, coupon: "WELCOME")
  }
  /// GA4's item form of `shoe`: `sku` has no item parameter.
  let shoeItem: PropertyValue = [
    "item_id": "sku-1", "item_name": "Trail Shoe", "item_category": "Shoes", "item_brand": "Acme",
    "item_variant": "blue", "price": 89.5, "quantity": 2, "coupon": "SHOE5",
  ]
  let plainItem: PropertyValue = ["item_id": "sku-2", "price": 10, "quantity": 1]

  private func configuration(
    _ transport: ScriptedTransport, clock: TestClock, reports: TrackerRecorder<TrackerReport>
  ) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST123", apiSecret: "s3cr+t", host: LiveDeliveryTests.host,
      storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.now = { clock.now }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.onReport = reports.tracker
    return configuration
  }

  /// Runs `body` against a live environment and returns every event the transport received (without the
  /// session parameters and timestamp, which `SessionTests` checks), in the order tracked, with the counters.
  private func run(
    clock: TestClock = TestClock(1_700_000_000_250), _ body: (TestClock) -> Void
  ) async throws -> (events: [PropertyValue], counters: TrackerCounters, reports: [TrackerReport], bodies: [String]) {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(configuration(transport, clock: clock, reports: reports))
    body(clock)
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)
    var events: [PropertyValue] = []
    for request in transport.requests {
      for event in try parseJSON(request.body)["events"]?.arrayValue ?? [] {
        guard case var .object(members) = event, case var .object(params) = members["params"] else {
          Issue.record("not an event object: \(event)")
          continue
        }
        params["session_id"] = nil
        params["engagement_time_msec"] = nil
        members["params"] = .object(params)
        members["timestamp_micros"] = nil
        events.append(.object(members))
      }
    }
    return (events, counters, reports.events, transport.requests.map { String(decoding: $0.body, as: UTF8.self) })
  }

  // MARK: - Standard events as recommended events

  @Test func productEventsAreViewItemAddToCartAndRemoveFromCartWithOneItem() async throws {
    let (events, counters, _, _) = try await run { _ in
      googleAnalyticsTracker(.standard(.productViewed(shoe)))
      googleAnalyticsTracker(.standard(.productAdded(shoe), properties: ["list": "home"]))
      googleAnalyticsTracker(.standard(.productRemoved(StandardEvent.Product(id: "sku-3"))))
    }
    #expect(counters.invalid == 0)
    #expect(events == [
      ["name": "view_item", "params": ["currency": "EUR", "value": 179, "items": [shoeItem]]],
      ["name": "add_to_cart", "params": ["currency": "EUR", "value": 179, "items": [shoeItem], "list": "home"]],
      // No price, no currency: neither `value` nor `currency`.
      ["name": "remove_from_cart", "params": ["items": [["item_id": "sku-3", "quantity": 1]]]],
    ])
  }

  /// `value` is the items' price × quantity less the order's discount (89.5 × 2 + 10 − 5 = 184), without tax or
  /// shipping, which have their own parameters ("Don't include shipping or tax").
  @Test func orderEventsCarryTheirMoneyInCurrencyValueTaxShippingAndItems() async throws {
    let (events, counters, _, _) = try await run { _ in
      googleAnalyticsTracker(.standard(.cartViewed(order)))
      googleAnalyticsTracker(.standard(.checkoutStarted(order)))
      googleAnalyticsTracker(.standard(.orderCompleted(order), properties: ["gift_wrap": 1]))
      googleAnalyticsTracker(.standard(.orderRefunded(order)))
    }
    #expect(counters.invalid == 0)
    let items: PropertyValue = [shoeItem, plainItem]
    let purchase: PropertyValue = [
      "currency": "EUR", "value": 184, "transaction_id": "o-1001", "tax": 3.2, "shipping": 4.9,
      "coupon": "WELCOME", "items": items,
    ]
    #expect(events == [
      ["name": "view_cart", "params": ["currency": "EUR", "value": 184, "items": items]],
      ["name": "begin_checkout", "params": ["currency": "EUR", "value": 184, "coupon": "WELCOME", "items": items]],
      ["name": "purchase", "params": purchase.merging(["gift_wrap": 1])],
      ["name": "refund", "params": purchase],
    ])
  }

  @Test func signUpLoginSearchAndShareUseGA4sNamesAndParameters() async throws {
    let (events, counters, _, _) = try await run { _ in
      googleAnalyticsTracker(.standard(.signedUp(method: "email")))
      googleAnalyticsTracker(.standard(.loggedIn(method: nil)))
      googleAnalyticsTracker(.standard(.searched(query: "trail shoes")))
      googleAnalyticsTracker(.standard(.shared(method: "messages", contentType: "product", itemId: "sku-1")))
    }
    #expect(counters.invalid == 0)
    #expect(events == [
      ["name": "sign_up", "params": ["method": "email"]],
      ["name": "login", "params": [:]],
      ["name": "search", "params": ["search_term": "trail shoes"]],
      ["name": "share", "params": ["method": "messages", "content_type": "product", "item_id": "sku-1"]],
    ])
  }

  /// The event's own fields win over the app's properties of the same names.
  @Test func theStandardFieldsWinOverExtraPropertiesOfTheSameName() {
    #expect(
      googleAnalyticsEvent(for: .standard(.searched(query: "hats"), properties: ["search_term": "x", "page": 2]))
        == .event(name: "search", params: ["search_term": "hats", "page": 2]))
  }

  /// Amounts are JSON numbers, as GA4's reference types them; the body is one JSON object GA4 reads.
  @Test func amountsAreJSONNumbersOnTheWire() async throws {
    let (_, _, _, bodies) = try await run { _ in googleAnalyticsTracker(.standard(.orderCompleted(order))) }
    let body = try #require(bodies.first)
    #expect(body.contains(#""value":184"#))
    #expect(body.contains(#""tax":3.2"#))
    #expect(body.contains(#""shipping":4.9"#))
    #expect(body.contains(#""quantity":2"#))
    #expect(body.contains(#""transaction_id":"o-1001""#))
    #expect(body.contains(#""name":"purchase""#))
  }

  // MARK: - Refusals

  @Test func aValueWithoutCurrencyIsRefused() throws {
    let issues = googleAnalyticsIssues(for: .standard(.productViewed(StandardEvent.Product(id: "sku-1", price: 5))))
    #expect(issues.map(\.rule) == ["value-needs-currency"])
    #expect(issues.first?.message == "event 'view_item' has a value but no 'currency'; GA4 needs the currency to "
      + "count the value as revenue. To fix this, add 'currency' (an ISO 4217 code such as \"EUR\"; for a "
      + "product event, set Product.currency)")
    // The same rule for an app's own recommended event, not for a custom event.
    #expect(googleAnalyticsIssues(for: .event(name: "purchase", properties: ["value": 3])).map(\.rule)
      == ["value-needs-currency"])
    #expect(googleAnalyticsIssues(for: .event(name: "level_up", properties: ["value": 3])).isEmpty)
    #expect(googleAnalyticsIssues(for: .event(name: "refund", properties: ["value": -3, "currency": "EUR"]))
      .map(\.rule) == ["value-negative"])
  }

  @Test func theNeutralRulesOfAStandardEventComeFirst() {
    let issues = googleAnalyticsIssues(for: .standard(.orderCompleted(StandardEvent.Order(currency: "eur", products: []))))
    #expect(issues.map(\.rule) == ["standard-currency", "standard-order-id"])
    #expect(issues.allSatisfy { $0.vendor == "GA4" })
  }

  @Test func itemsNeedAnIdOrANameAndAtMost27ParametersOfTheirOwn() {
    #expect(googleAnalyticsIssues(for: .event(name: "view_item_list", properties: ["items": [["price": 1]]]))
      .map(\.rule) == ["items-id"])
    var item: [String: PropertyValue] = ["item_id": "sku-1", "item_name": "Shoe", "price": 1, "quantity": 1]
    for index in 0..<27 { item["custom_\(index)"] = "x" }
    #expect(googleAnalyticsIssues(for: .event(name: "view_item_list", properties: ["items": [.object(item)]])).isEmpty)
    item["custom_27"] = "x"
    let issues = googleAnalyticsIssues(for: .event(name: "view_item_list", properties: ["items": [.object(item)]]))
    #expect(issues.map(\.rule) == ["items-custom-params"])
    #expect(issues.first?.message == "'items'[0] has 28 parameters of its own; GA4 takes at most 27 besides the "
      + "documented item parameters. To fix this, remove 1")
  }

  /// GA4 user properties are only set or cleared (`.unset`: ClearingUserPropertiesTests): every other
  /// profile operation is refused, naming it, never sent as a plain set.
  @Test func everyProfileOperationBeyondSetAndUnsetIsRefusedWithItsName() async throws {
    let operations: [ProfileOperation] = [
      .setOnce(name: "first_order_at", value: "2024-01-01"), .increment(name: "orders_count", by: 1),
      .append(name: "tags", value: "a"), .prepend(name: "tags", value: "a"), .union(name: "tags", values: ["a"]),
      .remove(name: "tags", value: "a"),
    ]
    for operation in operations {
      #expect(googleAnalyticsEvent(for: .profile(operation)) == .unsupported(.profile(operation)))
      let issues = googleAnalyticsIssues(for: .profile(operation))
      #expect(issues.map(\.rule) == ["profile-operation-unsupported"])
      #expect(issues.first?.message.hasPrefix(
        "GA4 user properties can only be set: '\(operation.operationName)' of user property '\(operation.name)' "
          + "has no GA4 form, and is not sent as a plain set. To fix this, ") == true)
    }
    #expect(googleAnalyticsIssues(for: .profile(.increment(name: "orders_count", by: 1))).first?.message
      == "GA4 user properties can only be set: 'increment' of user property 'orders_count' has no GA4 form, and "
      + "is not sent as a plain set. To fix this, compute the new value in the app and set it with "
      + ".userProperty(name: \"orders_count\", value: ...), or leave GA4 out of this operation")

    let (events, counters, reports, _) = try await run { _ in
      for operation in operations { googleAnalyticsTracker(.profile(operation)) }
    }
    #expect(events.isEmpty)
    #expect(counters.invalidByRule == ["profile-operation-unsupported": 6])
    #expect(reports.count == 6)
  }

  @Test func aGroupIsRefusedWithAUserPropertyAsTheWayOut() async throws {
    let group = AnalyticsData.group(type: "company", key: "acme", traits: ["plan": "enterprise"])
    #expect(googleAnalyticsEvent(for: group)
      == .unsupported(.group(type: "company", key: "acme", traits: ["plan": "enterprise"])))
    let issues = googleAnalyticsIssues(for: group)
    #expect(issues.map(\.rule) == ["group-unsupported"])
    #expect(issues.first?.message == "GA4 has no groups: group 'company' = 'acme' has no GA4 form. To fix this, "
      + "set a user property (.userProperty(name: \"company\", value: \"acme\")), which every later request "
      + "carries and reports can break down by, or leave GA4 out of this operation")
    let (events, counters, _, _) = try await run { _ in googleAnalyticsTracker(group) }
    #expect(events.isEmpty)
    #expect(counters.invalidByRule == ["group-unsupported": 1])
  }

  /// Only reachable by mapping them directly: the pipeline applies them itself.
  @Test func superPropertiesAndTimersMappedDirectlyAreHandledByThePipeline() {
    let register = AnalyticsData.superProperties(.register(["theme": "dark"]))
    #expect(googleAnalyticsEvent(for: register) == .unsupported(.superProperties(.register(["theme": "dark"]))))
    #expect(googleAnalyticsIssues(for: register).map(\.rule) == ["handled-by-pipeline"])
    #expect(googleAnalyticsEvent(for: .timeEvent(name: "Checkout Started")) == .unsupported(.timeEvent(name: "Checkout Started")))
    #expect(googleAnalyticsIssues(for: .timeEvent(name: "Checkout Started")).first?.message
      == "timer for 'Checkout Started' is started by the tracker's pipeline, never mapped. To fix this, track it "
      + "through googleAnalyticsTracker instead of sending googleAnalyticsEvent(for:)'s result")
  }

  // MARK: - Alias, super properties, timers

  /// GA4 joins `client_id` and `user_id` on each request: an alias sends nothing and is counted as an identity
  /// update.
  @Test func anAliasSendsNothingAndIsCountedAsAnIdentityUpdate() async throws {
    #expect(googleAnalyticsEvent(for: .alias(userId: "user-42")) == .alias(userId: "user-42"))
    #expect(googleAnalyticsIssues(for: .alias(userId: "user-42")).isEmpty)
    let (events, counters, _, _) = try await run { _ in googleAnalyticsTracker(.alias(userId: "user-42")) }
    #expect(events.isEmpty)
    #expect(counters.identityUpdates == 1)
    #expect(counters.invalid == 0)
    #expect(counters.delivery.enqueued == 0)
  }

  @Test func superPropertiesAreParametersOfLaterEventsAndTheEventsOwnWin() async throws {
    let (events, counters, _, _) = try await run { _ in
      googleAnalyticsTracker(.superProperties(.register(["theme": "dark", "ab": "b"])))
      googleAnalyticsTracker(.event(name: "level_up", properties: ["ab": "a"]))
      googleAnalyticsTracker(.standard(.signedUp(method: "email")))
    }
    #expect(counters.identityUpdates == 1)
    #expect(events == [
      ["name": "level_up", "params": ["theme": "dark", "ab": "a"]],
      ["name": "sign_up", "params": ["theme": "dark", "ab": "b", "method": "email"]],
    ])
  }

  /// 23 own parameters fit beside the two session parameters; a registration of 24 would make every later
  /// event too large, so it is refused when it is made, and nothing is registered.
  @Test func aRegistrationThatBreaksThe25ParameterLimitIsRefusedAtOnce() async throws {
    var fits: AnalyticsData.Properties = [:]
    for index in 0..<23 { fits["p\(index)"] = .int(index) }
    var tooMany = fits
    tooMany["p23"] = 23
    let (events, counters, reports, _) = try await run { _ in
      googleAnalyticsTracker(.superProperties(.register(tooMany)))
      googleAnalyticsTracker(.superProperties(.register(["theme-color": "dark"])))
      googleAnalyticsTracker("level_up")
      googleAnalyticsTracker(.superProperties(.register(fits)))
      googleAnalyticsTracker("level_up")
      // Together with the 23 registered, one more is one too many, though it is alone in its registration.
      googleAnalyticsTracker(.superProperties(.register(["p23": 23])))
    }
    #expect(counters.invalidByRule == ["param-count": 2, "param-name-characters": 1])
    #expect(counters.identityUpdates == 1)
    #expect(events == [
      ["name": "level_up", "params": [:]],
      ["name": "level_up", "params": .object(fits)],
    ])
    let invalid = reports.compactMap { report -> [ValidationIssue]? in
      if case let .invalidEvent(issues) = report.kind { issues } else { nil }
    }
    #expect(invalid.map { $0.map(\.rule) } == [["param-count"], ["param-name-characters"], ["param-count"]])
    #expect(invalid.first?.first?.message == "event 'super_properties' has 24 parameters, and the live "
      + "environment adds session_id and engagement_time_msec for GA4 sessions: 26 in all; GA4 keeps at most 25 "
      + "per event, so an event that does not set them itself may have at most 23 parameters (remove 1)")
  }

  /// The duration is a number parameter, in seconds.
  @Test func aTimedEventCarriesItsDurationAsANumberParameter() async throws {
    let (events, counters, _, _) = try await run { clock in
      googleAnalyticsTracker(.timeEvent(name: "Checkout Started"))
      clock.advance(milliseconds: 2_500)
      googleAnalyticsTracker(.standard(.checkoutStarted(StandardEvent.Order(currency: "EUR", products: [shoe]))))
    }
    #expect(counters.invalid == 0)
    #expect(events == [
      ["name": "begin_checkout", "params": ["currency": "EUR", "value": 179, "items": [shoeItem], "duration": 2.5]]
    ])
  }

  // MARK: - Deep links and push notifications

  /// GA4 has no recommended event for a deep link or a push notification and reserves the Firebase SDK's
  /// (`dynamic_link_app_open`, `notification_receive`, `notification_open`): Segment's names in snake case,
  /// the link in `link_url` (the parameter enhanced measurement names a link with), the campaign in the
  /// parameters of GA4's `campaign_details` (developers.google.com/analytics/devguides/collection/protocol/ga4/reference/events).
  @Test func deepLinksAndPushNotificationsOnTheWire() async throws {
    let (events, counters, _, bodies) = try await run { _ in
      googleAnalyticsTracker(.standard(.deepLinkOpened(MobileFixtures.link)))
      googleAnalyticsTracker(.standard(.pushNotificationReceived(MobileFixtures.received)))
      googleAnalyticsTracker(.standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["screen": "order"]))
    }
    #expect(counters.invalid == 0)
    #expect(counters.delivery.delivered == 3)
    let campaign: [String: PropertyValue] = [
      "campaign_id": "8245", "campaign": "Spring sale", "source": "Firebase", "medium": "notification",
    ]
    #expect(events == [
      ["name": "deep_link_opened", "params": [
        "link_url": .string(MobileFixtures.redactedURL), "link_referrer": "com.apple.mobilemail",
      ]],
      ["name": "push_notification_received", "params": .object(campaign)],
      ["name": "push_notification_tapped", "params": .object(campaign.merging(["action": "open", "screen": "order"]) { $1 })],
    ])
    #expect(!bodies.joined().contains("s3cr3t"))
  }

  @Test func aLongLinkIsCutToGA4sLongestValueAndTheRulesHold() {
    let long = StandardEvent.DeepLink(url: "https://shop.example/" + text(200))
    guard case let .event(name, params) = googleAnalyticsEvent(for: .standard(.deepLinkOpened(long))) else {
      Issue.record("not an event")
      return
    }
    #expect(name == "deep_link_opened")
    #expect(params["link_url"]?.stringValue?.count == 100)
    #expect(googleAnalyticsIssues(for: .standard(.deepLinkOpened(long))).isEmpty)
    #expect(googleAnalyticsIssues(for: .standard(.deepLinkOpened(.init(url: "")))).map(\.rule) == ["standard-deep-link-url"])
  }
}

extension PropertyValue {
  /// `self`'s members with `other`'s added.
  fileprivate func merging(_ other: [String: PropertyValue]) -> PropertyValue {
    guard case let .object(members) = self else { return self }
    return .object(members.merging(other) { _, new in new })
  }
}

extension UserModelTests {
  /// Lifecycle events carry the super properties too, as parameters (Firebase's automatic events carry the
  /// default event parameters); their own parameters win.
  @Test func lifecycleEventsCarryTheSuperPropertiesAndTheirOwnParametersWin() async throws {
    let (events, counters, _, _) = try await run { _ in
      googleAnalyticsTracker(.superProperties(.register(["theme": "dark", "build": "super"])))
      googleAnalyticsTracker(.lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")))
      googleAnalyticsTracker(.lifecycle(.backgrounded))
    }
    #expect(counters.invalid == 0)
    #expect(events == [
      ["name": "application_opened", "params": ["from_background": 0, "version": "2.1.0", "build": "142", "theme": "dark"]],
      ["name": "application_backgrounded", "params": ["theme": "dark", "build": "super"]],
    ])
  }

  /// With the snake-case naming, a super property registered under the app's name reaches lifecycle events
  /// under GA4's, its Boolean as 1.
  @Test func lifecycleEventsCarryAdaptedSuperPropertiesWithTheNaming() async throws {
    let (events, counters, _, _) = try await run { _ in
      Current.adaptation = GoogleAnalyticsNaming.snakeCase.adaptation
      googleAnalyticsTracker(.superProperties(.register(["Dark Mode": true])))
      googleAnalyticsTracker(.lifecycle(.backgrounded))
    }
    #expect(counters.invalid == 0)
    #expect(events == [["name": "application_backgrounded", "params": ["dark_mode": 1]]])
  }
}
