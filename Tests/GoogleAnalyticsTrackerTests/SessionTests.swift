import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDeliveryTesting
import TrackersDelivery
import TrackersTesting
import VendorTestSupport

/// `session_id` and `engagement_time_msec` on the wire, with a clock the test moves.
@Suite(.isolatedEnvironments)
struct SessionTests {
  /// 2023-11-14T22:13:20.250Z, in milliseconds: the session that starts here has id 1_700_000_000.
  let start = 1_700_000_000_250

  private func configuration(_ transport: ScriptedTransport, storage: URL, clock: TestClock) -> GoogleAnalyticsConfiguration {
    var configuration = GoogleAnalyticsConfiguration(
      measurementId: "G-TEST123", apiSecret: "s3cr+t", host: LiveDeliveryTests.host, storageDirectory: storage)
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)  // only flush() sends, so requests are deterministic
    configuration.now = { clock.now }
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    configuration.context = .fixture
    return configuration
  }

  /// Every event the transport received, in the order of their `step` parameter.
  private func sentEvents(_ transport: ScriptedTransport) throws -> [[String: PropertyValue]] {
    var events: [[String: PropertyValue]] = []
    for request in transport.requests {
      for event in try parseJSON(request.body)["events"]?.arrayValue ?? [] {
        events.append(try #require(event["params"]?.objectValue))
      }
    }
    return events.sorted { ($0["step"]?.intValue ?? 0) < ($1["step"]?.intValue ?? 0) }
  }

  private func step(_ index: Int) -> AnalyticsData {
    .event(name: "step", properties: ["step": .int(index)])
  }

  @Test func sessionIdIsStableWithinTheTimeoutAndChangesOneMillisecondAfter() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: temporaryDirectory(), clock: clock))
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 1_500)
    googleAnalyticsTracker(step(1))
    clock.advance(milliseconds: 30 * 60_000)  // exactly the timeout: still the same session
    googleAnalyticsTracker(step(2))
    clock.advance(milliseconds: 30 * 60_000 + 1)  // one millisecond more: a new session
    googleAnalyticsTracker(step(3))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.count == 4)
    // The second session starts 1.5 s + 30 min + 30 min 0.001 s after the first, at 20.251 s past the minute.
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_003_601])
    #expect(events.map { $0["engagement_time_msec"] } == [100, 1_500, 1_800_000, 100])
  }

  /// Firebase's `setUserID` and gtag's `user_id` keep the session (support.google.com/firebase/answer/9191807:
  /// only the foreground and the timeout start and end one); the client id stays, so GA4 sees one journey.
  @Test func signInAnotherUserAndSignOutKeepTheSession() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: temporaryDirectory(), clock: clock))
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 2_000)
    googleAnalyticsTracker(.userId("user-1"))  // sign-up / sign-in
    googleAnalyticsTracker(step(1))
    clock.advance(milliseconds: 3_000)
    googleAnalyticsTracker(.userId("user-2"))  // another user
    googleAnalyticsTracker(step(2))
    clock.advance(milliseconds: 4_000)
    googleAnalyticsTracker(.userId(nil))  // sign-out
    googleAnalyticsTracker(step(3))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.count == 4)
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000])
    #expect(events.map { $0["engagement_time_msec"] } == [100, 2_000, 3_000, 4_000])
    // One client id throughout; each event's request carries the user id of its time.
    var userIdOfStep: [Int: String] = [:]
    var clientIds: Set<String> = []
    for request in transport.requests {
      let body = try parseJSON(request.body)
      clientIds.insert(try #require(body["client_id"]?.stringValue))
      for event in body["events"]?.arrayValue ?? [] {
        userIdOfStep[try #require(event["params"]?["step"]?.intValue)] = body["user_id"]?.stringValue ?? "none"
      }
    }
    #expect(clientIds.count == 1)
    #expect(userIdOfStep == [0: "none", 1: "user-1", 2: "user-2", 3: "none"])
  }

  @Test func aPrivacyResetStartsANewSession() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    let consent = ConsentStore(ConsentState(status: .granted))
    var configuration = configuration(transport, storage: temporaryDirectory(), clock: clock)
    configuration.privacy = consent.registry
    Current = try .live(configuration)
    googleAnalyticsTracker(step(0))
    await Current.flush()
    consent.registry.reset()
    googleAnalyticsTracker(step(1))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_001])
  }

  @Test func anEventKeepsItsOwnSessionParameters() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: temporaryDirectory(), clock: clock))
    googleAnalyticsTracker(.event(name: "step", properties: ["step": 0, "session_id": "web-123", "engagement_time_msec": 7]))
    googleAnalyticsTracker(.event(name: "step", properties: ["step": 1, "session_id": 42]))
    googleAnalyticsTracker(.event(name: "step", properties: ["step": 2, "engagement_time_msec": 9]))
    googleAnalyticsTracker(.screen(name: "Cart"))
    await Current.flush()
    await Current.close(nil)

    let body = try parseJSON(try #require(transport.requests.first).body)
    #expect(body["events"]?.arrayValue?.map { $0.removing(["timestamp_micros"]) } == [
      ["name": "step", "params": ["step": 0, "session_id": "web-123", "engagement_time_msec": 7]],
      // The clock did not move: the session's later events report 1 ms.
      ["name": "step", "params": ["step": 1, "session_id": 42, "engagement_time_msec": 1]],
      ["name": "step", "params": ["step": 2, "session_id": 1_700_000_000, "engagement_time_msec": 9]],
      ["name": "screen_view", "params": ["screen_name": "Cart", "session_id": 1_700_000_000, "engagement_time_msec": 1]],
    ])
  }

  @Test func aRelaunchWithinTheTimeoutContinuesTheSession() async throws {
    let transport = ScriptedTransport()
    let storage = temporaryDirectory()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 5_000)
    googleAnalyticsTracker(step(1))  // saved at close, not on this event: the save interval is a minute
    await Current.close(nil)

    clock.advance(milliseconds: 10 * 60_000)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    googleAnalyticsTracker(step(2))
    await Current.close(nil)

    clock.advance(milliseconds: 30 * 60_000 + 1)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    googleAnalyticsTracker(step(3))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.count == 4)
    // The second session starts 5 s + 10 min + 30 min 0.001 s after the first.
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_002_405])
    #expect(events.map { $0["engagement_time_msec"] } == [100, 5_000, 600_000, 100])
  }

  @Test func aSignOutBeforeQuittingKeepsTheSavedSessionOnRelaunch() async throws {
    let transport = ScriptedTransport()
    let storage = temporaryDirectory()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    googleAnalyticsTracker(.userId("user-1"))
    googleAnalyticsTracker(step(0))
    googleAnalyticsTracker(.userId(nil))  // no event after it in this launch
    await Current.close(nil)

    clock.advance(milliseconds: 60_000)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    googleAnalyticsTracker(step(1))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000])
    #expect(events.map { $0["engagement_time_msec"] } == [100, 60_000])
  }

  @Test func theTimeoutIsConfigurable() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    var configuration = configuration(transport, storage: temporaryDirectory(), clock: clock)
    configuration.sessionTimeout = .seconds(60)
    Current = try .live(configuration)
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 60_000)
    googleAnalyticsTracker(step(1))
    clock.advance(milliseconds: 60_001)
    googleAnalyticsTracker(step(2))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000, 1_700_000_120])
  }
}

