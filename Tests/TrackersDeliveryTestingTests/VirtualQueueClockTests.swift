import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting

/// A live environment on a `VirtualQueueClock`: `deliverPending()` and `close` move the queue's clock
/// through its backoffs, so a retry takes no wall time and its delay is exact.
@Suite struct VirtualQueueClockTests {
  struct Event: VendorEvent {
    var name: String
    var description: String { "virtual \(name)" }
    static let vendorModule = VendorModule(name: "VirtualTracker", vendor: "Virtual", configuration: "")
  }

  /// A live environment with the queue's default backoff (1 s, doubling to 300 s), no test tuning, and the
  /// destination's flush interval of an hour.
  static func live(
    _ clock: VirtualQueueClock, transport: ScriptedTransport, storage: TemporaryStorage
  ) throws -> VendorEnvironment<Event> {
    var options = DeliveryOptions(storageDirectory: storage.url, maxEventsPerRequest: 10)
    options.transport = transport
    options.queueClock = clock
    return try VendorEnvironment<Event>.live(
      options: options, destination: SecretHeaderDestination(header: "X-Virtual-Key", key: "virtual-key"),
      derive: { identity, _ in identity.anonymousId }
    ) { delivery in
      return { event in
        delivery.fate(queueing: VendorRecord(payload: Array(#"{"name":"\#(event.name)"}"#.utf8), id: RecordID()))
      }
    }
  }

  @Test func aRetryAfterOfFiveSecondsIsFiveSecondsOfVirtualTime() async throws {
    let clock = VirtualQueueClock()
    let transport = ScriptedTransport(answering: .status(200))
    transport.script(.status(429, headers: ["Retry-After": "5"]))
    let storage = try TemporaryStorage("virtual-retry-after")  // kept: its deinit removes the directory
    let environment = try Self.live(clock, transport: transport, storage: storage)
    environment.send(Event(name: "a"))
    let counters = await environment.deliverPending()
    #expect(counters.delivery.delivered == 1)
    #expect(transport.requests.count == 2)
    #expect(clock.elapsed == .seconds(5))
    await environment.close(nil)
    #expect(clock.elapsed == .seconds(5), "nothing was left to wait for")
    withExtendedLifetime(storage) {}
  }

  @Test func backoffsFollowTheSeedAndTheQueuesOwnRules() async throws {
    func elapsed(seed: UInt64, _ name: String) async throws -> Duration {
      let clock = VirtualQueueClock(seed: seed)
      let transport = ScriptedTransport(answering: .status(200))
      transport.script(.status(503), .status(500), .dropConnection)
      let storage = try TemporaryStorage(name)  // kept: its deinit removes the directory
      let environment = try Self.live(clock, transport: transport, storage: storage)
      environment.send(Event(name: "a"))
      let counters = await environment.deliverPending()
      await environment.close(nil)
      #expect(counters.delivery.delivered == 1 && transport.requests.count == 4)
      withExtendedLifetime(storage) {}
      return clock.elapsed
    }
    let first = try await elapsed(seed: 7, "virtual-seed-1")
    // Full jitter under 1 s, 2 s and 4 s: at most 7 s of virtual time, the same for the same seed.
    #expect(first > .zero && first <= .seconds(7))
    #expect(try await elapsed(seed: 7, "virtual-seed-2") == first)
  }

  @Test func closeDrainsThroughABackoffShorterThanItsTimeout() async throws {
    let clock = VirtualQueueClock()
    let transport = ScriptedTransport(answering: .status(200))
    transport.script(.status(429, headers: ["Retry-After": "2"]))
    let storage = try TemporaryStorage("virtual-close")  // kept: its deinit removes the directory
    let environment = try Self.live(clock, transport: transport, storage: storage)
    environment.send(Event(name: "a"))
    await environment.close(.seconds(10))
    #expect(environment.counters().delivery.delivered == 1)
    #expect(transport.requests.count == 2)
    #expect(clock.elapsed == .seconds(2))
    withExtendedLifetime(storage) {}
  }

  @Test func closeEndsBeforeABackoffLongerThanItsTimeout() async throws {
    let clock = VirtualQueueClock()
    let transport = ScriptedTransport(answering: .status(200))
    transport.script(.status(429, headers: ["Retry-After": "60"]))
    let storage = try TemporaryStorage("virtual-close-early")  // kept: its deinit removes the directory
    let environment = try Self.live(clock, transport: transport, storage: storage)
    environment.send(Event(name: "a"))
    #expect(environment.counters().delivery.pendingEvents == 1)
    await environment.close(.seconds(5))
    #expect(environment.counters().delivery.delivered == 0)
    #expect(transport.requests.count == 1, "the 60 s the server asked for are past the close's deadline")
    #expect(clock.elapsed <= .seconds(5))
    withExtendedLifetime(storage) {}
  }

  @Test func advancingPastTheFlushIntervalSends() async throws {
    let clock = VirtualQueueClock()
    let transport = ScriptedTransport(answering: .status(200))
    let storage = try TemporaryStorage("virtual-flush-interval")  // kept: its deinit removes the directory
    let environment = try Self.live(clock, transport: transport, storage: storage)
    environment.send(Event(name: "a"))
    clock.advance(by: .seconds(3_599))
    #expect(transport.requests.isEmpty)
    clock.advance(by: .seconds(1))
    // Real work on the sender's task: a wait for the request, not for a delay.
    #expect(await transport.waitForRequests(1).count == 1)
    await environment.close(nil)
    #expect(environment.counters().delivery.delivered == 1)
    withExtendedLifetime(storage) {}
  }
}
