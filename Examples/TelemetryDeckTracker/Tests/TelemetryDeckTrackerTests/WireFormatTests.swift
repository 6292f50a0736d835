import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// What TelemetryDeck receives, read from the requests of a live environment over a scripted transport,
/// with a pinned context and clock: the SDK 2.x `SignalPostBody`, one JSON array per request.
@Suite(.isolatedEnvironments)
struct WireFormatTests {
  let storage: TemporaryStorage
  let transport = ScriptedTransport()
  let clock = TestClock(start)

  init() throws {
    storage = try TemporaryStorage("TelemetryDeckWire")
  }

  @Test func everyVocabularyCaseReachesTheWireAsDocumented() async throws {
    Current = try .live(liveConfiguration(storage: storage, transport: transport, clock: clock))
    let anonymous = try storedIdentity(in: storage).anonymousId
    telemetryDeckTracker("App.launched")
    telemetryDeckTracker(.userId("user-42"))
    telemetryDeckTracker(.userProperty(name: "plan", value: "pro"))
    telemetryDeckTracker(.event(name: "Checkout.completed", properties: [
      "items": 3, "price": 9.99, "trial": false, "coupon": .null, "renews": .date(propertyDate), "floatValue": 42.5,
    ]))
    telemetryDeckTracker(.screen(name: "Cart"))
    telemetryDeckTracker(.error(message: "GET /cart timed out", properties: ["status": 504]))
    telemetryDeckTracker(.lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142")))
    telemetryDeckTracker(.event(name: "Plan.changed", properties: ["plan": "team"]))  // its own value wins
    telemetryDeckTracker(.userId(nil))
    telemetryDeckTracker("Signed.out")
    telemetryDeckTracker(.reset)
    telemetryDeckTracker("After.reset")
    let counters = await Current.deliverPending()
    #expect(counters.delivery.delivered == 8)
    #expect(counters.identityUpdates == 4)
    await Current.close(nil)

    let request = try #require(transport.requests.first)
    #expect(transport.requests.count == 1)
    #expect(request.method == "POST")
    #expect(request.request.url.absoluteString == "https://nom.telemetrydeck.com/v2/")
    #expect(request.request.headers == ["Content-Type": "application/json"])
    let signals = try #require(try request.json().arrayValue)
    let newAnonymous = try storedIdentity(in: storage).anonymousId
    #expect(newAnonymous != anonymous)
    // The clock never moves. The sign-in and the sign-out keep the session; the reset (a new anonymous id)
    // starts another. Both are version 7 UUIDs of that moment, their other bits random.
    let session = try #require(signals.first?["sessionID"]?.stringValue)
    let newSession = try #require(signals.last?["sessionID"]?.stringValue)
    #expect(session != newSession)
    #expect(version7Milliseconds(session) == start && version7Milliseconds(newSession) == start)

    func signal(
      _ type: String, user: String, session: String, payload: [String: PropertyValue] = [:],
      floatValue: Double? = nil
    ) -> PropertyValue {
      var signal: [String: PropertyValue] = [
        "receivedAt": "2026-11-04T18:46:10+0000", "appID": .string(appID), "clientUser": .string(telemetryDeckClientUserHash(for: user)),
        "sessionID": .string(session), "type": .string(type), "isTestMode": "true",
        "payload": .object(fixturePayload.merging(payload) { $1 }),
      ]
      signal["floatValue"] = floatValue.map(PropertyValue.double)
      return .object(signal)
    }
    #expect(PropertyValue.array(signals) == .array([
      signal("App.launched", user: anonymous, session: session),
      signal("Checkout.completed", user: "user-42", session: session, payload: [
        "plan": "pro", "items": "3", "price": "9.99", "trial": "false", "renews": "2023-11-14T22:13:20.000Z",
      ], floatValue: 42.5),
      signal("Screen Viewed", user: "user-42", session: session, payload: ["plan": "pro", "screenName": "Cart"]),
      signal("Error", user: "user-42", session: session, payload: [
        "plan": "pro", "message": "GET /cart timed out", "status": "504",
      ]),
      signal("Application Opened", user: "user-42", session: session, payload: [
        "plan": "pro", "from_background": "true", "version": "2.1.0", "build": "142",
      ]),
      signal("Plan.changed", user: "user-42", session: session, payload: ["plan": "team"]),
      // Signed out: the anonymous id and the session stay, and the user properties are forgotten.
      signal("Signed.out", user: anonymous, session: session),
      // Reset: a new anonymous id, a new session.
      signal("After.reset", user: newAnonymous, session: newSession),
    ]))
  }

  /// The bytes themselves: member order, `receivedAt` in whole seconds, `isTestMode` a string, `floatValue` a
  /// number, the payload's values strings.
  @Test func theBytesOfOneSignal() async throws {
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.salt = "pepper"
    Current = try .live(configuration)
    telemetryDeckTracker(.userId("user-42"))
    telemetryDeckTracker(.event(name: "Cart.total", properties: ["floatValue": 7]))
    await Current.deliverPending()
    await Current.close(nil)

    let request = try #require(transport.requests.first)
    let session = try #require(try request.json().arrayValue?.first?["sessionID"]?.stringValue)
    let context = #""TelemetryDeck.SDK.name":"swift-trackers","TelemetryDeck.SDK.version":"0.8.0","#
      + #""TelemetryDeck.Device.operatingSystem":"iOS","TelemetryDeck.Device.systemVersion":"iOS 18.1.0","#
      + #""TelemetryDeck.Device.modelName":"iPhone17,3","TelemetryDeck.Device.timeZone":"UTC+1","#
      + #""TelemetryDeck.Device.screenResolutionWidth":"393.0","TelemetryDeck.Device.screenResolutionHeight":"852.0","#
      + #""TelemetryDeck.AppInfo.version":"2.1.0","TelemetryDeck.AppInfo.buildNumber":"142","#
      + #""TelemetryDeck.RunContext.locale":"fr_FR""#
    #expect(request.bodyText == #"[{"appID":"\#(appID)","clientUser":"\#(telemetryDeckClientUserHash(for: "user-42", salt: "pepper"))","#
      + #""isTestMode":"true","sessionID":"\#(session)","receivedAt":"2026-11-04T18:46:10+0000","type":"Cart.total","#
      + #""payload":{\#(context)},"floatValue":7.0}]"#)
  }

  @Test func testModeOffANamespaceAndAnUnknownContext() async throws {
    var configuration = liveConfiguration(
      storage: storage, transport: transport, clock: clock, context: TrackingContext(os: .init(name: "Linux", version: "6.8.0-45-generic")))
    configuration.testMode = false
    configuration.namespace = "com.example"
    Current = try .live(configuration)
    telemetryDeckTracker("Server.started")
    await Current.deliverPending()
    await Current.close(nil)

    let request = try #require(transport.requests.first)
    #expect(request.request.url.absoluteString == "https://nom.telemetrydeck.com/v2/namespace/com.example/")
    let signal = try #require(try request.json().arrayValue?.first)
    #expect(signal["isTestMode"] == "false")
    // What the context doesn't know is left out; a version that is not dotted numbers is sent as it is.
    #expect(signal["payload"] == [
      "TelemetryDeck.SDK.name": "swift-trackers", "TelemetryDeck.SDK.version": "0.8.0",
      "TelemetryDeck.Device.operatingSystem": "Linux", "TelemetryDeck.Device.systemVersion": "Linux 6.8.0-45-generic",
    ])
  }

  /// The default is the SDK's: test mode in debug builds, live otherwise.
  @Test func testModeFollowsTheBuildByDefault() {
    #if DEBUG
    #expect(TelemetryDeckConfiguration(appID: appID).testMode)
    #else
    #expect(!TelemetryDeckConfiguration(appID: appID).testMode)
    #endif
  }

  @Test func theContextIsEncodedAgainWhenItChanges() async throws {
    let context = ContextProvider(.fixture)
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.context = context
    Current = try .live(configuration)
    telemetryDeckTracker("before")
    context.update { $0.timezone = "Asia/Kolkata"; $0.locale = "en-IN"; $0.screen = nil }
    telemetryDeckTracker("after")
    await Current.deliverPending()
    await Current.close(nil)

    let payloads = try sentSignals(transport).map { $0["payload"]?.objectValue ?? [:] }
    try #require(payloads.count == 2)
    #expect(payloads[0]["TelemetryDeck.Device.timeZone"] == "UTC+1")
    #expect(payloads[1]["TelemetryDeck.Device.timeZone"] == "UTC+5:30")
    #expect(payloads[1]["TelemetryDeck.RunContext.locale"] == "en_IN")
    #expect(payloads[1]["TelemetryDeck.Device.screenResolutionWidth"] == nil)
  }

  @Test func aUserPropertySetToNilIsRemovedAndAResetForgetsThemAll() async throws {
    let consent = ConsentStore(ConsentState(status: .granted))
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.privacy = consent.registry
    Current = try .live(configuration)
    telemetryDeckTracker(.userProperty(name: "plan", value: "pro"))
    telemetryDeckTracker(.userProperty(name: "tier", value: "gold"))
    telemetryDeckTracker("a")
    telemetryDeckTracker(.userProperty(name: "plan", value: .null))
    telemetryDeckTracker("b")
    telemetryDeckTracker(.userId("user-42"))  // a sign-in keeps them
    telemetryDeckTracker("c")
    await Current.deliverPending()
    consent.registry.reset()
    telemetryDeckTracker("d")
    await Current.deliverPending()
    await Current.close(nil)

    let own = try sentSignals(transport).map { signal in
      (signal["payload"]?.objectValue ?? [:]).filter { !$0.key.hasPrefix("TelemetryDeck.") }
    }
    #expect(own == [["plan": "pro", "tier": "gold"], ["tier": "gold"], ["tier": "gold"], [:]])
  }

  @Test func utcOffsetsAsTheSDKWritesThem() async throws {
    // A whole hour, a half hour, behind UTC, and UTC itself.
    let zones = ["Europe/Paris": "UTC+1", "Asia/Kolkata": "UTC+5:30", "America/St_Johns": "UTC-3:30",
                 "America/New_York": "UTC-5", "UTC": "UTC+0"]
    for (zone, offset) in zones {
      let transport = ScriptedTransport()
      let storage = try TemporaryStorage(zone)
      var context = TrackingContext.fixture
      context.timezone = zone
      let environment = try TelemetryDeckEnvironment.live(
        liveConfiguration(storage: storage, transport: transport, clock: clock, context: context))
      environment.send(.signal(type: "tick", payload: [:], floatValue: nil))
      await environment.deliverPending()
      await environment.close(nil)
      let payload = try #require(try sentSignals(transport).first?["payload"])
      #expect(payload["TelemetryDeck.Device.timeZone"] == .string(offset), "\(zone)")
    }
  }

  @Test func receivedAtIsUTCInWholeSeconds() async throws {
    // Just before midnight on the last day of a leap February, then a second later: 1 March.
    let clock = TestClock(1_709_251_199_999)  // 2024-02-29T23:59:59.999Z
    Current = try .live(liveConfiguration(storage: storage, transport: transport, clock: clock))
    telemetryDeckTracker("a")
    clock.advance(milliseconds: 1)
    telemetryDeckTracker("b")
    await Current.deliverPending()
    await Current.close(nil)
    #expect(try sentSignals(transport).map { $0["receivedAt"] } == ["2024-02-29T23:59:59+0000", "2024-03-01T00:00:00+0000"])
  }
}
