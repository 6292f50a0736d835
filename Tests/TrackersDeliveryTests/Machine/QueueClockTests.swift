import Foundation
import Testing
import Trackers
@testable import TrackersDelivery

/// Answers from a list, then 200; counts what it was asked. No socket: the clock is the point here.
final class AnsweringTransport: HTTPTransport {
  private let state: LockIsolated<(answers: [HTTPResponse], requests: [HTTPRequest])>

  init(_ answers: HTTPResponse...) { state = LockIsolated((answers, [])) }

  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    state.withLock { s in
      s.requests.append(request)
      return s.answers.isEmpty ? HTTPResponse(statusCode: 200) : s.answers.removeFirst()
    }
  }
}

@Suite struct QueueClockTests {
  @Test func theManualClockWakesAWaitOnlyOnceItsDeadlineIsPassed() async {
    let clock = ManualQueueClock()
    let wakeup = Wakeup()
    let start = clock.now
    let waiter = Task { await clock.wait(on: wakeup, timeout: .seconds(5)) }
    while clock.sleepers == 0 { await Task.yield() }
    clock.advance(by: .seconds(4))
    #expect(clock.sleepers == 1)
    clock.advance(by: .seconds(1))
    await waiter.value
    #expect(clock.sleepers == 0)
    #expect(clock.now.instant - start.instant == .seconds(5))
    #expect(clock.now.date.timeIntervalSince(start.date) == 5)
  }

  @Test func theSeededSourceRepeatsItselfAndStaysInTheUnitInterval() {
    var a = SeededQueueRandom(seed: 42)
    var b = SeededQueueRandom(seed: 42)
    let first = (0..<100).map { _ in a.unit() }
    #expect(first == (0..<100).map { _ in b.unit() })
    #expect(first.allSatisfy { (0...1).contains($0) })
    #expect(Set(first).count == 100)
  }

  /// The sender on a manual clock: a Retry-After of 30 s holds the batch for exactly 30 s of the clock.
  @Test func aQueueOnTheManualClockResendsExactlyWhenRetryAfterIsUp() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = AnsweringTransport(HTTPResponse(statusCode: 503, headers: ["Retry-After": "30"]))
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "https://example.com/batch")!), configuration: testConfiguration(directory),
      transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
    _ = try queue.enqueue(payload(1))
    await queue.flush()
    #expect(transport.requests.count == 1)
    clock.advance(by: .seconds(29))
    await queue.flush()  // answered during the backoff, without sending
    #expect(transport.requests.count == 1)
    clock.advance(by: .seconds(1))
    await queue.flush()
    #expect(transport.requests.count == 2)
    #expect(queue.counters.delivered == 1)
    #expect(queue.counters.retried == 1)
    await queue.close()
  }
}
