import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting
import VendorTestSupport

/// Requests about an `EventSubject` (a server's users) and a module configured for a server, read back from
/// what the live environment hands its transport.
@Suite(.isolatedEnvironments)
struct SubjectTests {
  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)

  private func configuration(_ transport: ScriptedTransport, deployment: DeliveryOptions.Deployment = .app) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      stream: .web(measurementId: "G-TEST123"), apiSecret: "s3cr+t", host: LiveDeliveryTests.host,
      storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)  // only flush() sends
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.deployment = deployment
    return configuration
  }

  private func bodies(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.map { try parseJSON($0.body) }
  }

  @Test func aSubjectRequestCarriesItsClientIdUserIdIPAndLanguageInItsOwnRequest() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport))
    googleAnalyticsTracker(.userId("app-user"))
    let subject = EventSubject(
      userId: "user-1", anonymousId: "1234567890.1700000000", timestamp: Date(timeIntervalSince1970: 1_699_990_000.5),
      context: RequestContext(ip: "203.0.113.7", userAgent: "Mozilla/5.0", locale: "fr-FR"))
    withEventSubject(subject) { googleAnalyticsTracker(.event(name: "report_exported", properties: ["value": 12.5])) }
    googleAnalyticsTracker("after")
    _ = await Current.deliverPending()
    await Current.close(nil)
    let bodies = try bodies(transport)
    try #require(bodies.count == 2)
    let subjectBody = try #require(bodies.first { $0["client_id"] == "1234567890.1700000000" })
    #expect(subjectBody == [
      "client_id": "1234567890.1700000000", "user_id": "user-1", "ip_override": "203.0.113.7",
      "device": ["language": "fr-FR"],
      "events": [["name": "report_exported", "params": ["value": 12.5], "timestamp_micros": 1_699_990_000_500_000]],
    ])
    let appBody = try #require(bodies.first { $0["client_id"] != "1234567890.1700000000" })
    #expect(appBody["user_id"] == "app-user")
    #expect(appBody["ip_override"] == nil)
    #expect(appBody["events"]?.arrayValue?.first?["params"]?["session_id"] != nil)
  }

  @Test func aSubjectWithoutAnAnonymousIdOrTooFarBackIsRefusedWithItsRule() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    withEventSubject(EventSubject(userId: "user-1")) { googleAnalyticsTracker("report_exported") }
    // GA4 drops, with a 2xx, an event dated more than 72 hours back.
    let old = EventSubject(anonymousId: "1.2", timestamp: fixedDate.addingTimeInterval(-73 * 3600))
    withEventSubject(old) { googleAnalyticsTracker("report_exported") }
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["subject-client-id-required": 1, "subject-timestamp-range": 1])
    #expect(transport.requests.isEmpty)
    let message = try #require(reports.events.first?.message)
    #expect(message.contains("_ga cookie"))
  }

  /// Many tasks, each tracking for its own client at once: every request carries one client's events only.
  @Test func concurrentSubjectsNeverMixTheirIds() async throws {
    let transport = ScriptedTransport()
    Current = try .live(configuration(transport, deployment: .server))
    let tasks = 64
    let eventsPerTask = 8
    await trackFromConcurrentSubjects(
      tasks: tasks, eventsPerTask: eventsPerTask, name: "report_exported",
      subject: { task in
        EventSubject(
          userId: "user-\(task)", anonymousId: "\(task).1700000000", context: RequestContext(ip: "10.0.0.\(task)"))
      },
      track: googleAnalyticsTracker)
    _ = await Current.deliverPending()
    await Current.close(nil)
    var events = 0
    var mixed = 0
    for body in try bodies(transport) {
      for event in body["events"]?.arrayValue ?? [] {
        events += 1
        guard case let .int(task)? = event["params"]?["n"] else {
          mixed += 1
          continue
        }
        if body["client_id"] != .string("\(task).1700000000") || body["user_id"] != .string("user-\(task)")
          || body["ip_override"] != .string("10.0.0.\(task)")
        {
          mixed += 1
        }
      }
    }
    #expect(events == tasks * eventsPerTask)
    #expect(mixed == 0)
  }

  @Test func aServerSendsNoDeviceObjectAndRefusesLifecycleEvents() async throws {
    let transport = ScriptedTransport()
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, deployment: .server)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    googleAnalyticsTracker("health_checked")
    googleAnalyticsTracker(.lifecycle(.backgrounded))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["lifecycle-on-server-unsupported": 1])
    let bodies = try bodies(transport)
    try #require(bodies.count == 1)
    #expect(bodies[0]["device"] == nil)
  }
}
