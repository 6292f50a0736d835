import Foundation
import Testing
import Trackers
import TrackersDeliveryTesting

@testable import TrackersDelivery

/// What the module's log hears of a retried batch, on the queue's virtual clock: the retry's backoff passes
/// when the sender sleeps, without the test waiting for it.
@Suite struct RetriedEventsLogTests {
  /// Events given up after retries reach the module's log at `.error`; the retries before do not.
  @Test func eventsGivenUpAfterRetriesReachTheModulesLogAsErrors() async throws {
    let storage = makeTemporaryDirectory()
    defer { removeDirectory(storage) }
    let lines = LockIsolated<[(String, LogSink.Level)]>([])
    let module = VendorModule(
      name: "TestTracker", vendor: "Test", configuration: "TestTracker.Current = .live()",
      log: LogSink(leveled: { line, level in lines.withLock { $0.append((line, level)) } }))
    var options = DeliveryOptions(storageDirectory: storage, maxEventsPerRequest: 100)
    let transport = ScriptedTransport(answering: .status(503))
    options.transport = transport
    options.context = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    options.delivery = { $0.maxAttempts = 2 }  // the default backoff: on virtual time it takes no wall time
    options.queueClock = VirtualQueueClock(seed: 1)
    let delivery = try VendorDelivery(
      module: module, destination: TestDestination(url: URL(string: "https://example.com/batch")!), options: options,
      derive: { _, _ in () })
    for seq in 0..<3 { delivery.settle(delivery.fate(queueing: VendorRecord(payload: payload(seq), id: RecordID())), event: "seq \(seq)") }
    let clock = try #require(delivery.virtualTime?.clock)
    await delivery.queue.flush()  // the first 503: returns at the backoff
    #expect(transport.requests.count == 1)
    // Through the backoff on the queue's clock: the retry, its 503, and the records given up.
    let waited = await advance(delivery.queue, clock) { delivery.queue.counters.dropped(.maxAttempts) == 3 }
    #expect(waited > .zero)
    #expect(transport.requests.count == 2)
    await delivery.queue.close(timeout: .seconds(1), advancing: clock)

    let logged = lines.withLock { $0 }
    #expect(logged.count == 1, "\(logged)")
    #expect(logged.first?.1 == .error)
    #expect(logged.first?.0.hasPrefix("[swift-trackers] TestTracker: [Test] dropped 3 records (maxAttempts)") == true)
  }
}
