import Foundation
import Trackers
import Testing
import TrackersDeliveryTesting
@testable import TrackersDelivery

/// A fresh directory under the system temporary directory, removed by `removeDirectory`.
func makeTemporaryDirectory(_ label: String = #function) -> URL {
  let name = "delivery-\(label.filter { $0.isLetter || $0.isNumber })-\(RecordID().uuidString.prefix(8))"
  return FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
}

func removeDirectory(_ url: URL) {
  try? FileManager.default.removeItem(at: url)
}

/// Configuration for tests: tiny backoff so retries take milliseconds.
func testConfiguration(
  _ directory: URL,
  maxPendingBytes: Int = 64 << 20,
  overflowPolicy: DeliveryConfiguration.OverflowPolicy = .dropOldest,
  maxAttempts: Int = 5,
  writeMode: SegmentWriteMode = .platformDefault
) -> DeliveryConfiguration {
  var configuration = DeliveryConfiguration(
    directory: directory,
    maxPendingBytes: maxPendingBytes,
    overflowPolicy: overflowPolicy,
    maxAttempts: maxAttempts,
    backoff: .init(base: .milliseconds(5), cap: .milliseconds(20)),
    closeTimeout: .seconds(2)
  )
  configuration.writeMode = writeMode
  return configuration
}

/// The environment variable that makes the crash-test child write with another ``SegmentWriteMode`` than
/// its platform's (its case name).
let writeModeVariable = "SWIFT_TRACKERS_WRITE_MODE"

/// Collects reports from a queue's callback.
final class ReportLog: Sendable {
  private let storage = LockIsolated<[DeliveryReport]>([])
  var handler: @Sendable (DeliveryReport) -> Void { { [storage] report in storage.withLock { $0.append(report) } } }
  var all: [DeliveryReport] { storage.withLock { $0 } }
  var descriptions: [String] { all.map(\.description) }
}

/// Where a `TestDestination` sends through a `ScriptedTransport`: no server behind it, but HTTPS, as the
/// queue requires of a remote host.
let scriptedURL = URL(string: "https://collector.test/batch")!

/// Polls `condition` every 5 ms until it holds or `timeout` has passed; returns whether it held.
///
/// Only for the end-to-end tests, whose collector can't tell us when it is done, and for a transport's
/// hook that waits for a call the test makes on another task; with a `ScriptedTransport` a test waits for
/// the requests it expects (`waitForRequests`) and `flush()`. The timeout counts the
/// time this loop ran (`WaitBudget`), not the time it queued for a thread behind the rest of the suite.
func eventually(timeout: Duration = .seconds(15), _ condition: () async throws -> Bool) async rethrows -> Bool {
  var budget = WaitBudget(timeout, tick: .milliseconds(5))
  repeat {
    if try await condition() { return true }
  } while await budget.sleep()
  return try await condition()
}

/// The bytes one record with `payload` and `partition` takes on disk.
func frameSize(_ payload: [UInt8], partition: String = "") -> Int {
  RecordFrame.encodedSize(payloadCount: payload.count, partitionCount: partition.utf8.count)
}

/// Checks the counters balance: every record is delivered, pending, or dropped.
func expectBalanced(_ counters: DeliveryCounters, sourceLocation: SourceLocation = #_sourceLocation) {
  let dropped = counters.droppedTotal - counters.dropped(.refused) - counters.dropped(.corrupt)
  #expect(
    counters.recovered + counters.enqueued + counters.adopted
      == counters.delivered + counters.pendingEvents + dropped + counters.handedOver,
    "unbalanced: \(counters)", sourceLocation: sourceLocation)
}

/// On the queue's virtual clock: until `condition` holds, moves `clock` to the queue's next wake-up each
/// time its sender sleeps (a backoff, a timer), at once; returns how far it moved in all. Stopped as soon as
/// `condition` holds, the clock is at the deadline that made it hold: a retry's exact delay. Polls for the
/// sender to fall asleep, never for time to pass.
func advance(_ queue: DeliveryQueue, _ clock: ManualQueueClock, until condition: () -> Bool) async -> Duration {
  let start = clock.now.instant
  while !condition() {
    if queue.advanceToWakeUp(on: clock) { continue }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return clock.now.instant - start
}

/// A 503 with `Retry-After: retryAfter` (30 seconds, as a number or as an HTTP date 30 s after `clock`'s
/// date) holds the batch exactly 30 s of the queue's clock: a flush at 29 s answers without sending, one at
/// 30 s sends it again, and it is delivered.
func expectRetryAfterHoldsTheBatchThirtySeconds(
  _ retryAfter: String, on clock: ManualQueueClock, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let directory = makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let transport = AnsweringTransport(HTTPResponse(statusCode: 503, headers: ["Retry-After": retryAfter]))
  let queue = try DeliveryQueue(
    destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory),
    transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
  _ = try queue.enqueue(payload(1))
  await queue.flush()
  #expect(transport.requests.count == 1, sourceLocation: sourceLocation)
  clock.advance(by: .seconds(29))
  await queue.flush()  // answered during the pause, without sending
  #expect(transport.requests.count == 1, sourceLocation: sourceLocation)
  clock.advance(by: .seconds(1))
  await queue.flush()
  #expect(transport.requests.count == 2, sourceLocation: sourceLocation)
  #expect(queue.counters.delivered == 1, sourceLocation: sourceLocation)
  #expect(queue.counters.retried == 1, sourceLocation: sourceLocation)
  await queue.close(timeout: nil, advancing: clock)
}