extension SessionTests {
  @Test func aHugeTimeoutNeverEndsTheSessionAndNeverOverflows() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    var configuration = configuration(transport, storage: temporaryDirectory(), clock: clock)
    configuration.sessionTimeout = .seconds(Int64.max)
    Current = try .live(configuration)
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 10 * 365 * 86_400_000)
    googleAnalyticsTracker(step(1))
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000])
  }
}

/// With an `ApplicationLifecycle`, time in the foreground is activity (as Firebase counts engagement) and only
/// time in the background counts toward the timeout. The lifecycle dates its transitions with the same test
/// clock as `GoogleAnalyticsConfiguration.now`.
extension SessionTests {
  @Test func aSessionOutlivesALongForegroundGapButNotMoreThanTheTimeoutInTheBackground() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = configuration(transport, storage: temporaryDirectory(), clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    #expect(lifecycle.destinations == ["GA4"])

    lifecycle.launched()
    googleAnalyticsTracker(step(0))
    clock.advance(milliseconds: 2 * 60 * 60_000)  // two hours in the foreground without an event
    googleAnalyticsTracker(step(1))  // the same session: the foreground kept it alive
    await lifecycle.enteredBackground(timeout: .seconds(600))
    clock.advance(milliseconds: 29 * 60_000)  // within the timeout in the background
    lifecycle.enteredForeground()
    googleAnalyticsTracker(step(2))  // the same session
    await lifecycle.enteredBackground(timeout: .seconds(600))
    clock.advance(milliseconds: 30 * 60_000 + 1)  // one millisecond more than the timeout in the background
    lifecycle.enteredForeground()
    googleAnalyticsTracker(step(3))  // a new session
    await Current.flush()
    await Current.close(nil)

    let events = try sentEvents(transport)
    try #require(events.count == 4)
    // The new session starts 2 h + 29 min + 30 min 0.001 s after the first, at 20.251 s past the minute.
    #expect(events.map { $0["session_id"] } == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_010_740])
    // The two foreground hours count as engagement; the return to the foreground is activity, so the event
    // at the same instant reports 1 ms.
    #expect(events.map { $0["engagement_time_msec"] } == [100, 7_200_000, 1, 100])
  }

  @Test func enteringTheBackgroundFlushesTheQueue() async throws {
    let transport = ScriptedTransport()
    let clock = TestClock(start)
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = configuration(transport, storage: temporaryDirectory(), clock: clock)
    configuration.lifecycle = lifecycle
    #expect(configuration.flushInterval == .seconds(3600))  // nothing is sent on a timer during this test
    Current = try .live(configuration)
    lifecycle.launched()
    googleAnalyticsTracker(step(0))
    googleAnalyticsTracker(step(1))
    #expect(transport.requests.isEmpty)

    // No explicit flush: the lifecycle flushes every registered queue on the way to the background. The
    // generous timeout only bounds a broken flush; a working one returns as soon as the request is answered.
    await lifecycle.enteredBackground(timeout: .seconds(600))
    let counters = Current.counters()
    #expect(counters.delivery.delivered == 2)
    #expect(try sentEvents(transport).map { $0["step"] } == [0, 1])
    #expect(transport.requests.count == 1)
    await Current.close(nil)
  }
}
