import Foundation
import Testing
import Trackers

/// The way to the background of a watchOS app and of an app extension (its host app's notifications): the
/// flush runs inside `ProcessInfo`'s expiring activity, played here by `FakeActivity` through the plain
/// `follow(_:activity:)` that the Apple-only observers call.
@Suite struct ExpiringActivityTests {
  /// The activity begins, waits for the flush and the letting go of the storage, and ends once, after them.
  @Test func theActivityLastsUntilTheFlushAndTheLettingGoEndThenEndsOnce() async {
    let heard = EventLog<String>()
    let flushing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = ApplicationLifecycleTests.relinquishingLifecycle(heard: heard, flush: {
      flushing.open()
      await release.wait()
    })
    let activity = FakeActivity(heard: heard)
    lifecycle.follow(.didEnterBackground, activity: activity.begin)
    await flushing.wait()
    // The activity's block can't return before the flush ends: nothing signals it yet.
    #expect(heard.events == ["begin swift-trackers flush", "flush"])
    release.open()
    await activity.ended.wait()
    #expect(heard.events == ["begin swift-trackers flush", "flush", "relinquish", "relinquished", "end"])

    lifecycle.follow(.willEnterForeground, activity: activity.begin)
    #expect(heard.events.suffix(1) == ["reclaim"])
    #expect(heard.events.filter { $0 == "end" }.count == 1)
  }

  /// The system says the time is up during the flush (the block is called again with `expired`): the
  /// queues let go of their storage at once, and the activity ends, without waiting for the flush.
  @Test func whenTheSystemSaysTheTimeIsUpTheStorageIsLetGoAndTheActivityEnds() async {
    let heard = EventLog<String>()
    let flushing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = ApplicationLifecycleTests.relinquishingLifecycle(heard: heard, flush: {
      flushing.open()
      await release.wait()
    })
    let activity = FakeActivity(heard: heard)
    lifecycle.follow(.didEnterBackground, activity: activity.begin)
    await flushing.wait()
    activity.expire()
    await activity.ended.wait()
    #expect(heard.events == ["begin swift-trackers flush", "flush", "relinquish now", "end"])

    // The flush ending later takes nothing back, nor lets go again; the return takes the storage back.
    release.open()
    lifecycle.follow(.willEnterForeground, activity: activity.begin)
    #expect(heard.events == ["begin swift-trackers flush", "flush", "relinquish now", "end", "reclaim"])
  }

  /// The system can't grant the activity (it calls the block only with `expired`): the storage is let go
  /// at once and nothing waits; the flush still runs.
  @Test func anActivityTheSystemDoesNotGrantLetsGoAtOnce() async {
    let heard = EventLog<String>()
    let flushed = AsyncGate()
    let lifecycle = ApplicationLifecycleTests.relinquishingLifecycle(heard: heard, flush: { flushed.open() })
    let activity = FakeActivity(heard: heard, grants: false)
    lifecycle.follow(.didEnterBackground, activity: activity.begin)
    // Let go before `follow` returns; the flush runs on its own task and may already have been heard.
    #expect(Array(heard.events.prefix(2)) == ["begin swift-trackers flush", "relinquish now"])
    await flushed.wait()
    lifecycle.follow(.willEnterForeground, activity: activity.begin)
    #expect(heard.events == ["begin swift-trackers flush", "relinquish now", "flush", "reclaim"])
  }

  /// An app extension's host app (`NSExtensionHostDidEnterBackground`, `...WillEnterForeground`) and a
  /// watch app (`WKApplication`'s notifications) drive the same lifecycle as an iOS app's notifications:
  /// "Application Backgrounded", the sessions, the flush and the letting go on the way out; taking the
  /// storage back first, then "Application Opened" on the way back. Repeated notifications change nothing.
  @Test func theSystemsTransitionsDriveTheSameCallsAsTheAppsNotifications() async {
    let heard = EventLog<String>()
    let lifecycle = ApplicationLifecycle(
      storageDirectory: nil, appVersion: "1", appBuild: "1",
      relinquishesStorageInBackground: true)
    lifecycle.register(
      destination: "Mixpanel",
      flush: { heard.tracker("flush") },
      transition: { transition, _ in heard.tracker("\(transition)") },
      relinquishStorage: { heard.tracker("relinquish") },
      reclaimStorage: { heard.tracker("reclaim") })
    lifecycle.launched(tracking: { heard.tracker("track \($0.name ?? "?")") })
    let activity = FakeActivity(heard: heard)

    lifecycle.follow(.didEnterBackground, activity: activity.begin)
    await activity.ended.wait()
    lifecycle.follow(.didEnterBackground, activity: activity.begin)  // already there: no second activity
    lifecycle.follow(.willEnterForeground, activity: activity.begin)
    lifecycle.follow(.willEnterForeground, activity: activity.begin)  // already there: nothing
    #expect(heard.events.filter { !$0.contains("Installed") } == [
      "foreground", "track Application Opened",
      "track Application Backgrounded", "background", "begin swift-trackers flush", "flush", "relinquish", "end",
      "reclaim", "foreground", "track Application Opened",
    ])
    #expect(ApplicationLifecycle.SystemTransition.allCases == [.willEnterForeground, .didEnterBackground])
  }
}

/// Plays `ProcessInfo.performExpiringActivity(withReason:using:)`: runs `block(false)` on a thread of its
/// own (the activity lasts until it returns, recorded as "end"), and `expire()` calls `block(true)`, as the
/// system does when the process is about to be suspended. One that does not grant the activity calls only
/// `block(true)`, at once.
final class FakeActivity: Sendable {
  let heard: EventLog<String>
  let grants: Bool
  /// Opened once the activity ended (its block returned).
  let ended = AsyncGate()
  private let blocks = LockIsolated<[@Sendable (Bool) -> Void]>([])

  init(heard: EventLog<String>, grants: Bool = true) {
    self.heard = heard
    self.grants = grants
  }

  var begin: ApplicationLifecycle.ExpiringActivity {
    { [self] reason, block in
      heard.tracker("begin \(reason)")
      guard grants else {
        block(true)
        return
      }
      blocks.withLock { $0.append(block) }
      Thread { [self] in
        block(false)
        heard.tracker("end")
        ended.open()
      }.start()
    }
  }

  /// The system says the time is up.
  func expire() {
    for block in blocks.withLock({ $0 }) { block(true) }
  }
}
