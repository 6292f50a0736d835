import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Every user-model operation through `segmentTracker` and the live environment: what reaches Segment,
/// byte for byte against Segment's Spec, and every refusal's rule and message.
///
/// The fixtures are the Spec's own examples (segment.com/docs/connections/spec/ecommerce/v2/, "Order
/// Completed": Monopoly and Uno, order `50314b8e9bcf000000000000`, total 27.50, subtotal 22.50, revenue 25,
/// shipping 3, tax 2, discount 2.5, coupon `hasbros`, USD).
@Suite(.isolatedEnvironments)
struct UserModelTests {
  static let monopoly = StandardEvent.Product(
    id: "507f1f77bcf86cd799439011", name: "Monopoly: 3rd Edition", sku: "45790-32", category: "Games", price: 19)
  static let uno = StandardEvent.Product(
    id: "505bd76785ebb509fc183733", name: "Uno Card Game", sku: "46493-32", category: "Games", price: 3, quantity: 2)
  static let order = StandardEvent.Order(
    id: "50314b8e9bcf000000000000", currency: "USD", products: [monopoly, uno], revenue: 25, tax: 2, shipping: 3,
    discount: 2.5, coupon: "hasbros")

  /// The Spec's products, as its examples write them.
  static let specProducts = """
    [{"product_id": "507f1f77bcf86cd799439011", "sku": "45790-32", "name": "Monopoly: 3rd Edition", "price": 19.0,
      "quantity": 1, "category": "Games"},
     {"product_id": "505bd76785ebb509fc183733", "sku": "46493-32", "name": "Uno Card Game", "price": 3.0,
      "quantity": 2, "category": "Games"}]
    """

  // MARK: - Mapping: the Spec's names and properties

  /// The Spec's products as `PropertyValue`s (amounts are doubles, which parsed JSON can't tell from ints).
  static let specProductValues: PropertyValue = [
    ["product_id": "507f1f77bcf86cd799439011", "sku": "45790-32", "name": "Monopoly: 3rd Edition", "price": .double(19),
     "quantity": 1, "category": "Games"],
    ["product_id": "505bd76785ebb509fc183733", "sku": "46493-32", "name": "Uno Card Game", "price": .double(3),
     "quantity": 2, "category": "Games"],
  ]

  /// "Order Completed" and "Order Refunded" carry the Spec example's properties exactly (less `checkout_id`,
  /// `affiliation` and the products' `url`/`image_url`, which the model has not: the app adds them).
  @Test func orderCompletedIsTheSpecsExample() {
    let expected: AnalyticsData.Properties = [
      "order_id": "50314b8e9bcf000000000000", "total": 27.5, "subtotal": 22.5, "revenue": .double(25),
      "shipping": .double(3), "tax": .double(2), "discount": 2.5, "coupon": "hasbros", "currency": "USD",
      "products": Self.specProductValues,
    ]
    #expect(segmentMessage(for: .standard(.orderCompleted(Self.order))) == .track(event: "Order Completed", properties: expected))
    #expect(segmentMessage(for: .standard(.orderRefunded(Self.order))) == .track(event: "Order Refunded", properties: expected))
  }

