import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// `sessionID` on the wire, with a clock the test moves: a version 7 UUID of the session's start, the same
/// within 5 minutes of inactivity, new after more than 5 minutes (the SDK's rule for the background), new
/// with a new anonymous id (reset, sign-out), kept on a sign-in.
@Suite(.isolatedEnvironments)
struct SessionTests {
  let storage: TemporaryStorage
  let transport = ScriptedTransport()
  let clock = TestClock(start)

  init() throws {
    storage = try TemporaryStorage("TelemetryDeckSessions")
  }

  /// Each signal received, in order, as its type and `sessionID`.
  private func sent() throws -> [(type: String, session: String)] {
    try sentSignals(transport).map { ($0["type"]?.stringValue ?? "?", $0["sessionID"]?.stringValue ?? "none") }
  }

  @Test func theSameIdWithinFiveMinutesAndANewOneAfter() async throws {
    Current = try .live(liveConfiguration(storage: storage, transport: transport, clock: clock))
    telemetryDeckTracker("a")
    clock.advance(milliseconds: 4 * minute)
    telemetryDeckTracker("b")
    clock.advance(milliseconds: 5 * minute)  // exactly 5 minutes idle: still the same session
    telemetryDeckTracker("c")
    clock.advance(milliseconds: 5 * minute + 1)  // one millisecond more: a new session
    telemetryDeckTracker("d")
    telemetryDeckTracker("e")
    await Current.deliverPending()
    await Current.close(nil)

    let signals = try sent()
    try #require(signals.map(\.type) == ["a", "b", "c", "d", "e"])
    #expect(Set(signals.prefix(3).map(\.session)).count == 1)
    #expect(signals[3].session != signals[0].session && signals[4].session == signals[3].session)
    #expect(signals.map { version7Milliseconds($0.session) }
      == [start, start, start, start + 14 * minute + 1, start + 14 * minute + 1])
    #expect(signals[0].session == signals[0].session.lowercased() && signals[0].session.count == 36)
  }

  @Test func aResetOrAnotherUserStartsANewSessionButASignInDoesNot() async throws {
    let consent = ConsentStore(ConsentState(status: .granted))
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.privacy = consent.registry
    Current = try .live(configuration)
    telemetryDeckTracker("a")
    clock.advance(milliseconds: 1_000)
    telemetryDeckTracker(.userId("user-42"))  // sign-in: same session
    telemetryDeckTracker("b")
    clock.advance(milliseconds: 1_000)
    telemetryDeckTracker(.userId("user-43"))  // another user: a new anonymous id, a new session
    telemetryDeckTracker("c")
    clock.advance(milliseconds: 1_000)
    telemetryDeckTracker(.userId(nil))  // sign-out: the anonymous id stays
    telemetryDeckTracker(.reset)  // a new anonymous id, a new session
    telemetryDeckTracker("d")
    clock.advance(milliseconds: 1_000)
    await Current.deliverPending()  // a privacy reset also deletes what is pending
    consent.registry.reset()  // a new anonymous id
    telemetryDeckTracker("e")
    await Current.deliverPending()
    await Current.close(nil)

    let signals = try sent()
    try #require(signals.map(\.type) == ["a", "b", "c", "d", "e"])
    #expect(signals[1].session == signals[0].session)
    #expect(Set(signals.map(\.session)).count == 4)
    #expect(signals.map { version7Milliseconds($0.session) }
      == [start, start, start + 2_000, start + 3_000, start + 4_000])
  }

  /// With the app's lifecycle, the foreground keeps the session however long, and more than 5 minutes in
  /// the background ends it, as the SDK's `willEnterForeground` decides.
  @Test func theForegroundKeepsTheSessionAndMoreThanFiveMinutesInTheBackgroundEndsIt() async throws {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    lifecycle.launched()
    telemetryDeckTracker("a")
    clock.advance(milliseconds: 20 * minute)  // in the foreground: no timeout
    telemetryDeckTracker("b")
    await lifecycle.enteredBackground()
    clock.advance(milliseconds: 5 * minute)  // exactly 5 minutes away: the same session
    lifecycle.enteredForeground()
    telemetryDeckTracker("c")
    await lifecycle.enteredBackground()
    clock.advance(milliseconds: 5 * minute + 1)  // more than 5 minutes away: a new one, from the return
    lifecycle.enteredForeground()
    clock.advance(milliseconds: 10_000)
    telemetryDeckTracker("d")
    await Current.deliverPending()
    await Current.close(nil)

    // `TelemetryDeck.Session.started` at launch and at the return that began a session, not at the
    // return within 5 minutes.
    let started = TelemetryDeckLimits.sessionStartedSignal
    let signals = try sent()
    try #require(signals.map(\.type) == [started, "a", "b", "c", started, "d"])
    #expect(Set(signals.prefix(4).map(\.session)).count == 1)
    #expect(signals[4].session != signals[0].session && signals[5].session == signals[4].session)
    #expect(version7Milliseconds(signals[4].session) == start + 30 * minute + 1)
  }

  /// `TelemetryDeck.Session.started` is a signal as the SDK sends it: no payload of its own beyond the
  /// default parameters, the new session's id, the identity of that moment, the foreground's time; and
  /// none when the configuration turns it off, or without a lifecycle.
  @Test func aSessionThatBeginsWithTheForegroundSendsSessionStarted() async throws {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.lifecycle = lifecycle
    Current = try .live(configuration)
    lifecycle.launched()
    telemetryDeckTracker("a")
    await Current.deliverPending()
    await Current.close(nil)

    let signals = try sentSignals(transport)
    try #require(signals.count == 2)
    let (started, event) = (signals[0], signals[1])
    #expect(started["type"]?.stringValue == TelemetryDeckLimits.sessionStartedSignal)
    #expect(started["sessionID"] == event["sessionID"])
    #expect(started["clientUser"] == event["clientUser"])
    #expect(started["payload"] == event["payload"])  // the default parameters only, as the event here
    #expect(version7Milliseconds(started["sessionID"]?.stringValue) == start)
    #expect(Current.counters().queued == 1)  // the module's own signal is no app event
  }

  @Test func noSessionStartedWhenTurnedOff() async throws {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142", now: { clock.now })
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.lifecycle = lifecycle
    configuration.sendsSessionStartedSignal = false
    Current = try .live(configuration)
    lifecycle.launched()
    telemetryDeckTracker("a")
    await Current.deliverPending()
    await Current.close(nil)
    #expect(try sent().map(\.type) == ["a"])
  }

  /// The session is saved with the identity, so a relaunch within 5 minutes continues it.
  @Test func aRelaunchWithinFiveMinutesContinuesTheSession() async throws {
    var environment = try TelemetryDeckEnvironment.live(liveConfiguration(storage: storage, transport: transport, clock: clock))
    environment.send(.signal(type: "before", payload: [:], floatValue: nil))
    await environment.deliverPending()
    await environment.close(nil)
    clock.advance(milliseconds: 2 * minute)
    environment = try TelemetryDeckEnvironment.live(liveConfiguration(storage: storage, transport: transport, clock: clock))
    environment.send(.signal(type: "after", payload: [:], floatValue: nil))
    clock.advance(milliseconds: 5 * minute + 1)
    environment.send(.signal(type: "later", payload: [:], floatValue: nil))
    await environment.deliverPending()
    await environment.close(nil)

    let signals = try sent()
    try #require(signals.map(\.type) == ["before", "after", "later"])
    #expect(signals[1].session == signals[0].session)
    #expect(signals[2].session != signals[1].session)
  }

  /// Rules without UUIDs send the session's numeric id, its start in the rules' unit.
  @Test func rulesWithoutUUIDsSendTheNumericId() async throws {
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock)
    configuration.session.makesUUID = false
    Current = try .live(configuration)
    telemetryDeckTracker("a")
    await Current.deliverPending()
    await Current.close(nil)
    #expect(try sent().map(\.session) == [String(start)])
  }
}
