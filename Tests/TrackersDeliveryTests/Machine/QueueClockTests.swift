import Foundation
import Testing
import Trackers
@testable import TrackersDelivery

/// Answers from a list (a response, or `nil` for a lost connection), then `fallback`; counts what it was
/// asked. No socket: the clock is the point here.
final class AnsweringTransport: HTTPTransport {
  private let state: LockIsolated<(answers: [HTTPResponse?], requests: [HTTPRequest])>
  private let fallback: HTTPResponse

  init(_ answers: HTTPResponse?..., fallback: HTTPResponse = HTTPResponse(statusCode: 200)) {
    state = LockIsolated((answers, []))
    self.fallback = fallback
  }

  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let answer = state.withLock { s -> HTTPResponse? in
      s.requests.append(request)
      return s.answers.isEmpty ? fallback : s.answers.removeFirst()
    }
    guard let answer else { throw URLError(.networkConnectionLost) }
    return answer
  }
}

/// A transport that never answers: each request is held until its task is cancelled.
final class HangingTransport: HTTPTransport {
  private let arrived = LockIsolated(0)

  var requests: Int { arrived.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    arrived.withLock { $0 += 1 }
    await Wakeup().wait(timeout: nil)  // returns only once cancelled
    throw CancellationError()
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
    try await expectRetryAfterHoldsTheBatchThirtySeconds("30", on: ManualQueueClock())
  }

  func queue(
    _ directory: URL, _ clock: ManualQueueClock, _ transport: AnsweringTransport, maxAttempts: Int = 5
  ) throws -> DeliveryQueue {
    try DeliveryQueue(
      destination: TestDestination(url: URL(string: "https://example.com/batch")!),
      configuration: testConfiguration(directory, maxAttempts: maxAttempts), transport: transport, onReport: nil,
      clock: clock, random: SeededQueueRandom(seed: 5))
  }

  /// maxAge on the queue's wall clock: a record older than it is dropped when read, never sent.
  @Test func aRecordPastMaxAgeIsDroppedWithoutARequest() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = AnsweringTransport()
    let queue = try queue(directory, clock, transport)
    _ = try queue.enqueue(payload(1))
    clock.advance(by: .seconds(7 * 24 * 3600 + 1))
    await queue.flush()
    #expect(transport.requests.isEmpty)
    #expect(queue.counters.dropped(.maxAge) == 1)
    #expect(queue.counters.pendingEvents == 0)
    expectBalanced(queue.counters)
    await queue.close()
  }

  /// Every answer a 503: the record is sent exactly maxAttempts times, then dropped and counted.
  @Test func aRecordIsDroppedAfterExactlyMaxAttempts() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = AnsweringTransport(fallback: HTTPResponse(statusCode: 503))
    let queue = try queue(directory, clock, transport, maxAttempts: 3)
    _ = try queue.enqueue(payload(1))
    await queue.flush()
    // The backoff's cap is 20 ms of the manual clock: each step ends one pause.
    for _ in 0..<10 where queue.counters.dropped(.maxAttempts) == 0 {
      clock.advance(by: .milliseconds(20))
      await queue.flush()
    }
    #expect(transport.requests.count == 3)
    #expect(queue.counters.dropped(.maxAttempts) == 1)
    #expect(queue.counters.retried == 2)
    expectBalanced(queue.counters)
    // The last failure's pause ends too: close() has nothing to wait for.
    clock.advance(by: .milliseconds(20))
    await queue.close()
  }

  /// Lost connections back off without counting attempts, and the record goes out once the network is back.
  @Test func networkErrorsBackOffAndRecover() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = AnsweringTransport(nil, nil)
    let queue = try queue(directory, clock, transport, maxAttempts: 2)
    _ = try queue.enqueue(payload(1))
    await queue.flush()
    for _ in 0..<10 where queue.counters.delivered == 0 {
      clock.advance(by: .milliseconds(20))
      await queue.flush()
    }
    #expect(transport.requests.count == 3)
    #expect(queue.counters.delivered == 1)
    #expect(queue.counters.droppedTotal == 0)
    // Not attempts: the third request still says none failed.
    #expect(String(decoding: transport.requests[2].body, as: UTF8.self).contains("\"attempts\":0"))
    await queue.close()
  }

  /// close(timeout:): a request still running at the deadline on the queue's clock is cancelled (the
  /// machine's `.cancelSending`), not before; its record stays pending for the next launch.
  @Test func closeCancelsTheRequestInFlightAtItsDeadline() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = HangingTransport()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: URL(string: "https://example.com/batch")!), configuration: testConfiguration(directory),
      transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
    _ = try queue.enqueue(payload(1))
    let closing = Task { await queue.close(timeout: .seconds(5)) }
    // The request is on its way and close's timer is the only wait on the clock.
    while transport.requests == 0 || clock.sleepers == 0 { await Task.yield() }
    clock.advance(by: .seconds(4))
    #expect(clock.sleepers == 1)
    clock.advance(by: .seconds(1))
    await closing.value
    #expect(transport.requests == 1)
    #expect(queue.counters.delivered == 0 && queue.counters.pendingEvents == 1)
  }
}
