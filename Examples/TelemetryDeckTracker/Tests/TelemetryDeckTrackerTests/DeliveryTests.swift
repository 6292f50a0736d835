import Foundation
import TelemetryDeckTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

/// How the live environment acts on TelemetryDeck's answers, over a scripted transport.
@Suite(.isolatedEnvironments)
struct DeliveryTests {
  let storage: TemporaryStorage
  let transport = ScriptedTransport()
  let clock = TestClock(start)
  /// The queue's clock: retries wait the module's own backoff on it, taking no wall time.
  let queueClock = VirtualQueueClock(seed: 1, date: startDate)
  let reports = TrackerRecorder<TrackerReport>(exhaustivity: .nonExhaustive)

  init() throws {
    storage = try TemporaryStorage("TelemetryDeckDelivery")
  }

  private func live() throws -> TelemetryDeckEnvironment {
    var configuration = liveConfiguration(storage: storage, transport: transport, clock: clock, queueClock: queueClock)
    configuration.onReport = reports.tracker
    return try .live(configuration)
  }

  @Test func a413SplitsTheRequestAndEverySignalArrivesOnce() async throws {
    transport.script(.status(413))
    let environment = try live()
    for index in 0..<10 { environment.send(.signal(type: "s\(index)", payload: [:], floatValue: nil)) }
    let counters = await environment.deliverPending()
    await environment.close(nil)

    #expect(counters.delivery.delivered == 10)
    let requests = transport.requests
    try #require(requests.count >= 3)
    let types = try requests.map { try $0.json().arrayValue?.compactMap { $0["type"]?.stringValue } ?? [] }
    #expect(types[0].count == 10)
    #expect(types.dropFirst().allSatisfy { $0.count < 10 })
    #expect(types.dropFirst().flatMap { $0 }.sorted() == types[0].sorted())
  }

  @Test func aRefusedAppIDIsDroppedLoudlyAndNotRetried() async throws {
    transport.reply(.status(400, body: #"{"reason":"appID is not a valid app"}"#))
    let environment = try live()
    environment.send(.signal(type: "a", payload: [:], floatValue: nil))
    environment.send(.signal(type: "b", payload: [:], floatValue: nil))
    let counters = await environment.deliverPending()
    await environment.close(nil)

    #expect(transport.requests.count == 1)
    #expect(counters.delivery.dropped(.permanentFailure) == 2)
    #expect(reports.events.contains { report in
      "\(report)".contains(#"TelemetryDeck refused the signals: HTTP 400 {"reason":"appID is not a valid app"}. To fix this, check the app ID"#)
    })
  }

  /// Four failures, then the signal arrives: on the queue's virtual clock, after the module's own backoff
  /// (full jitter under 1, 2 and 8 seconds for the first, second and fourth failure, the `Retry-After: 0`
  /// of the third), which takes no wall time.
  @Test func networkErrorsAndServerErrorsAreRetried() async throws {
    transport.script(.dropConnection, .status(503), .status(429, headers: ["Retry-After": "0"]), .status(408))
    let environment = try live()
    environment.send(.signal(type: "a", payload: [:], floatValue: nil))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(transport.requests.count == 5)
    #expect(counters.delivery.delivered == 1 && counters.delivery.droppedTotal == 0)
    #expect(queueClock.elapsed > .zero && queueClock.elapsed <= .seconds(1 + 2 + 8), "\(queueClock.elapsed)")
  }

  /// A signal that can never fit a request is refused when it is queued, counted and reported to `onReport`.
  @Test func aSignalLargerThanARequestIsRefusedAtOnce() async throws {
    let environment = try live()
    let issues = collectingIssues {
      environment.send(.signal(type: "huge", payload: ["blob": String(repeating: "x", count: 1_000_000)], floatValue: nil))
    }
    environment.send(.signal(type: "small", payload: [:], floatValue: nil))
    let counters = await environment.deliverPending()
    await environment.close(nil)
    #expect(counters.notEnqueued == 1)
    #expect(counters.delivery.delivered == 1)
    // The configuration's handler receives the refusal, in place of the default issue.
    #expect(issues.isEmpty, "\(issues)")
    let refusals = reports.events.filter { report in
      guard case let .notEnqueued(reason, count) = report.kind else { return false }
      return reason == "payload too large" && count == 1 && report.message.hasPrefix("TelemetryDeck: event not queued")
    }
    #expect(refusals.count == 1, "\(reports.events)")
  }

  /// 100 signals with the fixture's context and a few properties stay far below our 1,000,000-byte limit.
  @Test func aFullRequestIsSmall() async throws {
    let environment = try live()
    for index in 0..<100 {
      environment.send(.signal(
        type: "Checkout.completed", payload: ["items": "\(index)", "plan": "pro", "coupon": "WELCOME10"], floatValue: 42.5))
    }
    await environment.deliverPending()
    await environment.close(nil)
    let request = try #require(transport.requests.first)
    #expect(transport.requests.count == 1)
    #expect(try request.json().arrayValue?.count == 100)
    #expect(request.body.count < 100_000)
  }
}
