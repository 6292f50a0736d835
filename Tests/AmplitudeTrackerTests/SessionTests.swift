import AmplitudeTracker
import Foundation
import Testing
import Trackers
import TrackersDeliveryTesting
import TrackersDelivery
import TrackersTesting
import VendorTestSupport

/// `session_id`, `session_start` and `session_end` on the wire under Amplitude-Swift's rules, with a clock the
/// test moves: 5 minutes without activity end a session, time in the foreground counts as activity, and
/// sign-in, sign-out and reset keep it.
@Suite(.isolatedEnvironments)
struct SessionTests {
  /// 2023-11-14T22:13:20.250Z, in milliseconds: the id of the session that starts here.
  let start = 1_700_000_000_250
  static let minute = 60_000

  private func configuration(
    _ transport: ScriptedTransport, storage: URL = temporaryDirectory(), clock: TestClock
  ) -> AmplitudeConfiguration {
    var configuration = AmplitudeConfiguration(
      apiKey: "amp-test-key-1234", region: .custom(LiveDeliveryTests.host), storageDirectory: storage)
    configuration.transport = transport
    configuration.now = { clock.now }
    configuration.context = .fixture
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  /// Every event received, in arrival order (requests are only sent by awaited flushes, one at a time).
  private func sentEvents(_ transport: ScriptedTransport) throws -> [PropertyValue] {
    try transport.requests.flatMap { try parseJSON($0.body)["events"]?.arrayValue ?? [] }
  }

  /// What a session test compares: each event's type, session and time.
  private struct Sent: Hashable, CustomStringConvertible {
    var type: String
    var session: Int
    var time: Int
    init(_ type: String, session: Int, time: Int) { (self.type, self.session, self.time) = (type, session, time) }
    var description: String { "\(type) session \(session) at \(time)" }
  }

  private func sent(_ transport: ScriptedTransport) throws -> [Sent] {
    try sentEvents(transport).map {
      Sent(
        $0["event_type"]?.stringValue ?? "?", session: $0["session_id"]?.intValue ?? -1, time: $0["time"]?.intValue ?? -1)
    }
  }

  @Test func oneSessionWhileActiveThenSessionEndAndStartBeforeTheEventAfterTheTimeout() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    Current = try .live(configuration(transport, clock: clock))
    amplitudeTracker("A")
    clock.advance(milliseconds: 4 * Self.minute)
    amplitudeTracker("B")
    clock.advance(milliseconds: 5 * Self.minute)  // exactly the timeout: still the same session
    amplitudeTracker("C")
    clock.advance(milliseconds: 5 * Self.minute + 1)  // one millisecond more: a new session
    amplitudeTracker("D")
    await Current.flush()
    await Current.close(nil)

    let lastActivity = start + 9 * Self.minute
    let next = lastActivity + 5 * Self.minute + 1
    #expect(try sent(transport) == [
      Sent("session_start", session: start, time: start),
      Sent("A", session: start, time: start),
      Sent("B", session: start, time: start + 4 * Self.minute),
      Sent("C", session: start, time: lastActivity),
      Sent("session_end", session: start, time: lastActivity),  // the old id, at its last activity
      Sent("session_start", session: next, time: next),  // the new id: its start in milliseconds
      Sent("D", session: next, time: next),
    ])

    // The session events carry the identity and the context, and nothing of their own.
    let events = try sentEvents(transport)
    let device = try #require(events.first?["device_id"]?.stringValue)
    let context = """
      "library": "swift-trackers/0.8.0", "platform": "iOS", "os_name": "ios", "os_version": "18.1",
      "device_model": "iPhone17,3", "device_manufacturer": "Apple", "app_version": "2.1.0", "language": "fr-FR"
      """
    #expect(events[4].removing(["insert_id"]) == (try parseJSON("""
      {"event_type": "session_end", "device_id": "\(device)", "time": \(lastActivity), "session_id": \(start), \(context)}
      """)))
    #expect(events[5].removing(["insert_id"]) == (try parseJSON("""
      {"event_type": "session_start", "device_id": "\(device)", "time": \(next), "session_id": \(next), \(context)}
      """)))
    let insertIds = events.compactMap { $0["insert_id"]?.stringValue }
    #expect(Set(insertIds).count == 7)
  }

  @Test func theForegroundKeepsTheSessionAndMoreThanTheTimeoutInTheBackgroundEndsIt() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = configuration(transport, clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    lifecycle.launched()
    amplitudeTracker("A")
    clock.advance(milliseconds: 20 * Self.minute)  // in the foreground: no timeout
    amplitudeTracker("B")
    await lifecycle.enteredBackground()  // activity at start + 20 min
    clock.advance(milliseconds: 4 * Self.minute)
    lifecycle.enteredForeground()  // back within the timeout: activity at start + 24 min
    amplitudeTracker("C")
    await lifecycle.enteredBackground()
    clock.advance(milliseconds: 5 * Self.minute + 1)
    lifecycle.enteredForeground()  // more than the timeout in the background: the session ended
    amplitudeTracker("D")
    await Current.flush()
    await Current.close(nil)

    let background = start + 24 * Self.minute
    let next = background + 5 * Self.minute + 1
    #expect(try sent(transport) == [
      Sent("session_start", session: start, time: start),
      Sent("A", session: start, time: start),
      Sent("B", session: start, time: start + 20 * Self.minute),
      Sent("C", session: start, time: background),
      Sent("session_end", session: start, time: background),  // its last activity: going to the background
      Sent("session_start", session: next, time: next),
      Sent("D", session: next, time: next),
    ])
  }

  /// Where the system suspends apps, the queue lets go of its storage once flushed on the way to the
  /// background (a file lock held while suspended gets an app killed): an event tracked then is kept in
  /// the inbox, and all of them go out, in order, once the app is back.
  @Test func eventsTrackedAfterTheQueueLetGoOfItsStorageAreSentOnTheReturn() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    let lifecycle = ApplicationLifecycle(
      storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now }, relinquishesStorageInBackground: true)
    var configuration = configuration(transport, clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    lifecycle.launched()
    amplitudeTracker("A")
    await lifecycle.enteredBackground()  // flushed, then let go
    amplitudeTracker("B")  // a late event in the background
    lifecycle.enteredForeground()  // taken back
    amplitudeTracker("C")
    await Current.flush()
    let counters = Current.counters()
    await Current.close(nil)

    #expect(try sent(transport).map(\.type) == ["session_start", "A", "B", "C"])
    #expect(counters.delivery.pendingEvents == 0)
  }

  @Test func aSessionThatEndedInTheBackgroundRestartsAtTheReturnNotAtTheNextEvent() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = configuration(transport, clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    lifecycle.launched()
    amplitudeTracker("A")
    await lifecycle.enteredBackground()
    clock.advance(milliseconds: 6 * Self.minute)
    lifecycle.enteredForeground()  // Amplitude-Swift starts the new session here
    let back = start + 6 * Self.minute
    clock.advance(milliseconds: 10_000)
    amplitudeTracker("B")
    await Current.flush()
    await Current.close(nil)

    #expect(try sent(transport) == [
      Sent("session_start", session: start, time: start),
      Sent("A", session: start, time: start),
      Sent("session_end", session: start, time: start),
      Sent("session_start", session: back, time: back),
      Sent("B", session: back, time: back + 10_000),
    ])
  }

  @Test func signInSignOutAndResetKeepTheSession() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    let consent = ConsentStore(ConsentState(status: .granted))
    var configuration = configuration(transport, clock: clock)
    configuration.privacy = consent.registry
    Current = try .live(configuration)
    amplitudeTracker("A")
    clock.advance(milliseconds: 1_000)
    amplitudeTracker(.userId("user-42"))  // sign-in
    amplitudeTracker("B")
    clock.advance(milliseconds: 1_000)
    await Current.flush()  // a privacy reset also deletes what is pending
    consent.registry.reset()  // a new device id
    amplitudeTracker("C")
    clock.advance(milliseconds: 1_000)
    amplitudeTracker(.userId(nil))  // a sign-out while signed out: nothing changes
    amplitudeTracker(.reset)  // Amplitude-Swift's reset(): another new device id
    amplitudeTracker("D")
    await Current.flush()
    await Current.close(nil)

    #expect(try sent(transport) == [
      Sent("session_start", session: start, time: start),
      Sent("A", session: start, time: start),
      Sent("B", session: start, time: start + 1_000),
      Sent("C", session: start, time: start + 2_000),
      Sent("D", session: start, time: start + 3_000),
    ])
    let events = try sentEvents(transport)
    let devices = events.map { $0["device_id"]?.stringValue }
    #expect(devices[0] != nil && devices[0] == devices[1] && devices[1] == devices[2])
    #expect(devices[3] != nil && devices[3] != devices[2])
    #expect(devices[4] != nil && devices[4] != devices[3] && devices[4] != devices[2])
    #expect(events.map { $0["user_id"] } == [nil, nil, "user-42", nil, nil])
  }

  @Test func withoutSessionEventsOnlyTheSessionIdTellsTheSession() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let clock = TestClock(start)
    var configuration = configuration(transport, clock: clock)
    configuration.sendsSessionEvents = false
    Current = try .live(configuration)
    amplitudeTracker("A")
    clock.advance(milliseconds: 6 * Self.minute)
    amplitudeTracker("B")
    await Current.flush()
    await Current.close(nil)

    let next = start + 6 * Self.minute
    #expect(try sent(transport) == [
      Sent("A", session: start, time: start),
      Sent("B", session: next, time: next),
    ])
  }

  @Test func aRelaunchWithinTheTimeoutContinuesTheSession() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.ingested)
    let storage = temporaryDirectory()
    let clock = TestClock(start)
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    amplitudeTracker("A")
    clock.advance(milliseconds: 2 * Self.minute)
    amplitudeTracker("B")  // saved at close, not on this event: the save interval is a minute
    await Current.flush()
    await Current.close(nil)

    clock.advance(milliseconds: 4 * Self.minute)  // relaunched within 5 minutes of the last event
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    amplitudeTracker("C")
    await Current.flush()
    await Current.close(nil)

    clock.advance(milliseconds: 5 * Self.minute + 1)  // relaunched later than that
    Current = try .live(configuration(transport, storage: storage, clock: clock))
    amplitudeTracker("D")
    await Current.flush()
    await Current.close(nil)

    let relaunch = start + 6 * Self.minute
    let next = relaunch + 5 * Self.minute + 1
    #expect(try sent(transport) == [
      Sent("session_start", session: start, time: start),
      Sent("A", session: start, time: start),
      Sent("B", session: start, time: start + 2 * Self.minute),
      Sent("C", session: start, time: relaunch),
      Sent("session_end", session: start, time: relaunch),
      Sent("session_start", session: next, time: next),
      Sent("D", session: next, time: next),
    ])
    // One device across the launches.
    #expect(Set(try sentEvents(transport).compactMap { $0["device_id"]?.stringValue }).count == 1)
  }
}
