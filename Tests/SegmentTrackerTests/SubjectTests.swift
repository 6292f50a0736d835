import Foundation
import SegmentTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Messages about an `EventSubject` (a server's users) and a module configured for a server, read back from
/// what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct SubjectTests {
  private func configuration(_ transport: ScriptedTransport, deployment: DeliveryOptions.Deployment = .app) -> SegmentConfiguration {
    var configuration = SegmentConfiguration(
      writeKey: "seg-write-key-123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { eventTime }
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.deployment = deployment
    return configuration
  }

  private func messages(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
  }

  @Test func aSubjectMessageCarriesTheSubjectsIdsTimestampAndRequestContext() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport))
    segmentTracker(.userId("app-user"))
    let subject = EventSubject(
      userId: "user-1", anonymousId: "anon-1", timestamp: Date(timeIntervalSince1970: 1_700_000_000.5),
      context: RequestContext(
        ip: "203.0.113.7", userAgent: "Mozilla/5.0", locale: "fr-FR", pageURL: "https://shop.example/cart"))
    withEventSubject(subject) { segmentTracker(.event(name: "Order Completed", properties: ["total": 12.5])) }
    about(EventSubject(userId: "user-2"), segmentTracker)(.screen(name: "Cart"))
    segmentTracker("After")
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.queued == 4)
    let messages = try messages(transport)
    try #require(messages.count == 4)
    let order = messages[1]
    #expect(order["type"] == "track")
    #expect(order["userId"] == "user-1")
    #expect(order["anonymousId"] == "anon-1")
    #expect(order["timestamp"] == "2023-11-14T22:13:20.500Z")
    #expect(order["context"] == [
      "library": ["name": "swift-trackers", "version": "0.8.0"], "ip": "203.0.113.7", "userAgent": "Mozilla/5.0",
      "locale": "fr-FR", "page": ["url": "https://shop.example/cart"],
    ])
    #expect(order["properties"]?["total"] == 12.5)
    // A subject with a user id only: no anonymousId, the app's suppressed IP, the module's clock.
    #expect(messages[2]["type"] == "screen")
    #expect(messages[2]["userId"] == "user-2")
    #expect(messages[2]["anonymousId"] == nil)
    #expect(messages[2]["context"]?["ip"] == "0.0.0.0")
    #expect(messages[2]["context"]?["os"] == nil)
    // The app's own user, untouched.
    #expect(messages[3]["userId"] == "app-user")
    #expect(messages[3]["anonymousId"] == messages[0]["anonymousId"])
    #expect(messages[3]["context"]?["os"] == ["name": "iOS", "version": "18.1"])
  }

  /// Many tasks, each tracking for its own user at once: every message carries its own task's ids and IP.
  @Test func concurrentSubjectsNeverMixTheirIds() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport, deployment: .server))
    let tasks = 64
    let eventsPerTask = 8
    await trackFromConcurrentSubjects(
      tasks: tasks, eventsPerTask: eventsPerTask, name: "Order Completed",
      subject: { task in
        EventSubject(
          userId: "user-\(task)", anonymousId: "anon-\(task)", context: RequestContext(ip: "10.0.0.\(task)"))
      },
      track: segmentTracker)
    _ = await Current.deliverPending()
    await Current.close(nil)
    let messages = try messages(transport)
    #expect(messages.count == tasks * eventsPerTask)
    let mixed = messages.filter { message in
      guard case let .int(task)? = message["properties"]?["n"] else { return true }
      return message["userId"] != .string("user-\(task)") || message["anonymousId"] != .string("anon-\(task)")
        || message["context"]?["ip"] != .string("10.0.0.\(task)")
    }
    #expect(mixed.isEmpty)
  }

  @Test func aServerSendsNoneOfTheMachinesContextAndRefusesLifecycleEvents() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, deployment: .server)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    segmentTracker("Health Checked")
    segmentTracker(.lifecycle(.backgrounded))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["lifecycle-on-server-unsupported": 1])
    let messages = try messages(transport)
    try #require(messages.count == 1)
    #expect(messages[0]["context"] == ["library": ["name": "swift-trackers", "version": "0.8.0"], "ip": "0.0.0.0"])
  }
}
