import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// ``VendorDelivery/onHeartbeat(every:_:)``: a vendor that sends a heartbeat while the app is in the
/// foreground (Countly's `session_duration` every 60 seconds), on the queue's virtual clock, so each beat's
/// moment is exact.
@Suite struct HeartbeatTests {
  let storage = makeTemporaryDirectory()
  let transport = ScriptedTransport()
  let clock = TestClock(1_793_817_970_000)
  let queueClock = VirtualQueueClock()

  private struct BeatEvent: VendorEvent {
    var name: String
    var description: String { name }
    static let vendorModule = VendorModule(name: "BeatTracker", vendor: "Beat", configuration: "BeatTracker.Current = .live()")
  }

  /// What the handler saw at each beat: the virtual time, the module's date, and whether a subject was bound.
  private struct Beat: Sendable, Hashable {
    var elapsed: Duration
    var date: Date
    var subject: EventSubject?
  }

  /// A live environment with a heartbeat every 60 seconds, each beat queueing one record `{"beat": n}`;
  /// `beats` keeps what the handler saw.
  private func makeEnvironment(
    lifecycle: ApplicationLifecycle, beats: ModuleState<[Beat]>, privacy: PrivacyRegistry? = nil,
    deployment: DeliveryOptions.Deployment = .app, interval: Duration = .seconds(60), onVirtualTime: Bool = true
  ) throws -> VendorEnvironment<BeatEvent> {
    var options = DeliveryOptions(storageDirectory: storage, maxEventsPerRequest: 100, privacy: privacy)
    options.transport = transport
    options.lifecycle = lifecycle
    options.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    options.deployment = deployment
    if onVirtualTime { options.queueClock = queueClock }
    options.flushInterval = .seconds(3_600)  // only flush() and the background send
    options.now = { [clock] in clock.now }
    options.onReport = { _ in }
    let queueClock = queueClock
    return try VendorEnvironment<BeatEvent>.live(
      options: options, destination: TestDestination(url: URL(string: "https://example.com/batch")!, flushInterval: .seconds(3_600)),
      derive: { _, _ in () }
    ) { delivery in
      delivery.onHeartbeat(every: interval) { date in
        let count = beats.withLock { beats in
          beats.append(Beat(elapsed: queueClock.elapsed, date: date, subject: EventSubject.current))
          return beats.count
        }
        return [VendorRecord(payload: Array(#"{"beat":\#(count)}"#.utf8), id: RecordID())]
      }
      return { event in delivery.fate(queueing: VendorRecord(payload: Array(#""\#(event.name)""#.utf8), id: RecordID())) }
    }
  }

  private func makeLifecycle() -> ApplicationLifecycle {
    let clock = clock
    return ApplicationLifecycle(
      storageDirectory: nil, appVersion: nil, appBuild: nil,
      now: { clock.now }, relinquishesStorageInBackground: false)
  }

  @Test func threeBeatsInOneHundredAndEightySecondsOfForegroundAndDeliverPendingMovesTheClockNoFurther() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats)
    lifecycle.launched()
    queueClock.advance(by: .seconds(59))
    #expect(beats.current.isEmpty)  // the first beat is one interval after the foreground
    queueClock.advance(by: .seconds(121))
    #expect(beats.current.map(\.elapsed) == [.seconds(60), .seconds(120), .seconds(180)])
    #expect(beats.current.allSatisfy { $0.date == clock.now })  // the module's clock, not the queue's

    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 3)
    #expect(counters.events == 0)  // the module's own records are no app events
    #expect(transport.requests.map(\.bodyText).joined().components(separatedBy: #""beat":"#).count == 4)
    // A heartbeat is no pending work: the queue was empty, so the clock stayed where the test left it.
    #expect(queueClock.elapsed == .seconds(180))
    #expect(beats.current.count == 3)
    await environment.close(nil)
  }

  @Test func noBeatInTheBackgroundAndTheFirstComesOneIntervalAfterTheReturn() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats)
    lifecycle.launched()
    queueClock.advance(by: .seconds(90))  // one beat, at 60
    await lifecycle.enteredBackground(timeout: .seconds(600))
    queueClock.advance(by: .seconds(600))
    #expect(beats.current.map(\.elapsed) == [.seconds(60)])
    lifecycle.enteredForeground()  // at 690
    queueClock.advance(by: .seconds(59))
    #expect(beats.current.count == 1)
    queueClock.advance(by: .seconds(1))
    #expect(beats.current.map(\.elapsed) == [.seconds(60), .seconds(750)])
    await environment.close(nil)
  }

  @Test func noBeatAfterClose() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats)
    lifecycle.launched()
    queueClock.advance(by: .seconds(60))
    await environment.close(nil)
    queueClock.advance(by: .seconds(600))
    lifecycle.enteredForeground()
    await lifecycle.enteredBackground(timeout: .seconds(1))
    lifecycle.enteredForeground()
    queueClock.advance(by: .seconds(600))
    #expect(beats.current.map(\.elapsed) == [.seconds(60)])
  }

