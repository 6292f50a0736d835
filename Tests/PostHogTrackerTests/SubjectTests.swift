import Foundation
import PostHogTracker
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
  private func sentEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }
  }

  @Test func aSubjectEventCarriesTheSubjectsIdsTimestampAndRequestContextAndNoSession() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(liveConfiguration(transport))
    postHogTracker(.userId("app-user"))
    let subject = EventSubject(
      userId: "user-1", anonymousId: "anon-1", timestamp: Date(timeIntervalSince1970: 1_700_000_000.5),
      context: RequestContext(ip: "203.0.113.7", userAgent: "Mozilla/5.0", locale: "fr-FR"))
    withEventSubject(subject) { postHogTracker(.event(name: "Order Completed", properties: ["total": 12.5])) }
    about(EventSubject(anonymousId: "anon-2"), postHogTracker)("Cart Viewed")
    postHogTracker("After")
    _ = await Current.deliverPending()
    await Current.close(nil)
    let events = try sentEvents(transport).filter { $0["event"] != "$identify" }
    try #require(events.count == 3)
    let order = try #require(events[0]["properties"]?.objectValue)
    #expect(events[0]["timestamp"] == "2023-11-14T22:13:20.500Z")
    #expect(order["distinct_id"] == "user-1")
    #expect(order["$ip"] == "203.0.113.7")
    #expect(order["$raw_user_agent"] == "Mozilla/5.0")
    #expect(order["$locale"] == "fr")
    // The client's own address is for locating it: no `$geoip_disable`; no session, no groups, no OS.
    #expect(order["$geoip_disable"] == nil)
    #expect(order["$session_id"] == nil)
    #expect(order["$os_name"] == nil)
    #expect(order["$lib"] == "swift-trackers")
    #expect(order["$process_person_profile"] == true)
    let anonymous = try #require(events[1]["properties"]?.objectValue)
    #expect(anonymous["distinct_id"] == "anon-2")
    #expect(anonymous["$geoip_disable"] == true)  // no client IP: the module's suppression holds
    let after = try #require(events[2]["properties"]?.objectValue)
    #expect(after["distinct_id"] == "app-user")
    #expect(after["$session_id"] != nil)
    #expect(after["$os_name"] == "iOS")
  }

  /// Many tasks, each tracking for its own user at once: every event carries its own task's ids and IP.
  @Test func concurrentSubjectsNeverMixTheirIds() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    Current = try .live(liveConfiguration(transport, deployment: .server))
    let tasks = 64
    let eventsPerTask = 8
    await trackFromConcurrentSubjects(
      tasks: tasks, eventsPerTask: eventsPerTask, name: "Order Completed",
      subject: { task in
        EventSubject(
          userId: "user-\(task)", context: RequestContext(ip: "10.0.0.\(task)"))
      },
      track: postHogTracker)
    _ = await Current.deliverPending()
    await Current.close(nil)
    let events = try sentEvents(transport)
    #expect(events.count == tasks * eventsPerTask)
    let mixed = events.filter { event in
      guard case let .int(task)? = event["properties"]?["n"] else { return true }
      return event["properties"]?["distinct_id"] != .string("user-\(task)")
        || event["properties"]?["$ip"] != .string("10.0.0.\(task)")
    }
    #expect(mixed.isEmpty)
  }

  @Test func aServerSendsNoneOfTheMachinesContextAndRefusesLifecycleEvents() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = liveConfiguration(transport, deployment: .server)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    postHogTracker("Health Checked")
    postHogTracker(.lifecycle(.backgrounded))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["lifecycle-on-server-unsupported": 1])
    let events = try sentEvents(transport)
    try #require(events.count == 1)
    let properties = try #require(events[0]["properties"]?.objectValue)
    let context = properties.filter { ContextTests.fixtureContext.keys.contains($0.key) }
    #expect(context == ["$lib": "swift-trackers", "$lib_version": "0.8.0"])
  }
}
