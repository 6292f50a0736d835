import Foundation
import Trackers
import Testing
@testable import TrackersDelivery
import TrackersDeliveryTesting
import VendorTestSupport

@Suite struct ConcurrencyTests {
  @Test func eightThreadsTimesTenThousandEventsAllDeliveredOnce() async throws {
    let transport = ScriptedTransport()
    let directory = makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let queue = try DeliveryQueue(
      destination: TestDestination(url: scriptedURL, maxEvents: 2000, maxBytes: 2 << 20, flushInterval: .milliseconds(50)),
      configuration: testConfiguration(directory), transport: transport)
    let failures = LockIsolated(0)
    try await offThePool {
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for i in 0..<10_000 {
          do { try queue.enqueue(payload(thread * 10_000 + i)) } catch { failures.withLock { $0 += 1 } }
        }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(queue.counters.enqueued == 80_000)
    await queue.flush()  // every answer is a 200: it returns with all of them delivered
    #expect(queue.counters.delivered == 80_000)
    let records = transport.records
    #expect(records.count == 80_000)
    #expect(Set(records.map(\.event.seq)) == Set(0..<80_000))
    #expect(Set(records.map(\.id)).count == 80_000)
    #expect(records.allSatisfy { $0.attempts == 0 })
    expectBalanced(queue.counters)
    await queue.close(timeout: .seconds(1))
  }
}
