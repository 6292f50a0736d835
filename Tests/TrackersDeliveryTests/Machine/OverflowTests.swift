import Foundation
import Testing
@testable import TrackersDelivery

/// The pending cap and the memory bounds, decided from numbers alone.
@Suite struct OverflowTests {
  @Test func aFrameThatFitsIsAppendedWhateverThePolicy() {
    for policy in [DeliveryConfiguration.OverflowPolicy.dropOldest, .refuseNew] {
      #expect(Overflow.admit(frameBytes: 10, pendingBytes: 90, cap: 100, policy: policy, writingForAnother: false) == .append)
    }
  }

  @Test func pastTheCapDropOldestMakesRoomAndRefuseNewRefuses() {
    #expect(Overflow.admit(frameBytes: 11, pendingBytes: 90, cap: 100, policy: .dropOldest, writingForAnother: false) == .dropOldest(toFit: 11))
    #expect(Overflow.admit(frameBytes: 11, pendingBytes: 90, cap: 100, policy: .refuseNew, writingForAnother: false) == .refuse)
    // Writing for another process's sender, whose hands may hold the oldest already: refused.
    #expect(Overflow.admit(frameBytes: 11, pendingBytes: 90, cap: 100, policy: .dropOldest, writingForAnother: true) == .refuse)
  }

  @Test func dropOldestCountsExactly() {
    var counters = DeliveryCounters()
    counters.enqueued = 100
    let report = Overflow.countDroppedOldest(7, cap: 100, destination: "Test", counters: &counters)
    #expect(counters.dropped(.overflow) == 7)
    #expect(counters.droppedTotal == 7)
    #expect(report?.description.contains("7") == true)
    #expect(Overflow.countDroppedOldest(0, cap: 100, destination: "Test", counters: &counters) == nil)
    #expect(counters.dropped(.overflow) == 7)
  }

  @Test func refuseNewCountsTheRefusalAndThrowsQueueFull() {
    var counters = DeliveryCounters()
    let id = RecordID()
    let (report, error) = Overflow.countRefused(id, pendingBytes: 95, cap: 100, destination: "Test", counters: &counters)
    #expect(counters.dropped(.refused) == 1)
    #expect(counters.enqueued == 0)
    #expect(report.description.contains(id.uuidString))
    guard case let .queueFull(pending, maximum) = error else {
      Issue.record("not queueFull: \(error)")
      return
    }
    #expect(pending == 95 && maximum == 100)
  }

  @Test func theMemoryWhileUnopenedKeepsAtLeastOneRecordAndNoMoreThanTheCap() {
    var configuration = DeliveryConfiguration(directory: URL(fileURLWithPath: "/tmp/unused"))
    configuration.unopenedMaxRecords = 0
    configuration.unopenedMaxBytes = 1 << 30
    configuration.maxPendingBytes = 1000
    let bounds = Overflow.unopenedBounds(frameBytes: 5000, configuration: configuration)
    #expect(bounds.records == 1)
    #expect(bounds.bytes == 5000)
    #expect(Overflow.unopenedBounds(frameBytes: 10, configuration: configuration).bytes == 1000)
  }

  @Test func pastTheMemoryBoundsTheOldestGoExactlyUntilTheNewOneFits() {
    let sizes = [40, 30, 20, 10]
    let bounds = (records: 10, bytes: 100)
    // 100 kept, 45 more: 40 and 30 go.
    #expect(Overflow.keepInMemory(frameBytes: 45, records: 4, bytes: 100, sizes: sizes, bounds: bounds, policy: .dropOldest) == 2)
    #expect(Overflow.keepInMemory(frameBytes: 45, records: 4, bytes: 100, sizes: sizes, bounds: bounds, policy: .refuseNew) == nil)
    #expect(Overflow.keepInMemory(frameBytes: 0, records: 4, bytes: 100, sizes: sizes, bounds: bounds, policy: .refuseNew) == 0)
    // By count: 4 kept of 4 allowed, one goes.
    #expect(Overflow.keepInMemory(frameBytes: 1, records: 4, bytes: 100, sizes: sizes, bounds: (4, 1000), policy: .dropOldest) == 1)
  }
}
