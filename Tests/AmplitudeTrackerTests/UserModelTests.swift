import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The user model on Amplitude's wire, byte for byte as decoded JSON, against the documented forms:
/// - user property operations: `$identify` with `user_properties: {"<operation>": {name: value}}`
///   (amplitude.com/docs/apis/analytics/identify, "user_properties supported operations"; the HTTP V2 API
///   takes them on `$identify` events: amplitude.com/docs/apis/analytics/http-v2, key `user_properties`);
/// - groups: `groups` on events, `$groupidentify` with `groups` and `group_properties`
///   (amplitude.com/docs/apis/analytics/http-v2, keys `groups` and `group_properties`; Amplitude-Swift's
///   `setGroup` and `groupIdentify`, Sources/Amplitude/Amplitude.swift);
/// - revenue: top-level `revenue`, `revenueType`, `currency` (http-v2, "Event array keys": "Use negative
///   values for refunds");
/// - alias: nothing sent (the HTTP V2 API has no alias; a sign-in links the device to the user).
@Suite(.isolatedEnvironments)
struct UserModelTests {
  static let shoe = StandardEvent.Product(id: "sku-1", name: "Trail Shoe", category: "Shoes", price: 89.5, quantity: 2)
  static let order = StandardEvent.Order(id: "o-1001", currency: "EUR", products: [shoe], tax: 3.2, shipping: 4.9)

