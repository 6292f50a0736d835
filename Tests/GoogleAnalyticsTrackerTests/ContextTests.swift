import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// The `TrackingContext` on the wire: the Measurement Protocol's request-level `device` object, for web
/// streams only, read back from what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct ContextTests {
  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)

  private func configuration(
    _ transport: ScriptedTransport,
    stream: GoogleAnalyticsConfiguration.Stream = .web(measurementId: "G-TEST123"),
    context: ContextProvider = .fixture
  ) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      stream: stream, apiSecret: "s3cr+t", host: LiveDeliveryTests.host, storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)  // only flush() sends
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = context
    return configuration
  }

  /// Sends the events, flushes and returns every request body the transport received.
  private func bodies(_ transport: ScriptedTransport, _ configuration: GoogleAnalyticsConfiguration, _ send: () -> Void) async throws
    -> [PropertyValue]
  {
    Current = try .live(configuration)
    send()
    await Current.flush()
    await Current.close(nil)
    return try transport.requests.map { try parseJSON($0.body) }
  }

  @Test func aWebStreamRequestCarriesEveryDeviceFieldOfTheContext() async throws {
    let transport = ScriptedTransport()
    let bodies = try await bodies(transport, configuration(transport)) { googleAnalyticsTracker("login") }
    try #require(bodies.count == 1)
    let device = try #require(bodies[0]["device"])
    #expect(device["language"] == "fr-FR")
    #expect(device["screen_resolution"] == "393x852")
    #expect(device["operating_system"] == "iOS")
    #expect(device["operating_system_version"] == "18.1")
    #expect(device["model"] == "iPhone17,3")
    #expect(device["brand"] == "Apple")
    // Nothing else: the whole object is the six fields above.
    #expect(device.objectValue?.count == 6)
    // The device is request-level: no event repeats it.
    #expect(bodies[0]["events"]?.arrayValue?.allSatisfy { $0["device"] == nil && $0["params"]?["device"] == nil } == true)
  }

  @Test func anAppStreamRequestCarriesNoDevice() async throws {
    let transport = ScriptedTransport()
    let stream = GoogleAnalyticsConfiguration.Stream.app(firebaseAppId: "1:1234567890:ios:abcdef", appInstanceId: "0123456789abcdef0123456789abcdef")
    let bodies = try await bodies(transport, configuration(transport, stream: stream)) { googleAnalyticsTracker("login") }
    try #require(bodies.count == 1)
    #expect(bodies[0]["app_instance_id"] == "0123456789abcdef0123456789abcdef")
    #expect(bodies[0]["device"] == nil)
    #expect(bodies[0].objectValue.map { Set($0.keys) } == ["app_instance_id", "events"])
  }

  @Test func whatTheContextLeavesOutIsNotSent() async throws {
    let transport = ScriptedTransport()
    let bare = ContextProvider(TrackingContext(os: .init(name: "Linux", version: "6.8.0")))
    let bodies = try await bodies(transport, configuration(transport, context: bare)) { googleAnalyticsTracker("login") }
    try #require(bodies.count == 1)
    #expect(bodies[0]["device"] == ["operating_system": "Linux", "operating_system_version": "6.8.0"])
  }

  /// A change reaches the next event, and an event queued before it keeps the device it was queued with:
  /// the device is encoded once per change into the request envelope, not read again per event or at send
  /// time. Events with different envelopes go in different requests.
  @Test func aContextChangeShowsOnTheNextEventAndNotOnTheOneBefore() async throws {
    let transport = ScriptedTransport()
    let provider = ContextProvider.fixture
    let bodies = try await bodies(transport, configuration(transport, context: provider)) {
      googleAnalyticsTracker("before")
      provider.update {
        $0.app.version = "2.2.0"  // not a GA4 device field: changes nothing here
        $0.os.version = "18.2"
        $0.locale = "de-DE"
      }
      googleAnalyticsTracker("after")
    }
    try #require(bodies.count == 2)
    var devices: [String: PropertyValue] = [:]
    for body in bodies {
      for event in body["events"]?.arrayValue ?? [] {
        devices[event["name"]?.stringValue ?? ""] = body["device"]
      }
    }
    let before: PropertyValue = [
      "language": "fr-FR", "screen_resolution": "393x852", "operating_system": "iOS",
      "operating_system_version": "18.1", "model": "iPhone17,3", "brand": "Apple",
    ]
    let after: PropertyValue = [
      "language": "de-DE", "screen_resolution": "393x852", "operating_system": "iOS",
      "operating_system_version": "18.2", "model": "iPhone17,3", "brand": "Apple",
    ]
    #expect(devices == ["before": before, "after": after])
    // Both events belong to the same client: only the device differs.
    #expect(bodies[0]["client_id"] == bodies[1]["client_id"])
  }
}
