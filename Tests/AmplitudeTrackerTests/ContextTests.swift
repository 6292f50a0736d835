import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The context fields every event carries, as Amplitude-Swift's `ContextPlugin` names them, read back from
/// what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct ContextTests {
  /// Every member an event of the fixture context has besides its own: the ids, time, session and context.
  static let fixtureContext: [String: PropertyValue] = [
    "library": "swift-trackers/0.8.0",
    "platform": "iOS",
    "os_name": "ios",
    "os_version": "18.1",
    "device_model": "iPhone17,3",
    "device_manufacturer": "Apple",
    "app_version": "2.1.0",
    "language": "fr-FR",
  ]

  private func configuration(_ transport: ScriptedTransport, context: ContextProvider) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(
      apiKey: "amp-test-key-1234", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.context = context
    configuration.sendsSessionEvents = false
    configuration.flushInterval = .seconds(3_600)
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  private func sentEvents(_ transport: ScriptedTransport) throws -> [[String: PropertyValue]] {
    try transport.requests.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }.compactMap(\.objectValue)
  }

  /// An event's members that are not its own: without `event_type`, `device_id`, `time`, `insert_id` and
  /// `session_id`, what is left is the context.
  private func context(of event: [String: PropertyValue]) -> [String: PropertyValue] {
    event.filter { !["event_type", "device_id", "time", "insert_id", "session_id"].contains($0.key) }
  }

  @Test func everyContextFieldHasItsExactValue() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(configuration(transport, context: .fixture))
    amplitudeTracker("Opened")
    await Current.flush()
    await Current.close(nil)

    let event = try #require(try sentEvents(transport).first)
    #expect(event["event_type"] == "Opened")
    #expect(context(of: event) == Self.fixtureContext)
    #expect(event["library"] == "swift-trackers/0.8.0")
    #expect(event["platform"] == "iOS")
    #expect(event["os_name"] == "ios")  // lowercased, as Amplitude-Swift sends it
    #expect(event["os_version"] == "18.1")
    #expect(event["device_model"] == "iPhone17,3")
    #expect(event["device_manufacturer"] == "Apple")
    #expect(event["app_version"] == "2.1.0")
    #expect(event["language"] == "fr-FR")
  }

  @Test func aContextChangeShowsOnTheNextEventAndNotOnEarlierOnes() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let provider = ContextProvider.fixture
    Current = try .live(configuration(transport, context: provider))
    amplitudeTracker("Before Update")
    provider.update { $0.app.version = "2.2.0" }
    amplitudeTracker("After Update")
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.map { $0["event_type"] } == ["Before Update", "After Update"])
    #expect(context(of: events[0]) == Self.fixtureContext)
    var updated = Self.fixtureContext
    updated["app_version"] = "2.2.0"
    #expect(context(of: events[1]) == updated)
  }

  @Test func unknownFieldsAreLeftOut() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let bare = ContextProvider(TrackingContext(os: .init(name: "Linux", version: "6.8.0-45-generic")))
    Current = try .live(configuration(transport, context: bare))
    amplitudeTracker("Opened")
    await Current.flush()
    await Current.close(nil)

    let event = try #require(try sentEvents(transport).first)
    #expect(context(of: event) == [
      "library": "swift-trackers/0.8.0", "platform": "Linux", "os_name": "linux", "os_version": "6.8.0-45-generic",
    ])
  }
}