  /// The Spec's "Checkout Started": `value` (not `total`/`subtotal`), `revenue`, shipping, tax, discount,
  /// coupon, currency, products; an order without an id has no `order_id`.
  @Test func checkoutStartedAndCartViewed() {
    var checkout = Self.order
    checkout.id = nil
    #expect(segmentMessage(for: .standard(.checkoutStarted(checkout))) == .track(event: "Checkout Started", properties: [
      "value": 27.5, "revenue": .double(25), "shipping": .double(3), "tax": .double(2), "discount": 2.5,
      "coupon": "hasbros", "currency": "USD", "products": Self.specProductValues,
    ]))
    #expect(segmentMessage(for: .standard(.cartViewed(Self.order)))
      == .track(event: "Cart Viewed", properties: ["currency": "USD", "products": Self.specProductValues]))
  }

  /// The Spec's "Product Viewed" example: `value` is price × quantity; Added and Removed carry the product.
  @Test func productEvents() throws {
    let product = StandardEvent.Product(
      id: "507f1f77bcf86cd799439011", name: "Monopoly: 3rd Edition", sku: "G-32", category: "Games", brand: "Hasbro",
      variant: "200 pieces", price: 18.99, coupon: "MAYDEALS", currency: "USD")
    let fields = """
      "product_id": "507f1f77bcf86cd799439011", "sku": "G-32", "category": "Games", "name": "Monopoly: 3rd Edition",
      "brand": "Hasbro", "variant": "200 pieces", "price": 18.99, "quantity": 1, "coupon": "MAYDEALS", "currency": "USD"
      """
    #expect(segmentMessage(for: .standard(.productViewed(product))) == .track(event: "Product Viewed", properties: try #require(parseJSON("{\(fields), \"value\": 18.99}").objectValue)))
    // An integral value stays a double.
    #expect(segmentMessage(for: .standard(.productViewed(StandardEvent.Product(id: "p1", price: 4, quantity: 2))))
      == .track(event: "Product Viewed", properties: ["product_id": "p1", "price": .double(4), "quantity": 2, "value": .double(8)]))
    #expect(segmentMessage(for: .standard(.productAdded(product))) == .track(event: "Product Added", properties: try #require(parseJSON("{\(fields)}").objectValue)))
    #expect(segmentMessage(for: .standard(.productRemoved(product))) == .track(event: "Product Removed", properties: try #require(parseJSON("{\(fields)}").objectValue)))
    // Only what is set.
    #expect(segmentMessage(for: .standard(.productAdded(StandardEvent.Product(id: "p1")))) == .track(event: "Product Added", properties: ["product_id": "p1", "quantity": 1]))
  }

  /// B2B SaaS "Signed Up"/"Signed In" (no method in the Spec: sent as the app's `method`), "Products
  /// Searched" `query`, and sharing: "Product Shared" (`share_via`, `product_id`) for a product, else
  /// "Content Shared".
  @Test func journeyEvents() {
    #expect(segmentMessage(for: .standard(.signedUp(method: "email"))) == .track(event: "Signed Up", properties: ["method": "email"]))
    #expect(segmentMessage(for: .standard(.signedUp(method: nil))) == .track(event: "Signed Up", properties: [:]))
    #expect(segmentMessage(for: .standard(.loggedIn(method: "apple"))) == .track(event: "Signed In", properties: ["method": "apple"]))
    #expect(segmentMessage(for: .standard(.searched(query: "blue roses"))) == .track(event: "Products Searched", properties: ["query": "blue roses"]))
    #expect(segmentMessage(for: .standard(.shared(method: "email", contentType: "product", itemId: "p1")))
      == .track(event: "Product Shared", properties: ["share_via": "email", "product_id": "p1"]))
    #expect(segmentMessage(for: .standard(.shared(method: "sms", contentType: "article", itemId: "a1")))
      == .track(event: "Content Shared", properties: ["share_via": "sms", "content_type": "article", "item_id": "a1"]))
  }

  /// The app's properties go with a standard event; a Spec property of the same name wins.
  @Test func theAppsPropertiesAreAddedAndTheSpecsWin() {
    #expect(segmentMessage(for: .standard(.searched(query: "hats"), properties: ["query": "other", "page": 2]))
      == .track(event: "Products Searched", properties: ["query": "hats", "page": 2]))
  }

  @Test func aliasAndGroup() {
    #expect(segmentMessage(for: .alias(userId: "user-42")) == .alias(userId: "user-42"))
    #expect(segmentMessage(for: .group(type: "company", key: "acme", traits: ["plan": "enterprise"]))
      == .group(groupId: "acme", traits: ["group_type": "company", "plan": "enterprise"]))
  }

  // MARK: - Refusals

  func onlyIssue(_ data: AnalyticsData) -> ValidationIssue? {
    let issues = segmentIssues(for: data)
    #expect(issues.count == 1, "\(issues)")
    return issues.first
  }

  /// segment.com/docs/connections/spec/identify/: traits are set to the value sent; nothing else. Each
  /// operation is refused under one rule that names it, never sent as a plain set.
  @Test func profileOperationsAreRefusedByName() throws {
    let operations: [(ProfileOperation, String)] = [
      (.setOnce(name: "first_order_at", value: "2026-11-04"),
       #"Segment: Segment traits have no 'set once' (set once first_order_at = "2026-11-04"): an identify call sets each trait to the value sent, and this operation would not be sent as a plain set. To fix this, send .userProperty(name: "first_order_at", value: ...) once, when the value is first known."#),
      (.increment(name: "orders_count", by: 1),
       #"Segment: Segment traits have no 'increment' (increment orders_count by 1): an identify call sets each trait to the value sent, and this operation would not be sent as a plain set. To fix this, compute the new value and send .userProperty(name: "orders_count", value: ...)."#),
      (.append(name: "tags", value: "vip"), "To fix this, compute the whole list and send .userProperty(name: \"tags\", value: [...])."),
      (.prepend(name: "tags", value: "vip"), "Segment traits have no 'prepend'"),
      (.union(name: "tags", values: ["a", "b"]), "Segment traits have no 'union'"),
      (.remove(name: "tags", value: "a"), "Segment traits have no 'remove'"),
      (.unset(name: "coupon"),
       #"To fix this, send .userProperty(name: "coupon", value: .null) if the destinations you use read a null trait as removed."#),
    ]
    for (operation, message) in operations {
      let issue = try #require(onlyIssue(.profile(operation)))
      #expect(issue.rule == "profile-operation-unsupported")
      #expect(issue.description.contains(message), "\(issue.description)")
      #expect(segmentMessage(for: .profile(operation)) == .unsupported(.profile(operation)))
    }
  }

  @Test func emptyIdsAndTheGroupTypeTrait() throws {
    #expect(onlyIssue(.alias(userId: " "))?.rule == "alias-user-id-empty")
    #expect(onlyIssue(.group(type: "company", key: ""))?.rule == "group-id-empty")
    #expect(onlyIssue(.group(type: "", key: "acme"))?.rule == "group-type-empty")
    let conflict = try #require(onlyIssue(.group(type: "company", key: "acme", traits: ["group_type": "team"])))
    #expect(conflict.rule == "group-type-trait")
    #expect(conflict.message.contains(#"is "team", but the group's type, sent under that trait, is "company""#))
    // The same type as a trait is what is sent anyway.
    #expect(segmentIssues(for: .group(type: "company", key: "acme", traits: ["group_type": "company"])).isEmpty)
    #expect(onlyIssue(.group(type: "company", key: "acme", traits: ["mrr": .double(.nan)]))?.rule == "property-value-number")
  }

  /// The neutral rules of `StandardEvent.issues(vendor:)`, under Segment's name.
  @Test func standardEventRules() throws {
    var order = Self.order
    order.id = nil
    let missing = try #require(onlyIssue(.standard(.orderCompleted(order))))
    #expect(missing.rule == "standard-order-id" && missing.vendor == "Segment")
    #expect(onlyIssue(.standard(.searched(query: "")))?.rule == "standard-search-query")
    #expect(onlyIssue(.standard(.productAdded(StandardEvent.Product(id: "p", quantity: 0))))?.rule == "standard-quantity")
    #expect(onlyIssue(.standard(.searched(query: "q"), properties: ["x": .double(.infinity)]))?.rule == "property-value-number")
    #expect(segmentIssues(for: .standard(.orderCompleted(Self.order))).isEmpty)
  }

  @Test func superPropertiesAndTimersGivenDirectlyAreRefused() throws {
    let register = try #require(onlyIssue(.superProperties(.register(["theme": "dark"]))))
    #expect(register.rule == "handled-by-pipeline")
    #expect(register.message.contains("To fix this, send it through segmentTracker"))
    #expect(onlyIssue(.timeEvent(name: "Order Completed"))?.rule == "handled-by-pipeline")
    #expect(segmentMessage(for: .timeEvent(name: "Order Completed")) == .unsupported(.timeEvent(name: "Order Completed")))
  }

  // MARK: - Through segmentTracker to the wire

  struct Run {
    let transport = ScriptedTransport()
    let clock = TestClock(1_793_817_970_123)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)

    func install(existing: ExistingIdentity? = nil) throws {
      var configuration = SegmentConfiguration(
        writeKey: "seg-write-key-123", region: .custom(URL(string: "https://segment.invalid")!),
        storageDirectory: temporaryDirectory("UserModelTests-\(UUID().uuidString)"))
      configuration.now = { [clock] in clock.now }
      configuration.flushInterval = .seconds(3_600)
      configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
      configuration.context = .fixture
      configuration.transport = transport
      configuration.onReport = reports.tracker
      configuration.existingIdentity = existing
      Current = try .live(configuration)
    }

    /// The messages sent, without `context` and `messageId` (UserModelWireTests checks those bytes).
    func sent() async throws -> [PropertyValue] {
      await Current.flush()
      return try transport.requests.flatMap { request -> [PropertyValue] in
        try StrictJSON.check(request.body)
        return try parseJSON(request.body)["batch"]?.arrayValue ?? []
      }.map { $0.removing(["context", "messageId"]) }
    }
  }

  /// The shop's journey (issue 22): a super property at launch, sign-up then alias, a group with a trait,
  /// `Checkout Started` → `Order Completed` timed, the order's revenue in the Spec's fields; the profile
  /// operations on the order are refused, counted and reported, and nothing else is lost.
  @Test func theShopsJourneyOnTheWire() async throws {
    let run = Run()
    try run.install()
    segmentTracker(.superProperties(.register(["theme": "dark"])))
    segmentTracker(.standard(.productViewed(Self.monopoly)))
    segmentTracker(.userId("user-42"))
    segmentTracker(.alias(userId: "user-42"))
    segmentTracker(.standard(.signedUp(method: "email")))
    segmentTracker(.group(type: "company", key: "acme", traits: ["plan": "enterprise"]))
    segmentTracker(.timeEvent(name: "Order Completed"))
    segmentTracker(.standard(.checkoutStarted(Self.order)))
    run.clock.advance(milliseconds: 12_500)
    segmentTracker(.standard(.orderCompleted(Self.order)))
    segmentTracker(.profile(.increment(name: "orders_count", by: 1)))
    segmentTracker(.profile(.setOnce(name: "first_order_at", value: .date(eventTime))))
    let sent = try await run.sent()
    let anonymous = try #require(sent.first?["anonymousId"]?.stringValue)
    let t0 = "2026-11-04T18:46:10.123Z"
    let t1 = "2026-11-04T18:46:22.623Z"
    #expect(PropertyValue.array(sent) == (try parseJSON("""
      [{"type": "track", "event": "Product Viewed", "properties": {"product_id": "507f1f77bcf86cd799439011",
         "sku": "45790-32", "name": "Monopoly: 3rd Edition", "category": "Games", "price": 19.0, "quantity": 1,
         "value": 19.0, "theme": "dark"}, "anonymousId": "\(anonymous)", "timestamp": "\(t0)"},
       {"type": "identify", "anonymousId": "\(anonymous)", "userId": "user-42", "timestamp": "\(t0)"},
       {"type": "alias", "previousId": "\(anonymous)", "userId": "user-42", "anonymousId": "\(anonymous)", "timestamp": "\(t0)"},
       {"type": "track", "event": "Signed Up", "properties": {"method": "email", "theme": "dark"},
        "anonymousId": "\(anonymous)", "userId": "user-42", "timestamp": "\(t0)"},
       {"type": "group", "groupId": "acme", "traits": {"group_type": "company", "plan": "enterprise"},
        "anonymousId": "\(anonymous)", "userId": "user-42", "timestamp": "\(t0)"},
       {"type": "track", "event": "Checkout Started", "properties": {"order_id": "50314b8e9bcf000000000000",
         "value": 27.5, "revenue": 25.0, "shipping": 3.0, "tax": 2.0, "discount": 2.5, "coupon": "hasbros", "currency": "USD",
         "products": \(Self.specProducts), "theme": "dark"},
        "anonymousId": "\(anonymous)", "userId": "user-42", "timestamp": "\(t0)"},
       {"type": "track", "event": "Order Completed", "properties": {"order_id": "50314b8e9bcf000000000000",
         "total": 27.5, "subtotal": 22.5, "revenue": 25.0, "shipping": 3.0, "tax": 2.0, "discount": 2.5, "coupon": "hasbros",
         "currency": "USD", "products": \(Self.specProducts), "theme": "dark", "duration": 12.5},
        "anonymousId": "\(anonymous)", "userId": "user-42", "timestamp": "\(t1)"}]
      """)))
    let counters = Current.counters()
    #expect(counters.delivery.delivered == 7)
    #expect(counters.invalidByRule == ["profile-operation-unsupported": 2])
    // The super property and the timer changed local state only.
    #expect(counters.identityUpdates == 2)
    let refused = run.reports.events.filter { $0.message.contains("profile-operation-unsupported") || $0.message.contains("Segment traits have no") }
    #expect(refused.count == 2, "\(run.reports.events)")
    await Current.close(nil)
  }

  /// The Native Mobile Spec's events (segment.com/docs/connections/spec/mobile/): `Deep Link Opened` with
  /// `url` (its token redacted) and the referrer under `referring_application`; `Push Notification Received`
  /// and `Push Notification Tapped` with the Spec's `campaign` object, and the action that opened it.
  @Test func deepLinksAndPushNotificationsOnTheWire() async throws {
    let run = Run()
    try run.install()
    segmentTracker(.standard(.deepLinkOpened(MobileFixtures.link)))
    segmentTracker(.standard(.pushNotificationReceived(MobileFixtures.received)))
    segmentTracker(.standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["screen": "order"]))
    let sent = try await run.sent()
    let anonymous = try #require(sent.first?["anonymousId"]?.stringValue)
    let t0 = "2026-11-04T18:46:10.123Z"
    let campaign = #"{"id": "8245", "name": "Spring sale", "source": "Firebase", "medium": "notification"}"#
    #expect(PropertyValue.array(sent) == (try parseJSON("""
      [{"type": "track", "event": "Deep Link Opened", "properties": {"url": "\(MobileFixtures.redactedURL)",
         "referring_application": "com.apple.mobilemail"}, "anonymousId": "\(anonymous)", "timestamp": "\(t0)"},
       {"type": "track", "event": "Push Notification Received", "properties": {"campaign": \(campaign)},
        "anonymousId": "\(anonymous)", "timestamp": "\(t0)"},
       {"type": "track", "event": "Push Notification Tapped", "properties": {"campaign": \(campaign), "action": "open",
         "screen": "order"}, "anonymousId": "\(anonymous)", "timestamp": "\(t0)"}]
      """)))
    #expect(!run.transport.requests.contains { String(decoding: $0.body, as: UTF8.self).contains("s3cr3t") })
    #expect(Current.counters().delivery.delivered == 3)
    #expect(segmentIssues(for: .standard(.deepLinkOpened(.init(url: "")))).map(\.rule) == ["standard-deep-link-url"])
    await Current.close(nil)
  }

  /// Super properties are validated once, when registered, as an event's properties.
  @Test func aSuperPropertySegmentRefusesIsRefusedWhenRegistered() async throws {
    let run = Run()
    try run.install()
    segmentTracker(.superProperties(.register(["ratio": .double(.nan)])))
    segmentTracker("After")
    let sent = try await run.sent()
    #expect(sent.count == 1)
    #expect(sent.first?["properties"] == nil)
    #expect(Current.counters().invalidByRule == ["property-value-number": 1])
    await Current.close(nil)
  }

  /// An app moving from analytics-swift keeps its users: the SDK's anonymous id continues, and the alias
  /// after the sign-up links it.
  @Test func theAnonymousIdOfAnalyticsSwiftContinues() async throws {
    let run = Run()
    try run.install(existing: ExistingIdentity(anonymousId: "ajs-anonymous-1"))
    segmentTracker("Before")
    segmentTracker(.userId("user-42"))
    segmentTracker(.alias(userId: "user-42"))
    let sent = try await run.sent()
    #expect(sent.map { $0["anonymousId"]?.stringValue } == ["ajs-anonymous-1", "ajs-anonymous-1", "ajs-anonymous-1"])
    #expect(sent.last?["previousId"] == "ajs-anonymous-1")
    await Current.close(nil)
  }
}

extension UserModelTests {
  /// A lifecycle event's message is the message of a track of the same name and properties: the super
  /// properties merged, its own properties winning.
  @Test func lifecycleEventsCarryTheSuperPropertiesAndTheirOwnWin() async throws {
    let run = Run()
    try run.install()
    segmentTracker(.superProperties(.register(["theme": "dark", "build": "super"])))
    segmentTracker(.lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")))
    segmentTracker(.event(name: "Application Opened", properties: ["from_background": false, "version": "2.1.0", "build": "142"]))
    let sent = try await run.sent()
    try #require(sent.count == 2)
    #expect(sent[0]["properties"] == ["from_background": false, "version": "2.1.0", "build": "142", "theme": "dark"])
    #expect(sent[0] == sent[1])
    await Current.close(nil)
  }
}
