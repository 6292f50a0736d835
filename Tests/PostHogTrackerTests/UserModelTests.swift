import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The user model on the wire: each operation's exact JSON, decoded from what the live environment hands a
/// scripted transport, against PostHog's documented forms (posthog.com/docs/api/capture: "Alias", "Group
/// identify", "Groups", "Identify"; posthog.com/docs/product-analytics/person-properties: `$set_once`,
/// `$unset`; posthog.com/docs/data/event-spec/ecommerce-events), and every refusal's rule and message.
@Suite(.isolatedEnvironments)
struct UserModelTests {
  static let t = "2026-11-04T18:46:10.123Z"

  private func configuration(
    _ transport: ScriptedTransport, storage: URL = temporaryDirectory(), clock: TestClock? = nil
  ) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(
      apiKey: "phc_test_key_123", host: .selfHosted(LiveDeliveryTests.host), storageDirectory: storage)
    configuration.transport = transport
    if let clock {
      configuration.now = { clock.now }
    } else {
      configuration.now = { eventTime }
    }
    configuration.context = .fixture
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  /// Every event sent, in order, each body first checked to be strict JSON (no member twice).
  private func sentEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.flatMap { request in
      try StrictJSON.check(request.body)
      return try parseJSON(request.body)["batch"]?.arrayValue ?? []
    }
  }

  /// An event without what every event carries (`uuid`; `$session_id`, `$geoip_disable` and the context in
  /// its properties), to compare the rest exactly.
  private func own(_ event: PropertyValue) -> PropertyValue {
    var event = event.removing(["uuid"])
    if case var .object(members) = event, case let .object(properties)? = members["properties"] {
      members["properties"] = .object(properties.filter {
        !ContextTests.fixtureContext.keys.contains($0.key) && !["$session_id", "$geoip_disable"].contains($0.key)
      })
      event = .object(members)
    }
    return event
  }

  private func send(_ events: [AnalyticsData], storage: URL = temporaryDirectory()) async throws -> [PropertyValue] {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(configuration(transport, storage: storage))
    for event in events { postHogTracker(event) }
    await Current.flush()
    await Current.close(nil)
    return try sentEvents(transport)
  }

  // MARK: - Alias

  /// posthog.com/docs/api/capture, "Alias": `$create_alias` with `properties.alias`; the alias side is merged
  /// into the `distinct_id` side (posthog.com/docs/product-analytics/identify, "When are merges blocked?":
  /// "the source person (the `$anon_distinct_id` or `alias` side)"). So the user id is the `distinct_id`
  /// and this device's anonymous id the `alias`, as posthog-ios's `alias(_:)` sends it once identified.
  @Test func aliasIsCreateAliasMergingTheAnonymousIdIntoTheUser() async throws {
    let events = try await send(["before", .alias(userId: "user-42"), "after"])
    try #require(events.count == 3)
    let anonymous = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    #expect(own(events[1]) == (try parseJSON("""
      {"event": "$create_alias", "properties": {"distinct_id": "user-42", "alias": "\(anonymous)",
       "$process_person_profile": true}, "timestamp": "\(Self.t)"}
      """)))
    // The alias links the ids; it signs no one in: later events keep the anonymous id.
    #expect(events[2]["properties"]?["distinct_id"]?.stringValue == anonymous)
    // The rest of what every event carries is there, once.
    #expect(events[1]["properties"]?["$lib"] == "swift-trackers")
    #expect(events[1]["properties"]?["$session_id"] == events[0]["properties"]?["$session_id"])
  }

  @Test func aliasAfterSignInKeepsTheUserAsDistinctId() async throws {
    let events = try await send([.userId("user-42"), .alias(userId: "user-42")])
    try #require(events.count == 2)
    let anonymous = try #require(events[0]["properties"]?["$anon_distinct_id"]?.stringValue)
    #expect(own(events[1]) == (try parseJSON("""
      {"event": "$create_alias", "properties": {"distinct_id": "user-42", "alias": "\(anonymous)",
       "$process_person_profile": true}, "timestamp": "\(Self.t)"}
      """)))
  }

  // MARK: - Groups

  /// posthog.com/docs/api/capture, "Group identify" (`$groupidentify` with `$group_type`, `$group_key`,
  /// `$group_set`) and "Groups" (`$groups: {type: key}` on events); posthog-ios's `group(type:key:
  /// groupProperties:)` keeps the group and sends `$groupidentify`, which already carries it in `$groups`.
  @Test func groupIsGroupIdentifyAndEveryLaterEventCarriesGroups() async throws {
    let events = try await send([
      "before",
      .group(type: "company", key: "acme", traits: ["plan": "enterprise", "seats": 40]),
      "after",
      .group(type: "project", key: "p-7"),
      .group(type: "company", key: "globex"),
      .screen(name: "Cart"),
    ])
    try #require(events.count == 6)
    let anonymous = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    #expect(events[0]["properties"]?["$groups"] == nil)
    #expect(own(events[1]) == (try parseJSON("""
      {"event": "$groupidentify", "properties": {"distinct_id": "\(anonymous)", "$groups": {"company": "acme"},
       "$group_type": "company", "$group_key": "acme", "$group_set": {"plan": "enterprise", "seats": 40},
       "$process_person_profile": true}, "timestamp": "\(Self.t)"}
      """)))
    #expect(events[2]["properties"]?["$groups"] == ["company": "acme"])
    // No traits: no `$group_set`, as posthog-ios leaves it out.
    #expect(own(events[3]) == (try parseJSON("""
      {"event": "$groupidentify", "properties": {"distinct_id": "\(anonymous)",
       "$groups": {"company": "acme", "project": "p-7"}, "$group_type": "project", "$group_key": "p-7",
       "$process_person_profile": true}, "timestamp": "\(Self.t)"}
      """)))
    // One key per type: a new company replaces the old one.
    #expect(events[4]["properties"]?["$groups"] == ["company": "globex", "project": "p-7"])
    #expect(events[5]["properties"]?["$groups"] == ["company": "globex", "project": "p-7"])
  }

  @Test func groupsAreKeptAcrossLaunchesAndForgottenOnSignOut() async throws {
    let storage = temporaryDirectory()
    _ = try await send([.userId("user-42"), .group(type: "company", key: "acme")], storage: storage)
    let events = try await send(["relaunched", .userId(nil), "signed out"], storage: storage)
    try #require(events.count == 2)
    #expect(events[0]["properties"]?["$groups"] == ["company": "acme"])
    // posthog-ios's `reset()` clears the groups with the ids.
    #expect(events[1]["properties"]?["$groups"] == nil)
  }

  // MARK: - Person properties

  /// posthog.com/docs/product-analytics/person-properties: `$set_once` beside `$set` on a `$set` event;
  /// `$unset`, an array of names, "with any event" (a `$set` event here, as posthog-js's
  /// `unsetPersonProperties()` sends it).
  @Test func setOnceAndUnsetAreSetEvents() async throws {
    let events = try await send([
      .userProperty(name: "plan", value: "pro"),
      .profile(.setOnce(name: "first_order_at", value: .date(propertyDate))),
      .profile(.unset(name: "coupon")),
    ])
    try #require(events.count == 3)
    let anonymous = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    #expect(PropertyValue.array(events.map(own)) == (try parseJSON("""
      [{"event": "$set", "properties": {"distinct_id": "\(anonymous)", "$set": {"plan": "pro"}, "$process_person_profile": true},
        "timestamp": "\(Self.t)"},
       {"event": "$set", "properties": {"distinct_id": "\(anonymous)", "$set_once": {"first_order_at": "2023-11-14T22:13:20.000Z"},
        "$process_person_profile": true}, "timestamp": "\(Self.t)"},
       {"event": "$set", "properties": {"distinct_id": "\(anonymous)", "$unset": ["coupon"], "$process_person_profile": true},
        "timestamp": "\(Self.t)"}]
      """)))
  }

  @Test(arguments: [
    ProfileOperation.increment(name: "orders_count", by: 1),
    .append(name: "tags", value: "vip"),
    .prepend(name: "tags", value: "vip"),
    .union(name: "tags", values: ["vip", "beta"]),
    .remove(name: "tags", value: "vip"),
  ])
  func operationsPostHogLacksAreRefusedNamingThem(operation: ProfileOperation) throws {
    #expect(postHogEvent(for: .profile(operation)) == .notSent(kind: "profile \(operation.operationName)"))
    let issues = postHogIssues(for: .profile(operation))
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.rule == "profile-operation-unsupported")
    #expect(issue.message.hasPrefix("PostHog has no '\(operation.operationName)' on person properties ('\(operation.name)')"))
    #expect(issue.message.contains("persons only have set, set once and unset"))
    #expect(issue.message.contains("To fix this,"))
  }

  @Test func anUnsupportedOperationIsCountedUnderItsRuleAndNeverSent() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    postHogTracker(.profile(.increment(name: "orders_count", by: 1)))
    postHogTracker("sent")
    await Current.flush()
    #expect(Current.counters().invalidByRule == ["profile-operation-unsupported": 1])
    #expect(reports.events.contains { "\($0)".contains("PostHog has no 'increment'") })
    await Current.close(nil)
    #expect(try sentEvents(transport).map { $0["event"] } == ["sent"])
  }

  /// Only a direct `send` (past the pipeline's validation) can hand the live environment what PostHog has
  /// no form for: counted as unsupported, never queued.
  @Test func aNotSentEventGivenToSendDirectlyIsCountedAsUnsupported() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let environment = try PostHogEnvironment.live(configuration(transport))
    environment.send(postHogEvent(for: .timeEvent(name: "Checkout Started")))
    environment.send(postHogEvent(for: .profile(.append(name: "tags", value: "vip"))))
    await environment.flush()
    #expect(environment.counters().unsupportedByKind == ["timeEvent": 1, "profile append": 1])
    #expect(environment.counters().delivery.enqueued == 0)
    await environment.close(nil)
    #expect(transport.requests.isEmpty)
  }

  // MARK: - Standard events

  static let shirt = StandardEvent.Product(
    id: "sku-1", name: "Shirt", sku: "SH-1", category: "apparel", brand: "Acme", variant: "blue", price: 20,
    quantity: 2, coupon: "SUMMER", currency: "EUR")
  static let mug = StandardEvent.Product(id: "sku-2", name: "Mug", price: 9.5)
  static let order = StandardEvent.Order(
    id: "o-1", currency: "EUR", products: [shirt, mug], tax: 4.9, shipping: 5, discount: 2.5, coupon: "WELCOME")

  /// posthog.com/docs/data/event-spec/ecommerce-events, "Order Completed": `order_id`, `subtotal` (after
  /// discounts, before taxes and shipping), `total` (with them), `revenue`, `shipping`, `tax`, `discount`,
  /// `coupon`, `currency` and `products`, each `product_id`, `sku`, `category`, `name`, `brand`, `variant`,
  /// `price`, `quantity`, `coupon`.
  @Test func orderCompletedCarriesTheSpecsFieldsAndRevenue() async throws {
    let events = try await send([.standard(.orderCompleted(Self.order), properties: ["channel": "app"])])
    let anonymous = try #require(events.first?["properties"]?["distinct_id"]?.stringValue)
    // 2 × 20 + 9.5 = 49.5; after the 2.5 discount: 47; with tax and shipping: 56.9.
    #expect(own(try #require(events.first)) == (try parseJSON("""
      {"event": "Order Completed", "properties": {"distinct_id": "\(anonymous)", "$process_person_profile": false, "channel": "app",
       "order_id": "o-1", "subtotal": 47.0, "total": 56.9, "revenue": 47.0, "shipping": 5.0, "tax": 4.9,
       "discount": 2.5, "coupon": "WELCOME", "currency": "EUR",
       "products": [
         {"product_id": "sku-1", "sku": "SH-1", "category": "apparel", "name": "Shirt", "brand": "Acme",
          "variant": "blue", "price": 20.0, "quantity": 2, "coupon": "SUMMER"},
         {"product_id": "sku-2", "name": "Mug", "price": 9.5, "quantity": 1}]},
       "timestamp": "\(Self.t)"}
      """)))
  }

  @Test func everyStandardEventHasTheSpecsNameAndProperties() {
    let shirt: [String: PropertyValue] = [
      "product_id": "sku-1", "sku": "SH-1", "category": "apparel", "name": "Shirt", "brand": "Acme",
      "variant": "blue", "price": 20.0, "quantity": 2, "coupon": "SUMMER",
    ]
    let mug: [String: PropertyValue] = ["product_id": "sku-2", "name": "Mug", "price": 9.5, "quantity": 1]
    var viewed = shirt
    viewed["currency"] = "EUR"
    var added = viewed
    viewed["value"] = 40.0
    added.removeValue(forKey: "value")
    let products: PropertyValue = [.object(shirt), .object(mug)]
    let refund = StandardEvent.Order(id: "o-1", currency: "EUR", products: [Self.mug], total: 9.5)
    let cases: [(StandardEvent, String, [String: PropertyValue])] = [
      (.productViewed(Self.shirt), "Product Viewed", viewed),
      (.productAdded(Self.shirt), "Product Added", added),
      (.productRemoved(Self.shirt), "Product Removed", added),
      (.cartViewed(Self.order), "Cart Viewed", ["products": products, "currency": "EUR"]),
      (.checkoutStarted(Self.order), "Checkout Started", [
        "order_id": "o-1", "value": 56.9, "revenue": 47.0, "shipping": 5.0, "tax": 4.9, "discount": 2.5,
        "coupon": "WELCOME", "currency": "EUR", "products": products,
      ]),
      (.orderRefunded(refund), "Order Refunded", [
        "order_id": "o-1", "total": 9.5, "currency": "EUR", "products": [.object(mug)],
      ]),
      (.searched(query: "red shoes"), "Products Searched", ["query": "red shoes"]),
      (.signedUp(method: "apple"), "Signed Up", ["method": "apple"]),
      (.signedUp(method: nil), "Signed Up", [:]),
      (.loggedIn(method: "email"), "Signed In", ["method": "email"]),
      (.shared(method: "messages", contentType: "product", itemId: "sku-1"), "Content Shared", [
        "share_via": "messages", "content_type": "product", "item_id": "sku-1",
      ]),
    ]
    for (event, name, properties) in cases {
      #expect(postHogEvent(for: .standard(event)) == .capture(event: name, properties: properties), "\(event)")
      #expect(postHogIssues(for: .standard(event)).isEmpty, "\(event)")
    }
  }

  /// `Deep Link Opened` as posthog-ios's `handleOpenURL` captures it (`url`, `$referrer`, and
  /// `$referring_domain` when the referrer is a URL); the push events, which PostHog's SDKs do not send, under
  /// Segment's Native Mobile Spec names with its `campaign` object, as PostHog's e-commerce spec takes
  /// Segment's.
  @Test func deepLinksAndPushNotificationsOnTheWire() async throws {
    let events = try await send([
      .standard(.deepLinkOpened(MobileFixtures.link)),
      .standard(.pushNotificationReceived(MobileFixtures.received)),
      .standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["screen": "order"]),
      .standard(.deepLinkOpened(.init(url: "shop://tea", referrer: "https://user:pw@[::1]:8443/search?q=tea"))),
    ])
    try #require(events.count == 4)
    let distinctId = try #require(events[0]["properties"]?["distinct_id"]?.stringValue)
    let campaign = #"{"id": "8245", "name": "Spring sale", "source": "Firebase", "medium": "notification"}"#
    #expect(PropertyValue.array(events.map(own).map { $0.removing(["timestamp"]) }) == (try parseJSON("""
      [{"event": "Deep Link Opened", "properties": {"distinct_id": "\(distinctId)", "url": "\(MobileFixtures.redactedURL)",
         "$referrer": "com.apple.mobilemail", "$process_person_profile": false}},
       {"event": "Push Notification Received", "properties": {"distinct_id": "\(distinctId)", "campaign": \(campaign),
         "$process_person_profile": false}},
       {"event": "Push Notification Tapped", "properties": {"distinct_id": "\(distinctId)", "campaign": \(campaign),
         "action": "open", "screen": "order", "$process_person_profile": false}},
       {"event": "Deep Link Opened", "properties": {"distinct_id": "\(distinctId)", "url": "shop://tea",
         "$referrer": "https://[::1]:8443/search?q=redacted", "$referring_domain": "::1", "$process_person_profile": false}}]
      """)))
    #expect(postHogIssues(for: .standard(.deepLinkOpened(MobileFixtures.link))).isEmpty)
    #expect(postHogIssues(for: .standard(.pushNotificationOpened(MobileFixtures.opened))).isEmpty)
  }

  @Test func theOrdersOwnRevenueWinsAndTheSpecsFieldsWinOverExtraProperties() {
    let order = StandardEvent.Order(id: "o-2", currency: "USD", products: [Self.mug], revenue: 8)
    guard case let .capture(_, properties) = postHogEvent(
      for: .standard(.orderCompleted(order), properties: ["revenue": 1, "note": "gift"]))
    else { Issue.record("not a capture"); return }
    #expect(properties["revenue"] == 8.0)
    #expect(properties["note"] == "gift")
  }

  // MARK: - Super properties and timed events, through the pipeline

  @Test func superPropertiesAndTimersReachTheWireAsProperties() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(1_700_000_000_000)
    Current = try .live(configuration(transport, clock: clock))
    postHogTracker(.superProperties(.register(["theme": "dark", "$process_person_profile": false])))
    postHogTracker(.timeEvent(name: "Order Completed"))
    clock.advance(milliseconds: 2_500)
    postHogTracker(.standard(.orderCompleted(Self.order)))
    postHogTracker(.userProperty(name: "plan", value: "pro"))
    await Current.flush()
    await Current.close(nil)
    let events = try sentEvents(transport)
    try #require(events.count == 2)
    let order = try #require(events[0]["properties"])
    #expect(order["theme"] == "dark")
    #expect(order["$process_person_profile"] == false)
    #expect(order["duration"] == 2.5)
    // Person-property operations carry no super properties.
    #expect(events[1]["properties"]?["theme"] == nil)
  }

  // MARK: - Refusals

  @Test func mappedDirectlySuperPropertiesAndTimersAreRefused() throws {
    for data: AnalyticsData in [.superProperties(.register(["theme": "dark"])), .superProperties(.unregisterAll),
                                .timeEvent(name: "Checkout Started")] {
      let issue = try #require(postHogIssues(for: data).first)
      #expect(issue.rule == "handled-by-pipeline")
      #expect(issue.message.contains("To fix this, send it through `postHogTracker`"))
      guard case .notSent = postHogEvent(for: data) else { Issue.record("\(data) is sent"); continue }
    }
  }

  @Test func groupsNeedATypeAndAKeyAndPlainTraitNames() {
    func rules(_ data: AnalyticsData) -> [String] { postHogIssues(for: data).map(\.rule) }
    #expect(rules(.group(type: "", key: "acme")) == ["group-type-empty"])
    #expect(rules(.group(type: "company", key: " ")) == ["group-key-empty"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["$name": "Acme"])) == ["property-name-reserved"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["mrr": .double(.nan)])) == ["property-value-number"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["plan": "pro"])).isEmpty)
    let message = postHogIssues(for: .group(type: "company", key: "")).first?.message ?? ""
    #expect(message == "group key of type 'company' is empty; PostHog can't address a group without one. To fix this, send the group's id.")
  }

  @Test func aliasAndPersonOperationsFollowTheUserIdAndNameRules() {
    func rules(_ data: AnalyticsData) -> [String] { postHogIssues(for: data).map(\.rule) }
    #expect(rules(.alias(userId: "")) == ["user-id-empty"])
    #expect(rules(.alias(userId: "anonymous")) == ["user-id-placeholder"])
    #expect(rules(.alias(userId: "user-42")).isEmpty)
    #expect(rules(.profile(.setOnce(name: "$email", value: "a@b.c"))) == ["property-name-reserved"])
    #expect(rules(.profile(.setOnce(name: "ratio", value: .double(.infinity)))) == ["property-value-number"])
    #expect(rules(.profile(.unset(name: ""))) == ["property-name-empty"])
    #expect(rules(.profile(.setOnce(name: "first_order_at", value: .date(propertyDate)))).isEmpty)
  }

  /// posthog.com/docs/api/capture, "Events without person profiles", and
  /// posthog.com/docs/product-analytics/person-properties, `$update_person_last_seen_at`: the two `$`
  /// properties documented for clients, booleans; every other `$` name stays refused, and they are event
  /// properties, not person properties.
  @Test func theDocumentedClientKeysAreAllowedAsBooleans() throws {
    func rules(_ data: AnalyticsData) -> [String] { postHogIssues(for: data).map(\.rule) }
    #expect(rules(.event(name: "e", properties: ["$process_person_profile": false])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["$update_person_last_seen_at": false])).isEmpty)
    #expect(rules(.screen(name: "Cart", properties: ["$process_person_profile": true])).isEmpty)
    #expect(rules(.event(name: "e", properties: ["$process_person_profile": "no"])) == ["property-value-type"])
    #expect(rules(.event(name: "e", properties: ["$groups": ["company": "acme"]])) == ["property-name-reserved"])
    #expect(rules(.event(name: "e", properties: ["$set_once": ["a": 1]])).isEmpty)  // person properties
    #expect(rules(.event(name: "e", properties: ["$set": "pro"])) == ["property-value-type"])
    #expect(rules(.event(name: "e", properties: ["$set": ["$email": "a@b.c"]])) == ["property-name-reserved"])
    #expect(rules(.userProperty(name: "$process_person_profile", value: false)) == ["property-name-reserved"])
    let issue = try #require(postHogIssues(for: .event(name: "e", properties: ["$process_person_profile": 0])).first)
    #expect(issue.message == "property '$process_person_profile' is 0, but PostHog reads it as a boolean. To fix this, send `true` or `false`.")
    let reserved = try #require(postHogIssues(for: .event(name: "e", properties: ["$ip": "1.2.3.4"])).first)
    #expect(
      reserved.message.contains(
        "an event may only carry $process_person_profile, $update_person_last_seen_at, and $set and $set_once "
          + "holding person properties"))
  }

  @Test func standardEventsAreCheckedByTheNeutralRulesAndTheirExtraProperties() {
    let rules = postHogIssues(for: .standard(.searched(query: ""), properties: ["$x": 1])).map(\.rule)
    #expect(rules.contains("property-name-reserved"))
    #expect(rules.count == 2)
  }
}

extension UserModelTests {
  /// posthog-ios merges super properties into every event: a lifecycle event carries them, the registered
  /// `$process_person_profile: false` included, and its body is that of a capture of the same name and
  /// properties (its own win).
  @Test func lifecycleEventsCarryTheSuperPropertiesAndTheirOwnWin() async throws {
    let events = try await send([
      .superProperties(.register(["theme": "dark", "build": "super", "$process_person_profile": false])),
      .lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")),
      .event(name: "Application Opened", properties: ["from_background": false, "version": "2.1.0", "build": "142"]),
    ])
    try #require(events.count == 2)
    #expect(own(events[0])["properties"] == [
      "from_background": false, "version": "2.1.0", "build": "142", "theme": "dark", "$process_person_profile": false,
      "distinct_id": own(events[0])["properties"]?["distinct_id"] ?? .null,
    ])
    #expect(own(events[0]) == own(events[1]))
  }
}
