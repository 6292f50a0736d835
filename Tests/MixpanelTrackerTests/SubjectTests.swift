import Foundation
import MixpanelTracker
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
  let fixedDate = Date(timeIntervalSince1970: 1_700_000_000.25)
  let subjectDate = Date(timeIntervalSince1970: 1_690_000_000.5)

  private func configuration(_ transport: ScriptedTransport, deployment: DeliveryOptions.Deployment = .app) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)  // only flush() sends
    configuration.now = { [fixedDate] in fixedDate }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    configuration.deployment = deployment
    return configuration
  }

  /// The `properties` of every event `/import` received, in order.
  private func imported(_ transport: ScriptedTransport) throws -> [[String: PropertyValue]] {
    var properties: [[String: PropertyValue]] = []
    for request in transport.requests where request.path == "/import" {
      for event in try parseJSON(request.body).arrayValue ?? [] {
        properties.append(try #require(event["properties"]?.objectValue))
      }
    }
    return properties
  }

  @Test func aSubjectEventCarriesTheSubjectsIdsTimeAndIPAndTheStoredIdentityStaysTheAppUsers() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    Current = try .live(configuration(transport))
    mixpanelTracker(.userId("app-user"))
    let subject = EventSubject(
      userId: "user-1", anonymousId: "anon-1", timestamp: subjectDate,
      context: RequestContext(ip: "203.0.113.7", userAgent: "Mozilla/5.0", locale: "fr-FR"))
    withEventSubject(subject) { mixpanelTracker(.event(name: "Order Completed", properties: ["total": 12.5])) }
    about(EventSubject(anonymousId: "anon-2"), mixpanelTracker)(.screen(name: "Cart"))
    mixpanelTracker("After")
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.queued == 3)
    let events = try imported(transport)
    try #require(events.count == 3)
    #expect(events[0]["distinct_id"] == "user-1")
    #expect(events[0]["$user_id"] == "user-1")
    #expect(events[0]["$device_id"] == "anon-1")
    #expect(events[0]["ip"] == "203.0.113.7")
    #expect(events[0]["time"] == 1_690_000_000_500)
    #expect(events[0]["total"] == 12.5)
    // The library, none of the machine's context: the server is not the subject's device.
    #expect(Set(events[0].keys) == ["total", "time", "distinct_id", "$user_id", "$device_id", "ip", "$insert_id", "mp_lib", "$lib_version"])
    // An anonymous subject: `$device:` distinct id, no `$user_id`, the module's clock.
    #expect(events[1]["distinct_id"] == "$device:anon-2")
    #expect(events[1]["$device_id"] == "anon-2")
    #expect(events[1]["$user_id"] == nil)
    #expect(events[1]["time"] == 1_700_000_000_250)
    // The app's own user, untouched by either.
    #expect(events[2]["distinct_id"] == "app-user")
    #expect(events[2]["$user_id"] == "app-user")
    #expect(events[2]["$os"] == "iOS")
    #expect(events[2]["$device_id"] != "anon-1")
  }

  /// Many tasks, each tracking for its own user at once: every record carries its own task's ids and IP
  /// (the event's `n` says which task sent it), whatever the interleaving.
  @Test func concurrentSubjectsNeverMixTheirIds() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    var configuration = configuration(transport, deployment: .server)
    configuration.maxEventsPerRequest = 2000
    Current = try .live(configuration)
    let tasks = 64
    let eventsPerTask = 8
    await trackFromConcurrentSubjects(
      tasks: tasks, eventsPerTask: eventsPerTask, name: "Order Completed",
      subject: { task in
        EventSubject(
          userId: "user-\(task)", anonymousId: "anon-\(task)", context: RequestContext(ip: "10.0.0.\(task)"))
      },
      track: mixpanelTracker)
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.queued == tasks * eventsPerTask)
    let events = try imported(transport)
    #expect(events.count == tasks * eventsPerTask)
    var mixed = 0
    for event in events {
      guard case let .int(task)? = event["n"] else {
        mixed += 1
        continue
      }
      if event["distinct_id"] != .string("user-\(task)") || event["$user_id"] != .string("user-\(task)")
        || event["$device_id"] != .string("anon-\(task)") || event["ip"] != .string("10.0.0.\(task)")
      {
        mixed += 1
      }
    }
    #expect(mixed == 0)
    #expect(Set(events.compactMap { $0["n"] }).count == tasks)
  }

  @Test func aSubjectWithoutIdsAndAnIdentityChangeUnderASubjectAreRefusedWithTheirRules() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    withEventSubject(EventSubject(context: RequestContext(ip: "203.0.113.7"))) { mixpanelTracker("Order Completed") }
    withEventSubject(EventSubject(userId: "null")) { mixpanelTracker("Order Completed") }
    withEventSubject(EventSubject(userId: "user-1", timestamp: fixedDate.addingTimeInterval(7200))) {
      mixpanelTracker("Order Completed")
    }
    withEventSubject(EventSubject(userId: "user-1")) {
      mixpanelTracker(.userId("user-1"))
      mixpanelTracker(.superProperties(.register(["plan": "pro"])))
      mixpanelTracker(.timeEvent(name: "Checkout"))
    }
    mixpanelTracker("After")
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == [
      "subject-id-required": 1, "distinct-id-placeholder": 1, "subject-timestamp-range": 1, "subject-event-kind": 3,
    ])
    #expect(counters.queued == 1)
    let events = try imported(transport)
    try #require(events.count == 1)
    // Nothing changed the stored identity or registered anything.
    #expect(events[0]["$user_id"] == nil)
    #expect(events[0]["plan"] == nil)
    let rules = reports.events.compactMap { report -> String? in
      guard case let .invalidEvent(issues) = report.kind else { return nil }
      return issues.first?.rule
    }
    #expect(rules == [
      "subject-id-required", "distinct-id-placeholder", "subject-timestamp-range", "subject-event-kind",
      "subject-event-kind", "subject-event-kind",
    ])
    let message = try #require(reports.events.first?.message)
    #expect(message.contains("userId or anonymousId"))
  }

  /// Super properties registered for the whole app reach a subject's events; those registered for the
  /// signed-in user, and the user's timers, don't (and the timer still runs for the app's own event).
  @Test func appWideSuperPropertiesApplyToSubjectEventsButNotTheUsersOrTheTimers() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    Current = try .live(configuration(transport))
    mixpanelTracker(.userId("app-user"))
    mixpanelTracker(.superProperties(.register(["service": "shop"])))
    mixpanelTracker(.superProperties(.registerForUser(["tier": "gold"])))
    mixpanelTracker(.timeEvent(name: "Order Completed"))
    withEventSubject(EventSubject(userId: "user-1")) { mixpanelTracker("Order Completed") }
    mixpanelTracker("Order Completed")
    _ = await Current.deliverPending()
    await Current.close(nil)
    let events = try imported(transport)
    try #require(events.count == 2)
    #expect(events[0]["service"] == "shop")
    #expect(events[0]["tier"] == nil)
    #expect(events[0]["$duration"] == nil)
    #expect(events[1]["service"] == "shop")
    #expect(events[1]["tier"] == "gold")
    #expect(events[1]["$duration"] != nil)
  }

  @Test func aServerSendsNoneOfTheMachinesContextAndRefusesLifecycleEvents() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)
    var configuration = configuration(transport, deployment: .server)
    configuration.onReport = reports.tracker
    Current = try .live(configuration)
    mixpanelTracker("Health Checked")
    mixpanelTracker(.lifecycle(.opened(fromBackground: false, version: "1.0", build: "1")))
    let counters = await Current.deliverPending()
    await Current.close(nil)
    #expect(counters.invalidByRule == ["lifecycle-on-server-unsupported": 1])
    let events = try imported(transport)
    try #require(events.count == 1)
    #expect(events[0].filter { ContextTests.contextKeys.contains($0.key) } == [
      "mp_lib": "swift-trackers", "$lib_version": "0.8.0",
    ])
  }

  /// A server's module never registers with a lifecycle: going to the background flushes an app's queue, and
  /// leaves a server's alone.
  @Test(arguments: [DeliveryOptions.Deployment.app, .server])
  func onlyAnAppsQueueFollowsTheLifecycle(deployment: DeliveryOptions.Deployment) async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.imported)
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142")
    var configuration = configuration(transport, deployment: deployment)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    mixpanelTracker("Order Completed")
    await lifecycle.enteredBackground(timeout: .seconds(600))
    let sentInBackground = transport.requests.count
    await Current.close(nil)
    #expect(sentInBackground == (deployment == .app ? 1 : 0))
  }
}
