import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The `TrackingContext` on the wire: event properties named as mixpanel-swift's `AutomaticProperties`
/// names them, read back from what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct ContextTests {
  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)

  private func configuration(_ transport: ScriptedTransport, context: ContextProvider = .fixture) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)  // only flush() sends
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = context
    return configuration
  }

  /// Sends the events, flushes and returns the `properties` of every event `/import` received, in order.
  private func importedProperties(_ transport: ScriptedTransport, _ configuration: MixpanelConfiguration, _ send: () -> Void)
    async throws -> [[String: PropertyValue]]
  {
    Current = try .live(configuration)
    send()
    await Current.flush()
    await Current.close(nil)
    var properties: [[String: PropertyValue]] = []
    for request in transport.requests where request.path == "/import" {
      for event in try parseJSON(request.body).arrayValue ?? [] {
        properties.append(try #require(event["properties"]?.objectValue))
      }
    }
    return properties
  }

  /// The context's ten property names.
  static let contextKeys: Set<String> = [
    "mp_lib", "$lib_version", "$os", "$os_version", "$model", "$manufacturer", "$app_version_string",
    "$app_build_number", "$screen_width", "$screen_height",
  ]

  @Test func everyContextPropertyHasTheFixtureValue() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let events = try await importedProperties(transport, configuration(transport)) {
      mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro"]))
    }
    try #require(events.count == 1)
    let properties = events[0]
    #expect(properties["mp_lib"] == "swift-trackers")
    #expect(properties["$lib_version"] == "0.8.0")
    #expect(properties["$os"] == "iOS")
    #expect(properties["$os_version"] == "18.1")
    #expect(properties["$model"] == "iPhone17,3")
    #expect(properties["$manufacturer"] == "Apple")
    #expect(properties["$app_version_string"] == "2.1.0")
    #expect(properties["$app_build_number"] == "142")
    #expect(properties["$screen_width"] == 393)  // numbers, not strings
    #expect(properties["$screen_height"] == 852)
    // The event's own property, the context's ten, time, two ids and the insert id; nothing else.
    #expect(Set(properties.keys) == Self.contextKeys.union(["plan", "time", "distinct_id", "$device_id", "$insert_id"]))
  }

  /// `MixpanelLimits.propertiesPerEvent` assumes the module adds at most 15 properties: a signed-in event
  /// with none of its own carries exactly that many.
  @Test func aSignedInEventCarriesTheFifteenPropertiesTheLimitAllowsFor() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let events = try await importedProperties(transport, configuration(transport)) {
      mixpanelTracker(.userId("user-42"))
      mixpanelTracker("Opened Cart")
    }
    try #require(events.count == 1)
    #expect(events[0].count == 15)
    #expect(MixpanelLimits.propertiesPerEvent + events[0].count == 254)
  }

  @Test func whatTheContextLeavesOutIsNotSent() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let bare = ContextProvider(TrackingContext(os: .init(name: "Linux", version: "6.8.0")))
    let events = try await importedProperties(transport, configuration(transport, context: bare)) {
      mixpanelTracker("Opened Cart")
    }
    try #require(events.count == 1)
    #expect(events[0].filter { Self.contextKeys.contains($0.key) } == [
      "mp_lib": "swift-trackers", "$lib_version": "0.8.0", "$os": "Linux", "$os_version": "6.8.0",
    ])
  }

  /// A change reaches the next event, and the event tracked before it keeps the old value, although both
  /// leave in the same request: the context is encoded once per change into the cached identity fields,
  /// not read again per event or at send time.
  @Test func aContextChangeShowsOnTheNextEventAndNotOnTheOneBefore() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let provider = ContextProvider.fixture
    let events = try await importedProperties(transport, configuration(transport, context: provider)) {
      mixpanelTracker("Before")
      provider.update { $0.app.version = "2.2.0" }
      mixpanelTracker("After")
    }
    try #require(events.count == 2)
    #expect(transport.requests.count == 1)
    #expect(events.map { $0["$app_version_string"] } == ["2.1.0", "2.2.0"])
    // Only the version changed.
    let unchanged = Self.contextKeys.subtracting(["$app_version_string"])
    #expect(events[0].filter { unchanged.contains($0.key) } == events[1].filter { unchanged.contains($0.key) })
    #expect(events[0].filter { unchanged.contains($0.key) }.count == 9)
  }
}
