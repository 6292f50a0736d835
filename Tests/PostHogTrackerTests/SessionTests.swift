import Foundation
import PostHogTracker
import Testing
import Trackers
import TrackersDeliveryTesting
import TrackersDelivery
import TrackersTesting
import VendorTestSupport

/// `$session_id` on the wire under posthog-ios's rules, with a clock the test moves: a version 7 UUID of the
/// session's start, new after 30 minutes without activity, after 24 hours however active, and with a new
/// anonymous id (reset, sign-out), but not on a sign-in.
@Suite(.isolatedEnvironments)
struct SessionTests {
  /// 2023-11-14T22:13:20.250Z, in milliseconds.
  let start = 1_700_000_000_250
  static let minute = 60_000

  private func configuration(_ transport: ScriptedTransport, clock: TestClock) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(
      apiKey: "phc_test_key_123", host: .selfHosted(LiveDeliveryTests.host), storageDirectory: temporaryDirectory())
    configuration.transport = transport
    configuration.now = { clock.now }
    configuration.context = .fixture
    configuration.flushInterval = .seconds(3_600)  // only flush() sends
    configuration.queueClock = VirtualQueueClock()  // retries on virtual time, with the vendor's own backoff
    return configuration
  }

  /// Each event received, in arrival order, as its name and `$session_id`.
  private func sent(_ transport: ScriptedTransport) throws -> [(event: String, session: String)] {
    try transport.requests.flatMap { try parseJSON($0.body)["batch"]?.arrayValue ?? [] }.map {
      ($0["event"]?.stringValue ?? "?", $0["properties"]?["$session_id"]?.stringValue ?? "none")
    }
  }

  /// The 48-bit Unix time in milliseconds of a version 7 UUID; `nil` for anything else (another version or
  /// variant, not a UUID).
  private func version7Milliseconds(_ id: String) -> Int? {
    guard let uuid = RecordID(uuidString: id), uuid.high >> 12 & 0xF == 7, uuid.low >> 62 == 0b10 else { return nil }
    return Int(uuid.high >> 16)
  }

  @Test func theSessionIdIsAVersion7UUIDOfTheSessionsStart() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(start)
    Current = try .live(configuration(transport, clock: clock))
    postHogTracker("first")
    clock.advance(milliseconds: 1_000)
    postHogTracker("second")
    await Current.flush()
    await Current.close(nil)

    let events = try sent(transport)
    try #require(events.count == 2)
    let id = events[0].session
    #expect(id.count == 36 && id == id.lowercased())
    #expect(Array(id)[14] == "7")  // the version nibble
    #expect("89ab".contains(Array(id)[19]))  // the RFC 9562 variant
    #expect(version7Milliseconds(id) == start)
    #expect(id.replacingOccurrences(of: "-", with: "").prefix(12) == String(start, radix: 16).leftPadded(to: 12))
    #expect(events[1].session == id)
  }

  @Test func theSameIdWithin30MinutesAndANewOneAfter() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(start)
    Current = try .live(configuration(transport, clock: clock))
    postHogTracker("a")
    clock.advance(milliseconds: 29 * Self.minute)
    postHogTracker("b")
    clock.advance(milliseconds: 30 * Self.minute)  // exactly 30 minutes idle: still the same session
    postHogTracker("c")
    clock.advance(milliseconds: 30 * Self.minute + 1)  // one millisecond more: a new session
    postHogTracker("d")
    postHogTracker("e")
    await Current.flush()
    await Current.close(nil)

    let events = try sent(transport)
    try #require(events.map(\.event) == ["a", "b", "c", "d", "e"])
    #expect(Set(events.prefix(3).map(\.session)).count == 1)
    #expect(events[3].session == events[4].session)
    #expect(version7Milliseconds(events[0].session) == start)
    #expect(version7Milliseconds(events[3].session) == start + 89 * Self.minute + 1)
  }

  @Test func aNewIdAfter24HoursEvenWhenActive() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(start)
    Current = try .live(configuration(transport, clock: clock))
    // An event every 20 minutes for 23 h 40 min: never idle for 30 minutes.
    for index in 0..<72 {
      postHogTracker(.event(name: "tick", properties: ["n": .int(index)]))
      clock.advance(milliseconds: 20 * Self.minute)
    }
    clock.advance(milliseconds: -1)  // 24 hours less a millisecond after the start
    postHogTracker("last of the day")
    clock.advance(milliseconds: 1)  // exactly 24 hours: posthog-ios ends a session only past its maximum
    postHogTracker("exactly a day")
    clock.advance(milliseconds: 1)  // 24 hours and a millisecond after the start
    postHogTracker("next day")
    await Current.flush()
    await Current.close(nil)

    let events = try sent(transport)
    try #require(events.count == 75)
    let first = events[0].session
    #expect(events.dropLast().allSatisfy { $0.session == first })
    #expect(version7Milliseconds(first) == start)
    #expect(events[74].event == "next day" && events[74].session != first)
    #expect(version7Milliseconds(events[74].session) == start + 24 * 60 * Self.minute + 1)
  }

  @Test func aResetStartsANewSessionButASignInOrASignOutDoesNot() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(start)
    let consent = ConsentStore(ConsentState(status: .granted))
    var configuration = configuration(transport, clock: clock)
    configuration.privacy = consent.registry
    Current = try .live(configuration)
    postHogTracker("a")
    clock.advance(milliseconds: 1_000)
    postHogTracker(.userId("user-42"))  // sign-in: `$identify`, same session
    postHogTracker("b")
    clock.advance(milliseconds: 1_000)
    postHogTracker(.userId(nil))  // sign-out: the anonymous id and the session stay
    postHogTracker("signed out")
    postHogTracker(.reset)  // posthog-ios's reset(): a new anonymous id
    postHogTracker("c")
    clock.advance(milliseconds: 1_000)
    await Current.flush()  // a privacy reset also deletes what is pending
    consent.registry.reset()  // a new anonymous id
    postHogTracker("d")
    await Current.flush()
    await Current.close(nil)

    let events = try sent(transport)
    try #require(events.map(\.event) == ["a", "$identify", "b", "signed out", "c", "d"])
    #expect(events[1].session == events[0].session && events[2].session == events[0].session)
    #expect(events[3].session == events[0].session)
    // Each new session's UUID holds the moment it started, so the three can't be equal.
    #expect(events.map { version7Milliseconds($0.session) } == [start, start, start, start, start + 2_000, start + 3_000])
  }

  @Test func aResetBeforeQuittingEndsTheSavedSessionOnRelaunch() async throws {
    let transport = ScriptedTransport(answering: LiveDeliveryTests.accepted)
    let clock = TestClock(start)
    let configuration = configuration(transport, clock: clock)
    Current = try .live(configuration)
    postHogTracker(.userId("user-42"))
    postHogTracker("before")
    await Current.close(nil)  // the session is saved, with whose it is

    clock.advance(milliseconds: Self.minute)
    Current = try .live(configuration)  // the same storage: a relaunch
    postHogTracker(.reset)  // a new anonymous id, and no event after it in this launch
    await Current.close(nil)

    clock.advance(milliseconds: Self.minute)  // still well within the timeout
    Current = try .live(configuration)
    postHogTracker("after")
    await Current.flush()
    await Current.close(nil)

    let events = try sent(transport)
    try #require(events.map(\.event) == ["$identify", "before", "after"])
    // The saved session still names its owner: the last relaunch sees the reset and starts a new one.
    #expect(events[2].session != events[1].session)
    #expect(version7Milliseconds(events[2].session) == start + 2 * Self.minute)
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