  @Test func aBeatIsNeverUnderASubject() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats)
    lifecycle.launched()
    // A server's request handler that moves the clock: the beat is the device's, not the request's user's.
    withEventSubject(EventSubject(userId: "user-of-a-request")) {
      queueClock.advance(by: .seconds(60))
    }
    #expect(beats.current.count == 1)
    #expect(beats.current.allSatisfy { $0.subject == nil })
    await environment.close(nil)
  }

  @Test func underDeniedConsentTheHandlerRunsButNothingIsQueued() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let consent = ConsentStore(ConsentState(status: .denied))
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats, privacy: consent.registry)
    lifecycle.launched()
    queueClock.advance(by: .seconds(180))
    #expect(beats.current.count == 3)
    let counters = await environment.deliverPending()
    #expect(counters.delivery.enqueued == 0 && counters.delivery.pendingEvents == 0)
    #expect(transport.requests.isEmpty)
    await environment.close(nil)
  }

  @Test func aServerHasNoHeartbeat() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats, deployment: .server)
    lifecycle.launched()
    queueClock.advance(by: .seconds(180))
    #expect(beats.current.isEmpty)
    await environment.close(nil)
  }

  /// With an event retried after a backoff, `deliverPending()` moves the clock through the backoff, and a
  /// beat that falls in it comes, as it would on the device; it does not wait for the next one.
  @Test func deliverPendingMovesThroughABackoffButNotToTheNextBeat() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats)
    lifecycle.launched()
    transport.script(.status(429, headers: ["Retry-After": "90"]))
    environment.send(BeatEvent(name: "first"))
    let counters = await environment.deliverPending()
    #expect(queueClock.elapsed == .seconds(90))
    #expect(beats.current.map(\.elapsed) == [.seconds(60)])
    #expect(counters.delivery.delivered == 2)  // the event and the beat that came while it waited
    #expect(counters.delivery.pendingEvents == 0)
    await environment.close(nil)
  }

  /// On the device's clock, a task sleeps to each beat; the test waits for the first (bounded, never
  /// deciding by a sleep), then the background stops it.
  @Test func onTheDevicesClockABeatComesAfterItsInterval() async throws {
    defer { removeDirectory(storage) }
    let lifecycle = makeLifecycle()
    let beats = ModuleState<[Beat]>([])
    let environment = try makeEnvironment(lifecycle: lifecycle, beats: beats, interval: .seconds(1), onVirtualTime: false)
    let began = ContinuousClock.now  // before the timer starts: its first beat is at least a second after
    lifecycle.launched()
    while beats.current.isEmpty, ContinuousClock.now - began < .seconds(60) {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!beats.current.isEmpty)
    #expect(ContinuousClock.now - began >= .seconds(1))  // not before its interval
    await lifecycle.enteredBackground(timeout: .seconds(60))
    #expect(await environment.deliverPending().delivery.pendingEvents == 0)
    await environment.close(nil)
  }
}
