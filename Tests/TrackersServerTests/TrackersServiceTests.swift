import Foundation
import MixpanelTracker
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersServer

/// `TrackersService` over two vendor modules' live environments, as a server's own tests would drive it: a
/// scripted transport, and each queue on virtual time, so a drain's retries and its deadline take no wall
/// time. `run()` returns once cancelled and drained, and the summary says what was left where.
@Suite struct TrackersServiceTests {
  @Test func cancellingRunDrainsEveryModuleAndSaysWhatEachDelivered() async throws {
    let storage = try TemporaryStorage()
    let transport = ScriptedTransport()
    let mixpanel = try MixpanelEnvironment.live(mixpanelConfiguration(storage, transport))
    let postHog = try PostHogEnvironment.live(postHogConfiguration(storage, transport))
    for name in ["A", "B", "C"] { mixpanel.send(mixpanelEvent(for: .event(name: name))) }
    for name in ["D", "E"] { postHog.send(postHogEvent(for: .event(name: name))) }

    let heard = LockIsolated<[ShutdownSummary]>([])
    let service = TrackersService(
      .vendor(mixpanel), .vendor(postHog), shutdownTimeout: .seconds(600),
      onShutdown: { summary in heard.withLock { $0.append(summary) } })
    #expect(service.summary == nil)
    let running = Task { try await service.run() }
    running.cancel()
    try await running.value

    let summary = try #require(service.summary)
    #expect(heard.withLock { $0 } == [summary])
    #expect(summary.destinations.map(\.name) == ["MixpanelTracker", "PostHogTracker"])
    #expect(summary.destinations.map(\.delivered) == [3, 2])
    #expect(summary.keptOnDisk == 0 && summary.dropped == 0 && summary.isComplete)
    #expect(
      summary.description
        == "summary MixpanelTracker: delivered=3 keptOnDisk=0 dropped=0; PostHogTracker: delivered=2 keptOnDisk=0 dropped=0")
    #expect(transport.requests.map(\.path).sorted() == ["/batch/", "/import"])
  }

  /// A destination that keeps failing: the drain retries on the queue's clock until the deadline, and what
  /// it could not send stays on disk for the next start, counted as kept, not dropped.
  @Test func theDeadlineEndsADrainAndWhatIsLeftStaysOnDisk() async throws {
    let storage = try TemporaryStorage()
    let clock = VirtualQueueClock(seed: 1)
    let failing = ScriptedTransport(answering: .status(503))
    let mixpanel = try MixpanelEnvironment.live(mixpanelConfiguration(storage, failing, clock: clock))
    mixpanel.send(mixpanelEvent(for: "A"))
    mixpanel.send(mixpanelEvent(for: "B"))

    let summary = await TrackersService(.vendor(mixpanel), shutdownTimeout: .seconds(30)).shutdown()
    #expect(summary.destinations.map(\.delivered) == [0])
    #expect(summary.destinations.map(\.keptOnDisk) == [2])
    #expect(summary.keptOnDisk == 2 && summary.dropped == 0 && !summary.isComplete)
    #expect(summary.description == "summary MixpanelTracker: delivered=0 keptOnDisk=2 dropped=0")
    #expect(failing.requests.count > 1, "the drain retried before its deadline")
    // The backoffs ran on the queue's clock, within the deadline (the last retry that fits before it).
    #expect(clock.elapsed > .seconds(1) && clock.elapsed <= .seconds(30))

    // The next start on the directory sends them.
    let next = ScriptedTransport()
    let reopened = try MixpanelEnvironment.live(mixpanelConfiguration(storage, next))
    #expect(await reopened.deliverPending().delivery.delivered == 2)
    #expect(next.requests.count == 1)
    await reopened.close(nil)
  }

  /// A memory queue has nowhere to keep what a shutdown can't send: the summary counts it as dropped
  /// (`closedInMemory`), never as kept.
  @Test func whatAMemoryQueueCannotSendByTheDeadlineIsDroppedNotKept() async throws {
    let storage = try TemporaryStorage()
    let failing = ScriptedTransport(answering: .status(503))
    var configuration = postHogConfiguration(storage, failing)
    configuration.deployment = .server
    configuration.delivery = { $0.storage = .memory(maxEvents: 100, maxBytes: 1 << 20) }
    let postHog = try PostHogEnvironment.live(configuration)
    for name in ["A", "B", "C", "D"] { postHog.send(postHogEvent(for: .event(name: name))) }

    let summary = await TrackersService(.vendor(postHog), shutdownTimeout: .seconds(1)).shutdown()
    #expect(summary.destinations.map(\.dropped) == [[.closedInMemory: 4]])
    #expect(summary.keptOnDisk == 0 && summary.dropped == 4 && !summary.isComplete)
    #expect(summary.description == "summary PostHogTracker: delivered=0 keptOnDisk=0 dropped=4 [closedInMemory=4]")
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

  // MARK: - Two vendors, each on its own virtual clock, sending only when the drain asks

  private func mixpanelConfiguration(
    _ storage: TemporaryStorage, _ transport: ScriptedTransport, clock: VirtualQueueClock = VirtualQueueClock()
  ) -> MixpanelConfiguration {
    var configuration = MixpanelConfiguration(
      projectToken: "tok123", region: .custom(URL(string: "https://mixpanel.invalid")!),
      storageDirectory: storage.directory("Mixpanel"))
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.queueClock = clock
    configuration.context = .fixture
    return configuration
  }

  private func postHogConfiguration(_ storage: TemporaryStorage, _ transport: ScriptedTransport) -> PostHogConfiguration {
    var configuration = PostHogConfiguration(
      apiKey: "phc_test", host: .selfHosted(URL(string: "https://posthog.invalid")!),
      storageDirectory: storage.directory("PostHog"))
    configuration.transport = transport
    configuration.flushInterval = .seconds(3600)
    configuration.queueClock = VirtualQueueClock()
    configuration.context = .fixture
    return configuration
  }
}
