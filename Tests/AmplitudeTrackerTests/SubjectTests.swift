import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Events about an `EventSubject` (a server's users) and a module configured for a server, read back from
/// what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct SubjectTests {
  private func sentEvents(_ transport: ScriptedTransport) throws -> [[String: PropertyValue]] {
    try transport.requests.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }.compactMap(\.objectValue)
  }

  @Test func aSubjectEventCarriesTheSubjectsIdsTimeAndRequestContextOutOfSession() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    Current = try .live(liveConfiguration(transport))
    amplitudeTracker(.userId("app-user"))
    let subject = EventSubject(
      userId: "user-00001", anonymousId: "anon-00001", timestamp: Date(timeIntervalSince1970: 1_700_000_000.5),
      context: RequestContext(ip: "203.0.113.7", userAgent: "Mozilla/5.0", locale: "fr-FR"))
    withEventSubject(subject) { amplitudeTracker(.event(name: "Order Completed", properties: ["total": 12.5])) }
    about(EventSubject(anonymousId: "anon-00002"), amplitudeTracker)("Cart Viewed")
    amplitudeTracker("After")
    _ = await Current.deliverPending()
    await Current.close(nil)
    let events = try sentEvents(transport)
    try #require(events.count == 3)
    #expect(events[0]["user_id"] == "user-00001")
    #expect(events[0]["device_id"] == "anon-00001")
    #expect(events[0]["time"] == 1_700_000_000_500)
    #expect(events[0]["ip"] == "203.0.113.7")
    #expect(events[0]["language"] == "fr-FR")
    #expect(events[0]["session_id"] == -1)
    #expect(events[0]["library"] == "swift-trackers/0.8.0")
    #expect(events[0]["os_name"] == nil)
    #expect(events[0]["device_model"] == nil)
    #expect(events[1]["device_id"] == "anon-00002")
    #expect(events[1]["user_id"] == nil)
    #expect(events[1]["ip"] == nil)  // no client IP, and the module's IP location is suppressed
    #expect(events[2]["user_id"] == "app-user")
    #expect(events[2]["device_id"] != "anon-00001")
    #expect(events[2]["session_id"] != -1)
    #expect(events[2]["os_name"] == "ios")
  }

  /// Amplitude rejects ids shorter than 5 characters and placeholders: a subject's are refused here, not
  /// dropped by Amplitude.
  @Test func aSubjectIdAmplitudeWouldRejectIsRefusedWithTheUserIdRules() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = liveConfiguration(transport)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    withEventSubject(EventSubject(userId: "u1")) { amplitudeTracker("Order Completed") }
    withEventSubject(EventSubject(anonymousId: "null")) { amplitudeTracker("Order Completed") }
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["user-id-length": 1, "user-id-placeholder": 1])
    #expect(transport.requests.isEmpty)
  }

  /// Many tasks, each tracking for its own user at once: every event carries its own task's ids and IP.
  @Test func concurrentSubjectsNeverMixTheirIds() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    var configuration = liveConfiguration(transport, deployment: .server)
    configuration.maxEventsPerRequest = 1000
    Current = try .live(configuration)
    let tasks = 64
    let eventsPerTask = 8
    await trackFromConcurrentSubjects(
      tasks: tasks, eventsPerTask: eventsPerTask, name: "Order Completed",
      subject: { task in
        EventSubject(
          userId: "user-\(task)-x", context: RequestContext(ip: "10.0.0.\(task)"))
      },
      track: amplitudeTracker)
    _ = await Current.deliverPending()
    await Current.close(nil)
    let events = try sentEvents(transport)
    #expect(events.count == tasks * eventsPerTask)
    let mixed = events.filter { event in
      guard case let .int(task)? = event["event_properties"]?["n"] else { return true }
      return event["user_id"] != .string("user-\(task)-x") || event["ip"] != .string("10.0.0.\(task)")
    }
    #expect(mixed.isEmpty)
  }

  @Test func aServerSendsNoneOfTheMachinesContextAndRefusesLifecycleEvents() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = liveConfiguration(transport, deployment: .server)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    amplitudeTracker("Health Checked")
    amplitudeTracker(.lifecycle(.backgrounded))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["lifecycle-on-server-unsupported": 1])
    let events = try sentEvents(transport)
    try #require(events.count == 1)
    let context = events[0].filter { !["event_type", "device_id", "time", "insert_id", "session_id"].contains($0.key) }
    #expect(context == ["library": "swift-trackers/0.8.0"])
  }
}
