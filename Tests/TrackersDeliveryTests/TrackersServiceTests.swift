import Foundation
import Testing
import Trackers
@testable import TrackersDelivery
import TrackersDeliveryTesting

/// `TrackersService`: `run()` returns once cancelled and drained, within its deadline, and says what was
/// left where.
@Suite struct TrackersServiceTests {
  @Test func cancellingRunDrainsEveryQueueAndReportsIt() async throws {
    let transport = ScriptedTransport()
    let first = makeTemporaryDirectory()
    let second = makeTemporaryDirectory()
    defer { removeDirectory(first); removeDirectory(second) }
    var one = TestDestination(url: scriptedURL)
    one.name = "One"
    var two = TestDestination(url: scriptedURL)
    two.name = "Two"
    let queues = [
      try DeliveryQueue(destination: one, configuration: testConfiguration(first), transport: transport),
      try DeliveryQueue(destination: two, configuration: testConfiguration(second), transport: transport),
    ]
    for seq in 0..<3 { try queues[0].enqueue(payload(seq)) }
    for seq in 3..<5 { try queues[1].enqueue(payload(seq)) }
    let heard = LockIsolated<[ShutdownSummary]>([])
    let service = TrackersService(
      .queue(queues[0]), .queue(queues[1]), shutdownTimeout: .seconds(600),
      onShutdown: { summary in heard.withLock { $0.append(summary) } })
    #expect(service.summary == nil)
    let running = Task { try await service.run() }
    running.cancel()
    try await running.value
    let summary = try #require(service.summary)
    #expect(heard.withLock { $0 } == [summary])
    #expect(summary.destinations.map(\.name) == ["One", "Two"])
    #expect(summary.destinations.map(\.delivered) == [3, 2])
    #expect(summary.keptOnDisk == 0 && summary.dropped == 0 && summary.isComplete)
    #expect(summary.description == "summary One: delivered=3 keptOnDisk=0 dropped=0; Two: delivered=2 keptOnDisk=0 dropped=0")
    #expect(transport.requests.flatMap(\.records).map(\.event.seq).sorted() == Array(0..<5))
    // Closed: later records are refused, and counted.
    #expect(throws: DeliveryError.closed) { try queues[0].enqueue(payload(9)) }
  }

  /// A server that never answers: the drain ends at the deadline on the queue's clock, the request in flight
  /// is cancelled, and its record stays on disk for the next start.
  @Test func theDeadlineEndsADrainTheServerNeverAnswers() async throws {
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let clock = ManualQueueClock()
    let transport = HangingTransport()
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory),
      transport: transport, onReport: nil, clock: clock, random: SeededQueueRandom(seed: 1))
    try queue.enqueue(payload(1))
    try queue.enqueue(payload(2))
    let service = TrackersService(.queue(queue), shutdownTimeout: .seconds(30))
    let running = Task { try await service.run() }
    running.cancel()
    // The drain's request is in flight and the close's watchdog waits on the clock: nothing returns
    // until the clock reaches the deadline.
    while transport.requests == 0 || clock.sleepers == 0 { await Task.yield() }
    clock.advance(by: .seconds(29))
    #expect(service.summary == nil)
    clock.advance(by: .seconds(1))
    try await running.value
    let summary = try #require(service.summary)
    #expect(summary.destinations.count == 1)
    #expect(summary.destinations[0].delivered == 0)
    #expect(summary.destinations[0].keptOnDisk == 2)
    #expect(summary.keptOnDisk == 2 && !summary.isComplete)
    #expect(summary.description == "summary Test: delivered=0 keptOnDisk=2 dropped=0")

    // The next start on the directory sends them (on the same clock: the manual one's date is in the past).
    let next = ScriptedTransport()
    let reopened = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL), configuration: testConfiguration(directory), transport: next,
      onReport: nil, clock: ManualQueueClock(instant: .seconds(60)), random: SeededQueueRandom(seed: 1))
    #expect(reopened.counters.recovered == 2)
    await reopened.flush()
    #expect(next.requests.flatMap(\.records).map(\.event.seq) == [1, 2])
    await reopened.close(timeout: .seconds(1))
  }

  @Test func aSummaryCountsWhatTheDrainDeliveredAndDroppedNotWhatCameBefore() {
    var before = DeliveryCounters()
    before.delivered = 10
    before.dropped = [.overflow: 4, .refused: 2]
    var after = before
    after.delivered = 15
    after.pendingEvents = 1
    after.dropped = [.overflow: 4, .refused: 5, .rejected: 2]
    let part = ShutdownSummary.Destination(name: "X", before: before, after: after)
    // Refused records never entered the queue: not the drain's to account for.
    #expect(part.delivered == 5 && part.keptOnDisk == 1 && part.dropped == [.rejected: 2])
    #expect(part.description == "X: delivered=5 keptOnDisk=1 dropped=2 [rejected=2]")
  }
}
