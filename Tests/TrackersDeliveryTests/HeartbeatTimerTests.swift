import Foundation
import Testing
import Trackers

@testable import TrackersDelivery

/// The heartbeat's timer on the device's clock (`ContinuousClock`): the background and `close` cancel the
/// task sleeping to the next beat, so it ends at once and never fires. The interval is an hour, so no beat
/// can come by chance; a task left running fails `#require` before the test awaits its end.
@Suite(.timeLimit(.minutes(1))) struct HeartbeatTimerTests {
  @Test func theBackgroundCancelsTheTaskSleepingToTheNextBeat() async throws {
    let fired = LockIsolated(0)
    let heartbeats = Heartbeats(clock: nil)
    heartbeats.add(interval: .seconds(3_600)) { fired.withLock { $0 += 1 } }
    #expect(heartbeats.liveTasks.isEmpty)  // not in the foreground yet

    heartbeats.enteredForeground()
    let sleeping = heartbeats.liveTasks
    #expect(sleeping.count == 1)
    heartbeats.enteredBackground()
    #expect(heartbeats.liveTasks.isEmpty)
    try #require(sleeping.allSatisfy { $0.isCancelled })  // else it would sleep for an hour
    for task in sleeping { await task.value }  // its sleep threw: it ended without waiting for the beat
    #expect(fired.withLock { $0 } == 0)

    heartbeats.enteredForeground()  // a new run, with a task of its own
    let again = heartbeats.liveTasks
    #expect(again.count == 1)
    heartbeats.close()
    try #require(again.allSatisfy { $0.isCancelled })
    for task in again { await task.value }
    heartbeats.enteredForeground()  // closed for good: nothing starts again
    #expect(heartbeats.liveTasks.isEmpty)
    #expect(fired.withLock { $0 } == 0)
  }

  @Test func aTimerAddedInTheForegroundStartsAtOnceAndTheBackgroundStopsIt() async throws {
    let heartbeats = Heartbeats(clock: nil)
    heartbeats.enteredForeground()
    heartbeats.add(interval: .seconds(3_600)) {}
    let sleeping = heartbeats.liveTasks
    #expect(sleeping.count == 1)
    heartbeats.enteredBackground()
    try #require(sleeping.allSatisfy { $0.isCancelled })  // else it would sleep for an hour
    for task in sleeping { await task.value }
    #expect(heartbeats.liveTasks.isEmpty)
  }
}
