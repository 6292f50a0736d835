import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The `TrackingContext` on the wire: each message's `context` object, as analytics-swift's Context plugin
/// builds it, read back from what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct ContextTests {
  private func configuration(
    _ transport: ScriptedTransport, context: ContextProvider = .fixture,
    ipLocation: DeliveryOptions.IPLocation = .suppressed
  ) -> SegmentConfiguration {
    var configuration = SegmentConfiguration(
      writeKey: "seg-write-key-123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = context
    configuration.ipLocation = ipLocation
    return configuration
  }

  /// Sends the events, flushes and returns the requests as the transport received them.
  private func requests(_ transport: ScriptedTransport, _ configuration: SegmentConfiguration, _ send: () -> Void)
    async throws -> [RecordedRequest]
  {
    Current = try .live(configuration)
    send()
    await Current.flush()
    await Current.close(nil)
    return transport.requests
  }

  /// Every message of `requests`, in order.
  private func messages(_ requests: [RecordedRequest]) throws -> [PropertyValue] {
    try requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
  }

  @Test func everyContextFieldHasTheFixtureValueWithTheIPSuppressedInTheSameObject() async throws {
    let transport = ScriptedTransport()
    let requests = try await requests(transport, configuration(transport)) {
      segmentTracker("Order Completed")
      segmentTracker(.screen(name: "Cart"))
      segmentTracker(.userId("user-42"))
    }
    let messages = try messages(requests)
    try #require(messages.count == 3)
    let context = try #require(messages[0]["context"])
    #expect(context["library"]?["name"] == "swift-trackers")
    #expect(context["library"]?["version"] == "0.8.0")
    #expect(context["os"]?["name"] == "iOS")
    #expect(context["os"]?["version"] == "18.1")
    #expect(context["device"]?["manufacturer"] == "Apple")
    #expect(context["device"]?["model"] == "iPhone17,3")
    #expect(context["app"]?["name"] == "Shop")
    #expect(context["app"]?["version"] == "2.1.0")
    #expect(context["app"]?["build"] == "142")
    #expect(context["app"]?["namespace"] == "com.example.shop")
    #expect(context["screen"]?["width"] == 393)  // numbers, not strings
    #expect(context["screen"]?["height"] == 852)
    #expect(context["locale"] == "fr-FR")
    #expect(context["timezone"] == "Europe/Paris")
    #expect(context["ip"] == "0.0.0.0")
    // Nothing else, at any level.
    #expect(context == (try parseJSON("""
      {"library": {"name": "swift-trackers", "version": "0.8.0"}, "os": {"name": "iOS", "version": "18.1"},
       "device": {"manufacturer": "Apple", "model": "iPhone17,3"},
       "app": {"name": "Shop", "version": "2.1.0", "build": "142", "namespace": "com.example.shop"},
       "screen": {"width": 393, "height": 852}, "locale": "fr-FR", "timezone": "Europe/Paris", "ip": "0.0.0.0"}
      """)))
    // Track, screen and identify carry the same context, and no message has `ip` outside it.
    #expect(messages.allSatisfy { $0["context"] == context && $0["ip"] == nil })
    // One `context` member per message: a parser keeps only one of two duplicate members, so count the text.
    let body = try #require(requests.first?.bodyText)
    #expect(body.components(separatedBy: #""context":"#).count - 1 == 3)
    #expect(body.components(separatedBy: #""ip":"#).count - 1 == 3)
  }

  @Test func withTheVendorDefaultTheContextHasNoIP() async throws {
    let transport = ScriptedTransport()
    let requests = try await requests(transport, configuration(transport, ipLocation: .vendorDefault)) {
      segmentTracker("Order Completed")
    }
    let messages = try messages(requests)
    try #require(messages.count == 1)
    let context = try #require(messages[0]["context"]?.objectValue)
    #expect(context["ip"] == nil)
    #expect(Set(context.keys) == ["library", "os", "device", "app", "screen", "locale", "timezone"])
    #expect(messages[0]["ip"] == nil)
    #expect(requests.first?.bodyText.contains(#""ip""#) == false)
  }

  @Test func whatTheContextLeavesOutIsNotSent() async throws {
    let transport = ScriptedTransport()
    let bare = ContextProvider(TrackingContext(os: .init(name: "Linux", version: "6.8.0")))
    let messages = try messages(try await requests(transport, configuration(transport, context: bare)) {
      segmentTracker("Order Completed")
    })
    try #require(messages.count == 1)
    #expect(messages[0]["context"] == [
      "library": ["name": "swift-trackers", "version": "0.8.0"], "os": ["name": "Linux", "version": "6.8.0"],
      "ip": "0.0.0.0",
    ])
  }

  /// A change reaches the next message, and the message tracked before it keeps the old value, although
  /// both leave in the same request: the context is encoded once per change into the cached identity
  /// members, not read again per message or at send time.
  @Test func aContextChangeShowsOnTheNextMessageAndNotOnTheOneBefore() async throws {
    let transport = ScriptedTransport()
    let provider = ContextProvider.fixture
    let requests = try await requests(transport, configuration(transport, context: provider)) {
      segmentTracker("Before")
      provider.update { $0.app.version = "2.2.0" }
      segmentTracker("After")
    }
    #expect(requests.count == 1)
    let messages = try messages(requests)
    try #require(messages.count == 2)
    #expect(messages.map { $0["event"] } == ["Before", "After"])
    #expect(messages.map { $0["context"]?["app"]?["version"] } == ["2.1.0", "2.2.0"])
    // Only the version changed.
    var changed = try #require(messages[1]["context"]?.objectValue)
    changed["app"] = messages[0]["context"]?["app"]
    #expect(PropertyValue.object(changed) == messages[0]["context"])
  }
}
