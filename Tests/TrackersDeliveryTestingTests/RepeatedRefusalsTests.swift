import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// A queue that refuses events (full, with `.refuseNew`) says so once, then how many more: one line, not
/// one per event, and every event is still counted.
@Suite struct RepeatedRefusalsTests {
  @Test func aRunOfRefusalsIsReportedOnceThenAsOneCount() async throws {
    let module = ToyVendor.module(faults: [])
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    let environment = try module.live { options in
      options.storageDirectory = storage.url
      options.transport = transport
      options.flushInterval = .seconds(3_600)
      options.delivery = {
        $0.maxPendingBytes = 600  // a few events fit; the rest are refused
        $0.overflowPolicy = .refuseNew
        $0.repeatedReportInterval = .seconds(3_600)
      }
    }
    let issues = await collectingIssues {
      for sequence in 0..<100 { environment.send(module.event(sequence)) }
      await environment.close(nil)
    }
    let counters = environment.counters()
    let refused = counters.notEnqueued
    #expect(refused > 90 && counters.delivery.enqueued + refused == 100)
    #expect(issues.count == 2, "\(issues)")
    #expect(issues.first?.hasPrefix("Toy: event not queued: Delivery queue is full") == true)
    #expect(issues.last?.hasPrefix("Toy: \(refused - 1) more events not queued (queue full) since ") == true)
    #expect(issues.last?.hasSuffix("UTC, each counted in notEnqueued") == true)
  }
}