  /// Session events off and IP location suppressed (the defaults): each test sees only its own events.
  private func configuration(
    _ transport: ScriptedTransport, storage: URL = temporaryDirectory(),
    reports: TrackerRecorder<TrackerReport>? = nil
  ) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(
      apiKey: LiveDeliveryTests.apiKey, region: .custom(LiveDeliveryTests.host), storageDirectory: storage)
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = .fixture
    configuration.sendsSessionEvents = false
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    if let reports { configuration.onReport = reports.tracker }
    return configuration
  }

  /// Every event sent, in order, without its `insert_id` (checked apart: a UUID per event).
  private func sentEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    let events = try transport.requests.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }
    for event in events { #expect(event["insert_id"]?.stringValue.flatMap(RecordID.init(uuidString:)) != nil) }
    return events.map { $0.removing(["insert_id"]) }
  }

  /// The members every event of these tests starts with, for `device`.
  private func head(_ device: String, user: String? = nil) -> String {
    let userMember = user.map { #""user_id": "\#($0)", "# } ?? ""
    return #""device_id": "\#(device)", \#(userMember)"time": 1793817970123, "session_id": 1793817970123, "#
      + LiveDeliveryTests.context
  }

  // MARK: - Mapping

  @Test func profileOperationsMapToIdentifyOperations() {
    let cases: [(ProfileOperation, AmplitudeEvent)] = [
      (.setOnce(name: "first_order_at", value: "2026-11-25"), .identify(.setOnce, name: "first_order_at", value: "2026-11-25")),
      (.increment(name: "orders_count", by: 1), .identify(.add, name: "orders_count", value: 1)),
      (.increment(name: "balance", by: -2.5), .identify(.add, name: "balance", value: -2.5)),
      (.append(name: "visited", value: "cart"), .identify(.append, name: "visited", value: "cart")),
      (.prepend(name: "visited", value: "home"), .identify(.prepend, name: "visited", value: "home")),
      (.union(name: "interests", values: ["shoes", "hats"]),
       .identify(.postInsert, name: "interests", value: ["shoes", "hats"])),
      (.remove(name: "interests", value: "hats"), .identify(.remove, name: "interests", value: "hats")),
      (.unset(name: "coupon"), .identify(.unset, name: "coupon", value: "-")),
    ]
    for (operation, expected) in cases {
      #expect(amplitudeEvent(for: .profile(operation)) == expected, "\(operation)")
      #expect(amplitudeIssues(for: .profile(operation)).isEmpty, "\(operation)")
    }
  }

  @Test func groupAliasAndPipelineCases() {
    #expect(amplitudeEvent(for: .group(type: "company", key: "acme", traits: ["plan": "pro"]))
      == .group(type: "company", key: "acme", properties: ["plan": "pro"]))
    #expect(amplitudeEvent(for: .alias(userId: "user-42")) == .alias(userId: "user-42"))
    #expect(amplitudeEvent(for: .superProperties(.register(["theme": "dark"]))) == .notSent(kind: "superProperties"))
    #expect(amplitudeEvent(for: .timeEvent(name: "Checkout Started")) == .notSent(kind: "timeEvent"))
  }

  /// Segment's spec names and fields; revenue only on the completed and refunded order, where the HTTP
  /// V2 API's top-level fields put it in Amplitude's revenue charts.
  @Test func standardEventsUseSpecNamesAndRevenueFields() {
    let shoe = Self.shoe
    #expect(amplitudeEvent(for: .standard(.productViewed(shoe)))
      == .event(type: "Product Viewed", properties: [
        "product_id": "sku-1", "name": "Trail Shoe", "category": "Shoes", "price": 89.5, "quantity": 2,
      ]))
    #expect(amplitudeEvent(for: .standard(.signedUp(method: "email"))) == .event(type: "Signed Up", properties: ["method": "email"]))
    #expect(amplitudeEvent(for: .standard(.loggedIn(method: nil))) == .event(type: "Signed In", properties: [:]))
    #expect(amplitudeEvent(for: .standard(.searched(query: "boots"), properties: ["results": 12]))
      == .event(type: "Products Searched", properties: ["query": "boots", "results": 12]))
    let orderFields = StandardEvent.orderCompleted(Self.order).properties
    #expect(amplitudeEvent(for: .standard(.orderCompleted(Self.order), properties: ["gift_wrap": true]))
      == .revenue(
        type: "Order Completed", properties: orderFields.merging(["gift_wrap": true]) { $1 },
        revenue: .init(revenue: 179, revenueType: "purchase", currency: "EUR")))
    #expect(amplitudeEvent(for: .standard(.orderRefunded(Self.order)))
      == .revenue(
        type: "Order Refunded", properties: StandardEvent.orderRefunded(Self.order).properties,
        revenue: .init(revenue: -179, revenueType: "refund", currency: "EUR")))
    #expect(amplitudeEvent(for: .standard(.checkoutStarted(Self.order)))
      == .event(type: "Checkout Started", properties: StandardEvent.checkoutStarted(Self.order).properties))
  }

  /// What reports and logs show of each new form.
  @Test func descriptionsNameTheForm() {
    #expect(AmplitudeEvent.identify(.postInsert, name: "interests", value: ["shoes"]).description
      == #"identify $postInsert interests = ["shoes"]"#)
    #expect(AmplitudeEvent.group(type: "company", key: "acme", properties: [:]).description == #"group company = "acme""#)
    #expect(AmplitudeEvent.alias(userId: "user-42").description
      == #"alias "user-42" (nothing sent: Amplitude links the device_id and user_id of one event)"#)
    #expect(AmplitudeEvent.revenue(
      type: "Order Refunded", properties: [:], revenue: .init(revenue: -179, revenueType: "refund", currency: "EUR")
    ).description == "event Order Refunded {} revenue -179.0 revenueType refund currency EUR")
    #expect(AmplitudeEvent.notSent(kind: "timeEvent").description == "timeEvent (not sent)")
  }

  // MARK: - The wire

  /// Every profile operation as one `$identify`, in the Identify API's documented form.
  @Test func profileOperationsOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    let operations: [ProfileOperation] = [
      .setOnce(name: "first_order_at", value: .date(propertyDate)),
      .increment(name: "orders_count", by: 1),
      .increment(name: "balance", by: 2.5),
      .append(name: "visited", value: "cart"),
      .prepend(name: "visited", value: "home"),
      .union(name: "interests", values: ["shoes", "hats"]),
      .remove(name: "interests", value: "hats"),
      .unset(name: "coupon"),
    ]
    for operation in operations { amplitudeTracker(.profile(operation)) }
    await Current.flush()
    let events = try sentEvents(transport)
    let device = try #require(events.first?["device_id"]?.stringValue)
    let head = head(device)
    let expected = try parseJSON("""
      [{"event_type": "$identify", \(head), "user_properties": {"$setOnce": {"first_order_at": "2023-11-14T22:13:20.000Z"}}},
       {"event_type": "$identify", \(head), "user_properties": {"$add": {"orders_count": 1}}},
       {"event_type": "$identify", \(head), "user_properties": {"$add": {"balance": 2.5}}},
       {"event_type": "$identify", \(head), "user_properties": {"$append": {"visited": "cart"}}},
       {"event_type": "$identify", \(head), "user_properties": {"$prepend": {"visited": "home"}}},
       {"event_type": "$identify", \(head), "user_properties": {"$postInsert": {"interests": ["shoes", "hats"]}}},
       {"event_type": "$identify", \(head), "user_properties": {"$remove": {"interests": "hats"}}},
       {"event_type": "$identify", \(head), "user_properties": {"$unset": {"coupon": "-"}}}]
      """)
    #expect(PropertyValue.array(events) == expected)
    #expect(Current.counters().delivery.enqueued == 8)
    await Current.close(nil)
  }

  /// `[Amplitude] Deep Link Opened` with `[Amplitude] Link URL` and `[Amplitude] Link Referrer`, as
  /// Amplitude-Swift's `DeepLinkOpenedEvent` sends it; the push events, which Amplitude's SDKs do not send,
  /// under Segment's Native Mobile Spec names with its `campaign` object.
  @Test func deepLinksAndPushNotificationsOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.standard(.deepLinkOpened(MobileFixtures.link), properties: ["url": "an app property"]))
    amplitudeTracker(.standard(.pushNotificationReceived(MobileFixtures.received)))
    amplitudeTracker(.standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["screen": "order"]))
    await Current.flush()
    let events = try sentEvents(transport)
    let device = try #require(events.first?["device_id"]?.stringValue)
    let head = head(device)
    let campaign = #"{"id": "8245", "name": "Spring sale", "source": "Firebase", "medium": "notification"}"#
    #expect(PropertyValue.array(events) == (try parseJSON("""
      [{"event_type": "[Amplitude] Deep Link Opened", \(head), "event_properties": {
         "[Amplitude] Link URL": "\(MobileFixtures.redactedURL)", "[Amplitude] Link Referrer": "com.apple.mobilemail",
         "url": "an app property"}},
       {"event_type": "Push Notification Received", \(head), "event_properties": {"campaign": \(campaign)}},
       {"event_type": "Push Notification Tapped", \(head), "event_properties": {"campaign": \(campaign),
         "action": "open", "screen": "order"}}]
      """)))
    #expect(Current.counters().invalid == 0)
    #expect(amplitudeIssues(for: .standard(.deepLinkOpened(MobileFixtures.link), properties: ["[Amplitude] Link URL": "x"]))
      .map(\.rule).contains("standard-property-conflict"))
    #expect(amplitudeIssues(for: .standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["action": "x"]))
      .map(\.rule) == ["standard-property-conflict"])
    await Current.close(nil)
  }

  /// `.group`: Amplitude-Swift's `setGroup` `$identify`, then `groupIdentify`'s `$groupidentify` with the
  /// traits, then `groups` on every later event; a group without traits sends no `$groupidentify`.
  @Test func groupsOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker("Before")
    amplitudeTracker(.group(type: "company", key: "acme", traits: ["plan": "pro", "seats": 12]))
    amplitudeTracker("Cart Opened")
    amplitudeTracker(.group(type: "team", key: "design"))
    amplitudeTracker(.userProperty(name: "tier", value: "gold"))
    await Current.flush()
    let events = try sentEvents(transport)
    let device = try #require(events.first?["device_id"]?.stringValue)
    let head = head(device)
    let acme = #""groups": {"company": "acme"}"#
    let both = #""groups": {"company": "acme", "team": "design"}"#
    let expected = try parseJSON("""
      [{"event_type": "Before", \(head)},
       {"event_type": "$identify", \(head), \(acme), "user_properties": {"$set": {"company": "acme"}}},
       {"event_type": "$groupidentify", \(head), \(acme), "group_properties": {"$set": {"plan": "pro", "seats": 12}}},
       {"event_type": "Cart Opened", \(head), \(acme)},
       {"event_type": "$identify", \(head), \(both), "user_properties": {"$set": {"team": "design"}}},
       {"event_type": "$identify", \(head), \(both), "user_properties": {"$set": {"tier": "gold"}}}]
      """)
    #expect(PropertyValue.array(events) == expected)
    let counters = Current.counters()
    #expect(counters.delivery.enqueued == 6)
    #expect(counters.identityUpdates == 0)
    await Current.close(nil)
  }

  /// A `$groupidentify` sets its properties on every group it lists: with the user in two groups, it
  /// lists only the one it describes.
  @Test func groupIdentifyListsOnlyItsOwnGroup() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.group(type: "team", key: "design"))
    amplitudeTracker(.group(type: "company", key: "acme", traits: ["plan": "pro"]))
    await Current.flush()
    let events = try sentEvents(transport)
    let groupIdentify = try #require(events.first { $0["event_type"] == "$groupidentify" })
    #expect(groupIdentify["groups"] == ["company": "acme"])
    let identifyGroups: [PropertyValue?] = events.filter { $0["event_type"] == "$identify" }.map { $0["groups"] }
    #expect(identifyGroups == [["team": "design"], ["company": "acme", "team": "design"]])
    await Current.close(nil)
  }

  /// A new key for a type replaces the old one; the groups are kept with the identity, across launches.
  @Test func groupsPersistAcrossLaunchesAndAKeyReplacesTheOld() async throws {
    let storage = temporaryDirectory()
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport, storage: storage))
    amplitudeTracker(.group(type: "company", key: "acme"))
    amplitudeTracker(.group(type: "company", key: "globex"))
    await Current.close(nil)
    Current = try .live(configuration(transport, storage: storage))
    amplitudeTracker("After Relaunch")
    await Current.flush()
    let events = try sentEvents(transport)
    #expect(events.last?["event_type"] == "After Relaunch")
    #expect(events.last?["groups"] == ["company": "globex"])
    await Current.close(nil)
  }

  /// Groups belong to the person: kept through a sign-in from anonymous, forgotten when a sign-out or
  /// another user's sign-in starts a new device id.
  @Test func groupsFollowThePersonNotTheDevice() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.group(type: "company", key: "acme"))
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker("Signed In As 42")
    amplitudeTracker(.userId("user-43"))
    amplitudeTracker("Signed In As 43")
    amplitudeTracker(.group(type: "company", key: "globex"))
    amplitudeTracker(.userId(nil))
    amplitudeTracker("Signed Out")
    await Current.flush()
    let events = try sentEvents(transport).filter { $0["event_type"] != "$identify" }
    #expect(events.map { $0["event_type"] } == ["Signed In As 42", "Signed In As 43", "Signed Out"])
    let groups: [PropertyValue?] = events.map { $0["groups"] }
    #expect(groups == [["company": "acme"], nil, nil])
    await Current.close(nil)
  }

  /// Amplitude tracks at most 5 group types per event and ignores the others: a sixth type is refused,
  /// counted under its rule and reported, and the identity keeps the five.
  @Test func aSixthGroupTypeIsRefused() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(configuration(transport, reports: reports))
    for type in ["a", "b", "c", "d", "e"] { amplitudeTracker(.group(type: type, key: "k-\(type)")) }
    amplitudeTracker(.group(type: "f", key: "k-f", traits: ["plan": "pro"]))
    amplitudeTracker(.group(type: "a", key: "k-a2"))  // an existing type: fine
    amplitudeTracker("Next")
    await Current.flush()
    let events = try sentEvents(transport)
    #expect(events.count == 7)
    #expect(events.last?["groups"] == ["a": "k-a2", "b": "k-b", "c": "k-c", "d": "k-d", "e": "k-e"])
    #expect(Current.counters().invalidByRule == ["group-types": 1])
    let refusal = try #require(reports.events.compactMap { report -> [ValidationIssue]? in
      if case let .invalidEvent(issues) = report.kind { issues } else { nil }
    }.first)
    #expect(refusal.map(\.rule) == ["group-types"])
    #expect(refusal.first?.message == """
      group type 'f' would be the user's 6th; Amplitude tracks at most 5 group types per event and ignores the \
      others. The user's groups: a, b, c, d, e. To fix this, reuse one of these types (a new key replaces the old one).
      """)
    await Current.close(nil)
  }

  /// The completed order's revenue at the top level of the event, the refund's negative; the spec's
  /// fields in `event_properties`.
  @Test func revenueOnTheWire() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.standard(.orderCompleted(Self.order), properties: ["gift_wrap": true]))
    amplitudeTracker(.standard(.orderRefunded(Self.order)))
    amplitudeTracker(.standard(.productAdded(Self.shoe)))
    await Current.flush()
    let events = try sentEvents(transport)
    let device = try #require(events.first?["device_id"]?.stringValue)
    let head = head(device)
    let product = #"{"product_id": "sku-1", "name": "Trail Shoe", "category": "Shoes", "price": 89.5, "quantity": 2}"#
    let order = """
      "order_id": "o-1001", "currency": "EUR", "value": \(Self.order.value), "revenue": 179.0, "tax": 3.2, "shipping": 4.9, \
      "products": [\(product)]
      """
    let expected = try parseJSON("""
      [{"event_type": "Order Completed", \(head), "revenue": 179.0, "revenueType": "purchase", "currency": "EUR",
        "event_properties": {\(order), "gift_wrap": true}},
       {"event_type": "Order Refunded", \(head), "revenue": -179.0, "revenueType": "refund", "currency": "EUR",
        "event_properties": {\(order)}},
       {"event_type": "Product Added", \(head), "event_properties": \(product)}]
      """)
    #expect(PropertyValue.array(events) == expected)
    await Current.close(nil)
  }

  /// The revenue fields in the order the API lists them, and only those that are set.
  @Test func revenueFieldsAreTopLevelMembers() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    Current.send(.revenue(
      type: "Subscription Renewed", properties: [:],
      revenue: .init(price: 4.99, quantity: 3, productId: "plan-pro", revenueType: "income", currency: "USD")))
    await Current.flush()
    let body = try #require(transport.requests.first?.bodyText)
    #expect(body.contains(#","price":4.99,"quantity":3,"productId":"plan-pro","revenueType":"income","currency":"USD"}"#))
    await Current.close(nil)
  }

  /// Alias sends nothing: Amplitude links the device to the user when an event carries both ids, which a
  /// sign-in does; it is counted as an identity update.
  @Test func aliasSendsNothingAndIsCounted() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker("Before")
    amplitudeTracker(.alias(userId: "user-42"))
    amplitudeTracker(.userId("user-42"))
    amplitudeTracker("After")
    await Current.flush()
    let events = try sentEvents(transport)
    #expect(events.map { $0["event_type"] } == ["Before", "After"])
    // The same device id next to the user id: the event that links them.
    #expect(events.map { $0["device_id"] }.allSatisfy { $0 == events.first?["device_id"] })
    #expect(events.last?["user_id"] == "user-42")
    let counters = Current.counters()
    #expect(counters.identityUpdates == 2)  // the alias and the sign-in
    #expect(counters.delivery.enqueued == 2)
    await Current.close(nil)
  }

  /// Super properties and timers never reach the mapping through ``amplitudeTracker``: registered
  /// properties go on later events, and a timed event carries `duration` in seconds.
  @Test func superPropertiesAndTimedEventsThroughThePipeline() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(1_793_817_970_000)
    var configuration = configuration(transport)
    configuration.now = { clock.now }
    Current = try .live(configuration)
    amplitudeTracker(.superProperties(.register(["theme": "dark"])))
    amplitudeTracker(.timeEvent(name: "Checkout Started"))
    clock.advance(milliseconds: 2_500)
    amplitudeTracker(.standard(.checkoutStarted(Self.order)))
    amplitudeTracker(.superProperties(.unregister("theme")))
    amplitudeTracker("After")
    await Current.flush()
    let events = try sentEvents(transport)
    #expect(events.map { $0["event_type"] } == ["Checkout Started", "After"])
    #expect(events.first?["event_properties"]?["theme"] == "dark")
    #expect(events.first?["event_properties"]?["duration"] == 2.5)
    #expect(events.last?["event_properties"] == nil)
    #expect(Current.counters().invalidByRule.isEmpty)
    await Current.close(nil)
  }

  /// Given to the live `send` directly (validation refuses it on `amplitudeTracker`'s path), a case the
  /// pipeline handles is counted under its kind and never sent.
  @Test func notSentIsCountedUnderItsKind() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    Current.send(.notSent(kind: "timeEvent"))
    await Current.flush()
    #expect(transport.requests.isEmpty)
    let counters = Current.counters()
    #expect(counters.unsupportedByKind == ["timeEvent": 1])
    #expect(counters.delivery.enqueued == 0)
    await Current.close(nil)
  }

  // MARK: - Refusals

  func rules(_ data: AnalyticsData) -> [String] {
    amplitudeIssues(for: data).map(\.rule)
  }

  @Test func refusalsNameTheirRule() throws {
    #expect(rules(.profile(.setOnce(name: "$plan", value: "pro"))) == ["user-property-name-reserved"])
    #expect(rules(.profile(.unset(name: ""))) == ["property-name-empty"])
    #expect(rules(.profile(.increment(name: "orders_count", by: "one"))) == ["profile-increment-number"])
    #expect(rules(.profile(.increment(name: "orders_count", by: .double(.nan)))).contains("profile-increment-number"))
    #expect(rules(.profile(.append(name: "visited", value: .string(text(1_025))))) == ["property-value-length"])
    #expect(rules(.group(type: "", key: "acme")) == ["group-type-empty"])
    #expect(rules(.group(type: "company", key: text(1_025))) == ["group-key-length"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["$plan": "pro"])) == ["group-property-name-reserved"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["[Amplitude] Plan": "pro"])) == ["property-name-reserved"])
    #expect(rules(.alias(userId: "42")) == ["user-id-length"])
    #expect(rules(.alias(userId: "null")) == ["user-id-placeholder"])
    #expect(rules(.standard(.orderCompleted(StandardEvent.Order(currency: "EUR", products: [])))) == ["standard-order-id"])
    #expect(rules(.standard(.orderCompleted(Self.order), properties: ["currency": "USD"])) == ["standard-property-conflict"])
    #expect(rules(.superProperties(.register(["theme": "dark"]))) == ["handled-by-pipeline"])
    #expect(rules(.timeEvent(name: "Checkout Started")) == ["handled-by-pipeline"])
  }

  @Test func refusalMessagesSayWhyAndHowToFix() throws {
    let cases: [(AnalyticsData, String)] = [
      (.group(type: "company", key: "acme", traits: ["$plan": "pro"]),
       "Amplitude: group property name '$plan' starts with '$', which Amplitude reserves for its operations ($set, "
         + "$add, ...). To fix this, rename the group property without the '$'."),
      (.standard(.orderCompleted(Self.order), properties: ["currency": "USD"]),
       "Amplitude: event property 'currency' of Order Completed has the name of one of its own fields, which "
         + "Amplitude receives instead. To fix this, set it through the standard event (its Product or Order), or "
         + "rename the property."),
      (.timeEvent(name: "Checkout Started"),
       "Amplitude: \(AnalyticsData.timeEvent(name: "Checkout Started")) is applied by amplitudeTracker before "
         + "mapping and has no Amplitude event of its own. To fix this, send it through amplitudeTracker instead "
         + "of mapping or validating it directly."),
    ]
    for (data, message) in cases {
      let issue = try #require(amplitudeIssues(for: data).first)
      #expect(issue.vendor == "Amplitude")
      #expect(issue.description == message)
    }
  }

  /// The refused events are counted under their rule and never sent.
  @Test func refusedEventsAreCountedAndNotSent() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    Current = try .live(configuration(transport, reports: reports))
    amplitudeTracker(.profile(.setOnce(name: "$plan", value: "pro")))
    amplitudeTracker(.group(type: "", key: "acme"))
    amplitudeTracker(.alias(userId: "42"))
    await Current.flush()
    #expect(transport.requests.isEmpty)
    #expect(Current.counters().invalidByRule
      == ["user-property-name-reserved": 1, "group-type-empty": 1, "user-id-length": 1])
    await Current.close(nil)
  }
}

extension UserModelTests {
  /// Lifecycle events carry the super properties in their event properties, beside Amplitude-Swift's own
  /// `[Amplitude] ...` ones (a super property can't take such a name: `property-name-reserved`).
  @Test func lifecycleEventsCarryTheSuperProperties() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport))
    amplitudeTracker(.superProperties(.register(["theme": "dark"])))
    amplitudeTracker(.lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")))
    await Current.flush()
    let events = try sentEvents(transport)
    try #require(events.count == 1)
    #expect(events[0]["event_type"] == "[Amplitude] Application Opened")
    #expect(events[0]["event_properties"] == [
      "[Amplitude] From Background": false, "[Amplitude] Version": "2.1.0", "[Amplitude] Build": "142", "theme": "dark",
    ])
    #expect(Current.counters().invalidByRule.isEmpty)
    await Current.close(nil)
  }
}
