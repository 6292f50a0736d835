import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// The user model on TelemetryDeck, which has signals only: standard events become signals with their
/// fields in the payload and their money as `floatValue`; super properties and timers, which the pipeline
/// applies, reach the payload; aliases, groups and every profile operation but unset are refused, counted,
/// never sent. The signal's form is the SDK 2.x `SignalPostBody` (TelemetryDeck/SwiftSDK,
/// `Sources/TelemetryDeck/Signals/Signal.swift`); the duration key is the SDK's own
/// (`TelemetryDeck.swift`, `stopAndSendDurationSignal`: "The duration is included in the
/// `TelemetryDeck.Signal.durationInSeconds` parameter").
@Suite(.isolatedEnvironments)
struct UserModelTests {
  let storage: TemporaryStorage
  let transport = ScriptedTransport()
  let clock = TestClock(start)
  let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)

  init() throws {
    storage = try TemporaryStorage("TelemetryDeckUserModel")
  }

  static let sencha = StandardEvent.Product(id: "tea-sencha", name: "Sencha", price: 12.5, quantity: 2, currency: "EUR")
  static let order = StandardEvent.Order(
    id: "order-1001", currency: "EUR", products: [StandardEvent.Product(id: "tea-sencha", price: 12.5, quantity: 2)], total: 20,
    revenue: 20, discount: 5)

  @Test func aCompletedOrderIsASignalWithItsValueAsTheNumberTelemetryDeckSums() {
    #expect(telemetryDeckSignal(for: .standard(.orderCompleted(Self.order), properties: ["gift": true]))
      == .signal(
        type: "Order Completed",
        payload: [
          "orderId": "order-1001", "currency": "EUR", "revenue": "20.0", "total": "20.0", "discount": "5.0",
          "itemCount": "2", "productIds": "tea-sencha", "gift": "true",
        ],
        floatValue: 20))
  }

  @Test func aProductEventCarriesTheProductAndItsAmount() {
    #expect(telemetryDeckSignal(for: .standard(.productAdded(Self.sencha)))
      == .signal(
        type: "Product Added",
        payload: [
          "productId": "tea-sencha", "productName": "Sencha", "price": "12.5", "quantity": "2", "currency": "EUR",
        ],
        floatValue: 25))
  }

  @Test func theOtherStandardEventsKeepTheirNeutralNamesAndFields() {
    #expect(telemetryDeckSignal(for: .standard(.signedUp(method: "email")))
      == .signal(type: "Signed Up", payload: ["method": "email"], floatValue: nil))
    #expect(telemetryDeckSignal(for: .standard(.searched(query: "sencha"), properties: ["results": 2]))
      == .signal(type: "Products Searched", payload: ["query": "sencha", "results": "2"], floatValue: nil))
    #expect(telemetryDeckSignal(for: .standard(.shared(method: "mail", contentType: "product", itemId: "tea")))
      == .signal(
        type: "Content Shared", payload: ["method": "mail", "contentType": "product", "itemId": "tea"], floatValue: nil))
    #expect(telemetryDeckSignal(for: .standard(.checkoutStarted(Self.order))) == .signal(
      type: "Checkout Started",
      payload: [
        "orderId": "order-1001", "currency": "EUR", "revenue": "20.0", "total": "20.0", "discount": "5.0",
        "itemCount": "2", "productIds": "tea-sencha",
      ],
      floatValue: 20))
  }

  /// TelemetryDeck's SDK has no deep-link or push signal: the neutral names, the link and the campaign
  /// flattened into the payload under lower-camel keys.
  @Test func deepLinksAndPushNotificationsKeepTheirNeutralNames() {
    let link = StandardEvent.DeepLink(
      url: "https://shop.example/tea?utm_source=mail&token=abc", referrer: "com.apple.mobilemail",
      keepingParameters: StandardEvent.DeepLink.campaignParameters)
    #expect(telemetryDeckSignal(for: .standard(.deepLinkOpened(link))) == .signal(
      type: "Deep Link Opened",
      payload: ["url": "https://shop.example/tea?utm_source=mail&token=redacted", "referrer": "com.apple.mobilemail"],
      floatValue: nil))
    let push = StandardEvent.PushNotification(campaign: .init(id: "8245", name: "Spring sale", source: "Firebase"), action: "open")
    #expect(telemetryDeckSignal(for: .standard(.pushNotificationOpened(push), properties: ["screen": "order"])) == .signal(
      type: "Push Notification Tapped",
      payload: [
        "campaignId": "8245", "campaignName": "Spring sale", "campaignSource": "Firebase", "action": "open",
        "screen": "order",
      ],
      floatValue: nil))
    #expect(telemetryDeckSignal(for: .standard(.pushNotificationReceived(.init())))
      == .signal(type: "Push Notification Received", payload: [:], floatValue: nil))
    #expect(telemetryDeckIssues(for: .standard(.pushNotificationOpened(push))).isEmpty)
    #expect(telemetryDeckIssues(for: .standard(.deepLinkOpened(link))).isEmpty)
  }

  @Test func anUnsetRemovesTheUserPropertyAndWhatTelemetryDeckLacksIsUnsupported() {
    #expect(telemetryDeckSignal(for: .profile(.unset(name: "plan"))) == .userProperty(name: "plan", value: nil))
    #expect(telemetryDeckIssues(for: .profile(.unset(name: "plan"))).isEmpty)
    #expect(telemetryDeckSignal(for: .alias(userId: "user-42")) == .unsupported(kind: "alias"))
    #expect(telemetryDeckSignal(for: .group(type: "company", key: "acme")) == .unsupported(kind: "group"))
    #expect(telemetryDeckSignal(for: .profile(.increment(name: "orders", by: 1))) == .unsupported(kind: "profile"))
    #expect(telemetryDeckSignal(for: .superProperties(.unregisterAll)) == .unsupported(kind: "superProperties"))
    #expect(telemetryDeckSignal(for: .timeEvent(name: "Order Completed")) == .unsupported(kind: "timeEvent"))
  }

  @Test func everyRefusalNamesItsRuleAndSaysWhatToDo() {
    func rules(_ data: AnalyticsData) -> [String] { telemetryDeckIssues(for: data).map(\.rule) }
    #expect(rules(.alias(userId: "user-42")) == ["alias-unsupported"])
    #expect(rules(.group(type: "company", key: "acme", traits: ["plan": "business"])) == ["group-unsupported"])
    for operation: ProfileOperation in [
      .setOnce(name: "first", value: 1), .increment(name: "orders", by: 1), .append(name: "tags", value: "a"),
      .prepend(name: "tags", value: "a"), .union(name: "tags", values: ["a"]), .remove(name: "tags", value: "a"),
    ] {
      #expect(rules(.profile(operation)) == ["profile-operation-unsupported"], "\(operation)")
    }
    #expect(rules(.superProperties(.register(["theme": "dark"]))) == ["handled-by-pipeline"])
    #expect(rules(.timeEvent(name: "Order Completed")) == ["handled-by-pipeline"])
    #expect(telemetryDeckIssues(for: .profile(.increment(name: "orders_count", by: 1))).first?.message
      == "TelemetryDeck has no user profiles, so no 'increment' (increment orders_count by 1): a user property is "
        + "only a parameter kept on the device and added to later signals. To fix this, compute the value and send "
        + ".userProperty(name: orders_count, value: ...), or leave the operation to the vendors that have it.")
    #expect(telemetryDeckIssues(for: .alias(userId: "u")).first?.message.contains("To fix this, ") == true)
    #expect(telemetryDeckIssues(for: .group(type: "company", key: "acme")).first?.message.contains("To fix this, ") == true)
    // The vocabulary's shared rules hold for standard events.
    #expect(rules(.standard(.orderCompleted(StandardEvent.Order(currency: "EUR", products: [])))) == ["standard-order-id"])
    #expect(rules(.standard(.searched(query: ""))) == ["standard-search-query"])
  }

  @Test func theDurationKeyIsTheOnlyTelemetryDeckKeyAnEventMayCarry() {
    #expect(telemetryDeckIssues(for: .event(name: "Sync", properties: ["TelemetryDeck.Signal.durationInSeconds": 1.5])).isEmpty)
    #expect(telemetryDeckIssues(for: .event(name: "Sync", properties: ["TelemetryDeck.Signal.other": 1])).map(\.rule)
      == ["property-name-prefix"])
  }

  /// The journey through the live pipeline: the super property and the duration reach the wire, the
  /// refusals are counted under their rules and reported, nothing of them is sent.
  @Test func theShopsJourneyOnTheWire() async throws {
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    telemetryDeckTracker(.superProperties(.register(["theme": "dark"])))
    telemetryDeckTracker(.userId("user-42"))
    telemetryDeckTracker(.alias(userId: "user-42"))
    telemetryDeckTracker(.group(type: "company", key: "acme", traits: ["plan": "business"]))
    telemetryDeckTracker(.timeEvent(name: "Order Completed"))
    clock.advance(milliseconds: 12_500)
    telemetryDeckTracker(.standard(.orderCompleted(Self.order)))
    telemetryDeckTracker(.profile(.increment(name: "orders_count", by: 1)))
    let counters = await Current.deliverPending()
    await Current.close(nil)

    #expect(counters.delivery.delivered == 1)
    #expect(counters.invalidByRule == ["alias-unsupported": 1, "group-unsupported": 1, "profile-operation-unsupported": 1])
    let refused = reports.events.compactMap { report -> [String]? in
      guard case let .invalidEvent(issues) = report.kind else { return nil }
      return issues.map(\.rule)
    }
    #expect(refused == [["alias-unsupported"], ["group-unsupported"], ["profile-operation-unsupported"]])
    let signals = try sentSignals(transport)
    #expect(signals.count == 1)
    let signal = try #require(signals.first)
    #expect(signal["type"] == "Order Completed")
    #expect(signal["floatValue"] == 20.0)
    let payload = signal["payload"]
    #expect(payload?["theme"] == "dark")
    #expect(payload?["TelemetryDeck.Signal.durationInSeconds"] == "12.5")
    #expect(payload?["orderId"] == "order-1001" && payload?["revenue"] == "20.0" && payload?["currency"] == "EUR")
  }

  @Test func anUnsupportedEventGivenToSendIsCountedNotSent() async throws {
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.onReport = reports.tracker
    let environment = try TelemetryDeckEnvironment.live(configuration)
    environment.send(.unsupported(kind: "alias"))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(counters.unsupportedByKind == ["alias": 1])
    #expect(transport.requests.isEmpty)
  }
}
