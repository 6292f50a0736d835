import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The user model on Mixpanel's wire: every profile operation, groups, alias, super properties, timed
/// events and standard events, checked byte for byte against the forms Mixpanel documents
/// (developer.mixpanel.com/reference/profile-set-once, profile-numerical-add, profile-list-append,
/// profile-union, profile-list-remove, profile-unset, group-set-property), and every refusal's rule and message.
@Suite(.isolatedEnvironments)
struct UserModelTests {
  static let host = URL(string: "https://mixpanel.invalid")!
  static let imported = ScriptedTransport.Reply.status(200, body: #"{"code":200,"num_records_imported":1,"status":"OK"}"#)
  /// `/engage` and `/groups` with `verbose=1`.
  static let updated = ScriptedTransport.Reply.status(200, body: #"{"status":1,"error":null}"#)

  let clock = TestClock(1_793_817_970_000)

  private func transport() -> ScriptedTransport {
    let transport = ScriptedTransport(answering: Self.imported)
    transport.reply(Self.updated, when: { $0.path != "/import" })
    return transport
  }

  private func configuration(_ transport: ScriptedTransport, storage: URL) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(projectToken: "tok123", region: .custom(Self.host), storageDirectory: storage)
    configuration.flushInterval = .seconds(3600)
    configuration.now = { [clock] in clock.now }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.transport = transport
    return configuration
  }

  /// Runs `body` with a live `Current`, then delivers everything, closes and returns the counters.
  private func run(
    _ transport: ScriptedTransport, storage: URL = temporaryDirectory(), _ body: () async throws -> Void
  ) async throws -> TrackerCounters {
    Current = try .live(configuration(transport, storage: storage))
    try await body()
    let counters = await Current.deliverPending()
    await Current.close(nil)
    return counters
  }

  private func requests(_ transport: ScriptedTransport, to path: String) -> [RecordedRequest] {
    transport.requests.filter { $0.path == path }
  }

  /// The records of every request to `path`, in order.
  private func records(_ transport: ScriptedTransport, to path: String) throws -> [PropertyValue] {
    try requests(transport, to: path).flatMap { try #require(try $0.json().arrayValue) }
  }

  // MARK: - Profile operations

  /// Each operation is one `/engage` record with the operator as its only member besides `$token` and
  /// `$distinct_id`; single-member objects have one byte order, so the body is compared as text.
  @Test func profileOperationsAsMixpanelDocumentsThem() async throws {
    let transport = transport()
    let counters = try await run(transport) {
      mixpanelTracker(.userId("user-42"))
      mixpanelTracker(.profile(.setOnce(name: "first_order_at", value: "2026-11-25")))  // profile-set-once
      mixpanelTracker(.profile(.increment(name: "orders_count", by: 1)))  // profile-numerical-add
      mixpanelTracker(.profile(.increment(name: "credit", by: -2.5)))  // negative: subtracts
      mixpanelTracker(.profile(.append(name: "viewed", value: "boots")))  // profile-list-append
      mixpanelTracker(.profile(.union(name: "tags", values: ["vip", 7])))  // profile-union: a list
      mixpanelTracker(.profile(.remove(name: "tags", value: "vip")))  // profile-list-remove
      mixpanelTracker(.profile(.unset(name: "legacy")))  // profile-unset: a list of names
    }
    #expect(counters.delivery.delivered == 7)
    let engages = requests(transport, to: "/engage")
    try #require(engages.count == 1)
    #expect(engages[0].queryItems == ["verbose": "1", "ip": "0"])
    let prefix = #"{"$token":"tok123","$distinct_id":"user-42","#
    #expect(
      engages[0].bodyText
        == "["
        + [
          #""$set_once":{"first_order_at":"2026-11-25"}}"#,
          #""$add":{"orders_count":1}}"#,
          #""$add":{"credit":-2.5}}"#,
          #""$append":{"viewed":"boots"}}"#,
          #""$union":{"tags":["vip",7]}}"#,
          #""$remove":{"tags":"vip"}}"#,
          #""$unset":["legacy"]}"#,
        ].map { prefix + $0 }.joined(separator: ",") + "]")
    #expect(requests(transport, to: "/import").isEmpty)
  }

  @Test func anonymousProfileUpdatesGoToTheDeviceProfile() async throws {
    let transport = transport()
    let storage = temporaryDirectory()
    _ = try await run(transport, storage: storage) {
      mixpanelTracker(.profile(.increment(name: "launches", by: 1)))
    }
    let identity = try JSONDecoder().decode(
      IdentityStore<String>.Identity.self, from: Data(contentsOf: storage.appendingPathComponent("identity.json")))
    #expect(try records(transport, to: "/engage") == [
      ["$token": "tok123", "$distinct_id": .string("$device:\(identity.anonymousId)"), "$add": ["launches": 1]]
    ])
  }

  /// Mixpanel's list properties have no prepend: refused, counted under its rule, never sent as an append.
  @Test func prependIsRefusedWithItsRule() async throws {
    let data = AnalyticsData.profile(.prepend(name: "viewed", value: "boots"))
    #expect(mixpanelIssues(for: data).map(\.description) == [
      "Mixpanel: Mixpanel has no 'prepend' on profile properties: its list properties take $append (at the end), "
        + "$union and $remove (developer.mixpanel.com/reference/profile-list-append). To fix this, use .append, or "
        + ".union for a list without duplicates; the profile was not changed."
    ])
    let transport = transport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, storage: temporaryDirectory())
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    mixpanelTracker(data)
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["profile-operation-unsupported": 1])
    #expect(transport.requests.isEmpty)
    #expect(reports.events.contains { report in
      guard case let .invalidEvent(issues) = report.kind else { return false }
      return issues.map(\.rule) == ["profile-operation-unsupported"]
    })
  }

  @Test func profileOperationRules() {
    func rules(_ operation: ProfileOperation) -> [String] { mixpanelIssues(for: .profile(operation)).map(\.rule) }
    #expect(rules(.increment(name: "orders_count", by: 1)) == [])
    #expect(rules(.increment(name: "orders_count", by: 0.5)) == [])
    #expect(rules(.increment(name: "orders_count", by: "one")) == ["profile-increment-number"])
    #expect(rules(.increment(name: "orders_count", by: .double(.nan))) == ["profile-increment-number"])
    #expect(mixpanelIssues(for: .profile(.increment(name: "orders_count", by: "one"))).map(\.description) == [
      #"Mixpanel: '$add' of profile property 'orders_count' is "one"; Mixpanel adds only numbers "#
        + "(developer.mixpanel.com/reference/profile-numerical-add). To fix this, increment by a finite number."
    ])
    #expect(rules(.setOnce(name: "$created", value: "2026-11-25")) == [])  // a reserved profile property for apps
    #expect(rules(.setOnce(name: "$distinct_id", value: "x")) == ["property-name-reserved-prefix"])
    #expect(rules(.unset(name: "")) == ["property-name-empty"])
    #expect(rules(.append(name: "bio", value: .string(String(repeating: "x", count: 256)))) == ["property-value-length"])
    #expect(rules(.union(name: "tags", values: Array(repeating: "t", count: 255))) == ["property-list-length"])
    #expect(rules(.remove(name: "tags", value: ["a": ["b": ["c": ["d": 1]]]])) == ["property-nesting-depth"])
  }

  // MARK: - Groups

  /// developer.mixpanel.com/reference/group-set-property for the group's profile; the group key on events
  /// and on the user's profile as docs.mixpanel.com/docs/data-structure/group-analytics/group-analytics-implementation shows it.
  @Test func groupGoesOnLaterEventsTheUsersProfileAndTheGroupsProfile() async throws {
    let transport = transport()
    let storage = temporaryDirectory()
    _ = try await run(transport, storage: storage) {
      mixpanelTracker(.event(name: "Before"))
      mixpanelTracker(.userId("user-42"))
      mixpanelTracker(.group(type: "company", key: "acme", traits: ["plan": "enterprise", "seats": 12]))
      mixpanelTracker(.event(name: "Report Viewed"))
      mixpanelTracker(.event(name: "Moved", properties: ["company": "globex"]))  // its own property wins
    }
    let groups = requests(transport, to: "/groups")
    try #require(groups.count == 1)
    #expect(groups[0].queryItems == ["verbose": "1", "ip": "0"])
    #expect(
      groups[0].bodyText
        == #"[{"$token":"tok123","$group_key":"company","$group_id":"acme","$set":{"plan":"enterprise","seats":12}}]"#)
    #expect(
      requests(transport, to: "/engage").map(\.bodyText)
        == [#"[{"$token":"tok123","$distinct_id":"user-42","$set":{"company":["acme"]}}]"#])
    let events = try records(transport, to: "/import")
    try #require(events.count == 3)
    #expect(events[0]["properties"]?["company"] == nil)
    #expect(events[1]["properties"]?["company"] == ["acme"])
    #expect(events[2]["properties"]?["company"] == "globex")
    // One member per event: the group's is left out where the event has its own.
    let imports = requests(transport, to: "/import").map(\.bodyText).joined()
    #expect(imports.components(separatedBy: #""company":"#).count - 1 == 2)
    let identity = try JSONDecoder().decode(
      IdentityStore<String>.Identity.self, from: Data(contentsOf: storage.appendingPathComponent("identity.json")))
    #expect(identity.groups == ["company": "acme"])
  }

  @Test func groupsSurviveARelaunchAndASignOutForgetsThem() async throws {
    let transport = transport()
    let storage = temporaryDirectory()
    _ = try await run(transport, storage: storage) {
      mixpanelTracker(.userId("user-42"))
      mixpanelTracker(.group(type: "company", key: "acme"))
      mixpanelTracker(.group(type: "team", key: "search"))
    }
    _ = try await run(transport, storage: storage) {
      mixpanelTracker(.event(name: "After Relaunch"))
      mixpanelTracker(.group(type: "company", key: "globex"))  // replaces the id
      mixpanelTracker(.event(name: "Moved"))
      mixpanelTracker(.userId(nil))
      mixpanelTracker(.event(name: "Signed Out"))
    }
    let events = try records(transport, to: "/import")
    try #require(events.count == 3)
    #expect(events[0]["properties"]?["company"] == ["acme"])
    #expect(events[0]["properties"]?["team"] == ["search"])
    #expect(events[1]["properties"]?["company"] == ["globex"])
    #expect(events[2]["properties"]?["company"] == nil && events[2]["properties"]?["team"] == nil)
    // No traits: no group profile update, only the user's group key.
    #expect(requests(transport, to: "/groups").isEmpty)
    #expect(try records(transport, to: "/engage").count == 3)
  }

  @Test func groupRules() {
    func rules(_ type: String, _ key: String, _ traits: AnalyticsData.Properties = [:]) -> [String] {
      mixpanelIssues(for: .group(type: type, key: key, traits: traits)).map(\.rule)
    }
    #expect(rules("company", "acme", ["$name": "Acme", "plan": "pro"]) == [])
    #expect(rules("$company", "acme") == ["group-key-reserved-prefix"])
    #expect(rules("time", "acme") == ["group-key-reserved"])
    #expect(rules("company", " ") == ["group-id-empty"])
    #expect(rules("company", String(repeating: "a", count: 256)) == ["group-id-length"])
    #expect(rules("company", "acme", ["$plan": "pro"]) == ["property-name-reserved-prefix"])
    #expect(mixpanelIssues(for: .group(type: "distinct_id", key: "acme")).map(\.description) == [
      "Mixpanel: group key 'distinct_id' is the user's distinct id, which this module sets on every event; every "
        + "later event carries the group key as a property. To fix this, use another group key (the one set up in "
        + "the project's Group Keys settings)."
    ])
  }

  // MARK: - Alias and identity merge

  /// Simplified ID Merge: `$create_alias` does nothing there, so alias sends nothing; the first event with
  /// both `$device_id` and `$user_id` merges the ids.
  @Test func aliasSendsNothingAndCountsAnIdentityUpdate() async throws {
    let transport = transport()
    let counters = try await run(transport) {
      mixpanelTracker(.alias(userId: "user-42"))
    }
    #expect(counters.identityUpdates == 1)
    #expect(transport.requests.isEmpty)
    #expect(mixpanelIssues(for: .alias(userId: "null")).map(\.rule) == ["distinct-id-placeholder"])
    #expect(mixpanelEvent(for: .alias(userId: "user-42")) == .alias(userId: "user-42"))
  }

  // MARK: - Super properties and timed events

  @Test func superPropertiesAndTimedEventsReachTheWire() async throws {
    let transport = transport()
    _ = try await run(transport) {
      mixpanelTracker(.superProperties(.register(["theme": "dark", "plan": "free"])))
      mixpanelTracker(.timeEvent(name: "Order Completed"))
      clock.advance(milliseconds: 1_500)
      mixpanelTracker(.event(name: "Order Completed", properties: ["plan": "pro"]))  // its own wins
      mixpanelTracker(.superProperties(.unregister("theme")))
      mixpanelTracker(.event(name: "Later"))
    }
    let events = try records(transport, to: "/import")
    try #require(events.count == 2)
    #expect(events[0]["properties"]?["theme"] == "dark")
    #expect(events[0]["properties"]?["plan"] == "pro")
    #expect(events[0]["properties"]?["$duration"] == 1.5)  // mixpanel-swift's time(event:): seconds
    #expect(events[1]["properties"]?["theme"] == nil)
    #expect(events[1]["properties"]?["$duration"] == nil)
  }

  /// A registered `$insert_id` would make every later event a duplicate of the first.
  @Test func aSuperPropertyMayNotCarryAnEventsOwnId() {
    let issues = collectingIssues {
      withIsolatedEnvironments {
        MixpanelTracker.Current = .mock
        mixpanelTracker(.superProperties(.register(["$insert_id": "order-1234"])))
        #expect(MixpanelTracker.Current.additions?.superProperties == [:])
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix(
      "Mixpanel: super property '$insert_id' would give every later event the same id, and Mixpanel keeps one event "
        + "per id. To fix this, set '$insert_id' on the one event it identifies.") == true)
  }

  /// Only reachable by calling the mapping directly: the pipeline applies both before mapping.
  @Test func superPropertiesAndTimersAreRefusedByTheMapping() {
    for data in [AnalyticsData.superProperties(.register(["theme": "dark"])), .timeEvent(name: "Checkout Started")] {
      #expect(mixpanelIssues(for: data).map(\.rule) == ["handled-by-pipeline"], "\(data)")
      guard case .unsupported = mixpanelEvent(for: data) else {
        Issue.record("\(data) mapped to \(mixpanelEvent(for: data))")
        continue
      }
    }
  }

  // MARK: - Reserved event properties

  @Test func reservedEventPropertiesDocumentedForClientsAreAllowed() {
    func rules(_ properties: AnalyticsData.Properties) -> [String] { mixpanelIssues(for: .event(name: "e", properties: properties)).map(\.rule) }
    #expect(rules(["$insert_id": "order-1234-abc"]) == [])
    #expect(rules(["$insert_id": .string(String(repeating: "a", count: 36))]) == [])
    #expect(rules(["$insert_id": .string(String(repeating: "a", count: 37))]) == ["insert-id-format"])
    #expect(rules(["$insert_id": "order_1234"]) == ["insert-id-format"])
    #expect(rules(["$insert_id": 1234]) == ["insert-id-format"])
    #expect(rules(["$duration": 1.5]) == [])
    #expect(rules(["$duration": 2]) == [])
    #expect(rules(["$duration": -1]) == ["duration-value"])
    #expect(rules(["$duration": "1.5"]) == ["duration-value"])
    // Set by this module from the identity, or Mixpanel's own.
    #expect(rules(["$device_id": "d"]) == ["property-name-reserved-prefix"])
    #expect(rules(["$user_id": "u"]) == ["property-name-reserved-prefix"])
    #expect(rules(["$current_url": "https://shop.example"]) == ["property-name-reserved-prefix"])
    #expect(rules(["bucket": "a"]) == ["property-name-reserved"])
    #expect(rules(["token": "a"]) == ["property-name-reserved"])
    #expect(mixpanelIssues(for: .event(name: "e", properties: ["bucket": "a"])).map(\.description) == [
      "Mixpanel: property name 'bucket' is reserved by Mixpanel: it hides the event and others from reports "
        + "(docs.mixpanel.com, Reserved Properties). To fix this, rename the property."
    ])
    #expect(mixpanelIssues(for: .event(name: "e", properties: ["$duration": -1])).map(\.description) == [
      "Mixpanel: property '$duration' is -1; Mixpanel reads it as the event's duration in seconds, a number >= 0. "
        + "To fix this, time the event with .timeEvent(name:), or pass the seconds as a number."
    ])
  }

  /// An app's own `$insert_id` replaces the record id: one member, the app's.
  @Test func anAppsInsertIdReplacesTheModules() async throws {
    let transport = transport()
    _ = try await run(transport) {
      mixpanelTracker(.event(name: "Order Completed", properties: ["$insert_id": "order-1234"]))
    }
    let body = try #require(requests(transport, to: "/import").first?.bodyText)
    #expect(body.components(separatedBy: #""$insert_id":"#).count - 1 == 1)
    #expect(try records(transport, to: "/import").first?["properties"]?["$insert_id"] == "order-1234")
  }

  // MARK: - Standard events

  static let boots = StandardEvent.Product(id: "sku-1", name: "Boots", category: "Shoes", price: 80, quantity: 2, currency: "EUR")
  static let socks = StandardEvent.Product(id: "sku-2", name: "Socks", price: 5)
  static let order = StandardEvent.Order(id: "order-9", currency: "EUR", products: [boots, socks], tax: 3, shipping: 4.5, discount: 10)

  /// Segment's spec names and e-commerce fields (StandardEvent.properties), which Segment's Mixpanel
  /// destination forwards as they are; the money as numbers beside the ISO currency, which Mixpanel sums.
  @Test func standardEventsUseSegmentSpecNamesAndFields() {
    let bootsProperties: [String: PropertyValue] = [
      "product_id": "sku-1", "name": "Boots", "category": "Shoes", "currency": "EUR", "price": 80.0, "quantity": 2,
    ]
    let socksProperties: [String: PropertyValue] = ["product_id": "sku-2", "name": "Socks", "price": 5.0, "quantity": 1]
    let order = Self.order
    // subtotal 2 * 80 + 5 = 165; value 165 - 10 + 3 + 4.5 = 162.5; revenue (Segment's: no tax, no shipping) 155
    #expect(order.subtotal == 165 && order.value == 162.5 && order.revenueAmount == 155)
    let orderFields: [String: PropertyValue] = [
      "order_id": "order-9", "currency": "EUR", "value": 162.5, "revenue": 155.0, "tax": 3.0, "shipping": 4.5,
      "discount": 10.0, "products": [.object(bootsProperties), .object(socksProperties)],
    ]
    let expected: [(StandardEvent, String, [String: PropertyValue])] = [
      (.productViewed(Self.boots), "Product Viewed", bootsProperties),
      (.productAdded(Self.boots), "Product Added", bootsProperties),
      (.productRemoved(Self.boots), "Product Removed", bootsProperties),
      (.cartViewed(order), "Cart Viewed", orderFields),
      (.checkoutStarted(order), "Checkout Started", orderFields),
      (.orderCompleted(order), "Order Completed", orderFields),
      (.orderRefunded(order), "Order Refunded", orderFields),
      (.signedUp(method: "apple"), "Signed Up", ["method": "apple"]),
      (.loggedIn(method: nil), "Signed In", [:]),
      (.searched(query: "boots"), "Products Searched", ["query": "boots"]),
      (.shared(method: "messages", contentType: "product", itemId: "sku-1"), "Content Shared", [
        "share_via": "messages", "content_type": "product", "item_id": "sku-1",
      ]),
    ]
    for (event, name, properties) in expected {
      #expect(mixpanelEvent(for: .standard(event)) == .event(name: name, properties: properties), "\(event)")
      #expect(mixpanelIssues(for: .standard(event)).isEmpty, "\(event)")
    }
    // The app's extra properties are added; the standard fields win.
    #expect(
      mixpanelEvent(for: .standard(.searched(query: "boots"), properties: ["query": "Boots", "page": 2]))
        == .event(name: "Products Searched", properties: ["query": "boots", "page": 2]))
  }

  @Test func theOrdersRevenueReachesTheWireAsNumbers() async throws {
    var order = Self.order
    order.revenue = 150
    let transport = transport()
    _ = try await run(transport) {
      mixpanelTracker(.standard(.orderCompleted(order)))
    }
    let body = try #require(requests(transport, to: "/import").first?.bodyText)
    #expect(body.contains(#""revenue":150"#) && body.contains(#""value":162.5"#) && body.contains(#""currency":"EUR""#))
    let properties = try #require(try records(transport, to: "/import").first?["properties"])
    #expect(properties["products"]?.arrayValue?.count == 2)
  }

  /// Mixpanel's SDK names no deep-link or push event (mixpanel-swift has none; Mixpanel's own `$campaign_*`
  /// events belonged to its retired Messages product): Segment's Native Mobile Spec names and fields, as
  /// Segment's Mixpanel destination forwards them, the campaign as an object property.
  @Test func deepLinksAndPushNotificationsOnTheWire() async throws {
    let transport = transport()
    let counters = try await run(transport) {
      mixpanelTracker(.standard(.deepLinkOpened(MobileFixtures.link)))
      mixpanelTracker(.standard(.pushNotificationReceived(MobileFixtures.received)))
      mixpanelTracker(.standard(.pushNotificationOpened(MobileFixtures.opened), properties: ["screen": "order"]))
    }
    #expect(counters.delivery.delivered == 3)
    let own: Set<String> = ["url", "referring_application", "campaign", "action", "screen"]
    let events = try records(transport, to: "/import").map { event -> PropertyValue in
      guard case let .object(properties)? = event["properties"] else { return event }
      return ["event": event["event"] ?? .null, "properties": .object(properties.filter { own.contains($0.key) })]
    }
    let campaign = #"{"id": "8245", "name": "Spring sale", "source": "Firebase", "medium": "notification"}"#
    #expect(PropertyValue.array(events) == (try parseJSON("""
      [{"event": "Deep Link Opened", "properties": {"url": "\(MobileFixtures.redactedURL)",
         "referring_application": "com.apple.mobilemail"}},
       {"event": "Push Notification Received", "properties": {"campaign": \(campaign)}},
       {"event": "Push Notification Tapped", "properties": {"campaign": \(campaign), "action": "open", "screen": "order"}}]
      """)))
    #expect(!requests(transport, to: "/import").contains { $0.bodyText.contains("s3cr3t") })
    #expect(mixpanelIssues(for: .standard(.deepLinkOpened(.init(url: "")))).map(\.rule) == ["standard-deep-link-url"])
  }

  /// The vocabulary's own rules run before Mixpanel's, under their own rules.
  @Test func standardEventsAreCheckedByTheNeutralRules() {
    let issues = mixpanelIssues(for: .standard(.searched(query: "")))
    #expect(!issues.isEmpty)
    #expect(issues.allSatisfy { $0.vendor == "Mixpanel" })
    var order = Self.order
    order.id = nil
    #expect(!mixpanelIssues(for: .standard(.orderCompleted(order))).isEmpty)
  }
}

extension UserModelTests {
  /// mixpanel-swift merges super properties into every event, its automatic ones included: a lifecycle
  /// event's body is the body of an event of the same name and properties, the super properties merged
  /// (its own win).
  @Test func lifecycleEventsCarryTheSuperPropertiesAndTheirOwnWin() async throws {
    let transport = transport()
    let counters = try await run(transport) {
      mixpanelTracker(.superProperties(.register(["theme": "dark", "build": "super"])))
      mixpanelTracker(.lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142")))
      mixpanelTracker(.event(name: "Application Opened", properties: ["from_background": false, "version": "2.1.0", "build": "142"]))
    }
    #expect(counters.invalid == 0)
    func withoutInsertId(_ record: PropertyValue) -> PropertyValue {
      guard case var .object(members) = record, case var .object(properties)? = members["properties"] else { return record }
      properties["$insert_id"] = nil
      members["properties"] = .object(properties)
      return .object(members)
    }
    let events = try records(transport, to: "/import")
    try #require(events.count == 2)
    #expect(events[0]["event"] == "Application Opened")
    #expect(events[0]["properties"]?["theme"] == "dark")
    #expect(events[0]["properties"]?["build"] == "142")
    #expect(withoutInsertId(events[0]) == withoutInsertId(events[1]))
  }
}
