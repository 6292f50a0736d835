import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The context properties every event carries, as posthog-ios's `PostHogContext` names them, read back from
/// what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct ContextTests {
  /// Every property the fixture context puts on an event.
  static let fixtureContext: [String: PropertyValue] = [
    "$lib": "swift-trackers",
    "$lib_version": "0.8.0",
    "$os_name": "iOS",
    "$os_version": "18.1",
    "$device_model": "iPhone17,3",
    "$device_manufacturer": "Apple",
    "$app_name": "Shop",
    "$app_version": "2.1.0",
    "$app_build": 142,  // a number when it is one, as posthog-ios sends it
    "$app_namespace": "com.example.shop",
    "$locale": "fr",  // the language code only, as posthog-ios sends it
    "$timezone": "Europe/Paris",
    "$screen_width": 393,
    "$screen_height": 852,
  ]

  private func configuration(_ transport: ScriptedTransport, context: ContextProvider) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(
      apiKey: "phc_test_key_123", host: .selfHosted(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = context
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  private func sentEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
  }

  /// An event's properties that are not its own: without `distinct_id`, `$geoip_disable`, `$session_id` and
  /// `$process_person_profile` (PersonProfilesTests checks it),
  /// what is left of a property-less event is the context.
  private func context(of event: PropertyValue) -> [String: PropertyValue] {
    (event["properties"]?.objectValue ?? [:])
      .filter { !["distinct_id", "$geoip_disable", "$session_id", "$process_person_profile"].contains($0.key) }
  }

  @Test func everyContextPropertyHasItsExactValue() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(configuration(transport, context: .fixture))
    postHogTracker("opened")
    await Current.flush()
    await Current.close(nil)

    let event = try #require(try sentEvents(transport).first)
    #expect(event["event"] == "opened")
    #expect(context(of: event) == Self.fixtureContext)
    let properties = try #require(event["properties"])
    #expect(properties["$lib"] == "swift-trackers")
    #expect(properties["$lib_version"] == "0.8.0")
    #expect(properties["$os_name"] == "iOS")
    #expect(properties["$os_version"] == "18.1")
    #expect(properties["$device_model"] == "iPhone17,3")
    #expect(properties["$device_manufacturer"] == "Apple")
    #expect(properties["$app_name"] == "Shop")
    #expect(properties["$app_version"] == "2.1.0")
    #expect(properties["$app_build"] == .int(142))
    #expect(properties["$app_namespace"] == "com.example.shop")
    #expect(properties["$locale"] == "fr")
    #expect(properties["$timezone"] == "Europe/Paris")
    #expect(properties["$screen_width"] == .int(393))
    #expect(properties["$screen_height"] == .int(852))
  }

  @Test func aContextChangeShowsOnTheNextEventAndNotOnEarlierOnes() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let provider = ContextProvider.fixture
    Current = try .live(configuration(transport, context: provider))
    postHogTracker("before update")
    provider.update { $0.app.version = "2.2.0" }
    postHogTracker("after update")
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.map { $0["event"] } == ["before update", "after update"])
    #expect(context(of: events[0]) == Self.fixtureContext)
    var updated = Self.fixtureContext
    updated["$app_version"] = "2.2.0"
    #expect(context(of: events[1]) == updated)
  }

  @Test func unknownFieldsAreLeftOutAndABuildThatIsNoNumberStaysAString() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let bare = ContextProvider(TrackingContext(
      os: .init(name: "Linux", version: "6.8.0-45-generic"), app: .init(build: "2024.1-beta")))
    Current = try .live(configuration(transport, context: bare))
    postHogTracker("opened")
    await Current.flush()
    await Current.close(nil)

    let event = try #require(try sentEvents(transport).first)
    #expect(context(of: event) == [
      "$lib": "swift-trackers", "$lib_version": "0.8.0", "$os_name": "Linux", "$os_version": "6.8.0-45-generic",
      "$app_build": "2024.1-beta",
    ])
  }
}
