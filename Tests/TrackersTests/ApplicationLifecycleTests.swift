import Foundation
import Testing
import Trackers

@Suite struct ApplicationLifecycleTests {
  @Test func theFirstLaunchWithEmptyStorageIsAnInstallThenAnOpen() throws {
    let storage = try TemporaryDirectory()
    let events = EventLog<AnalyticsData>()
    let lifecycle = ApplicationLifecycle(storageDirectory: storage.url, appVersion: "2.1.0", appBuild: "142")
    let sent = lifecycle.launched(tracking: events.tracker)
    #expect(sent == [.installed(version: "2.1.0", build: "142"), .opened(fromBackground: false, version: "2.1.0", build: "142")])
    #expect(events.events == sent.map(AnalyticsData.lifecycle))
    #expect(events.events.map(\.name) == ["Application Installed", "Application Opened"])
    #expect(events.events[1].properties == ["from_background": false, "version": "2.1.0", "build": "142"])
  }

  @Test func aLaterLaunchOfTheSameVersionIsOnlyAnOpen() throws {
    let storage = try TemporaryDirectory()
    ApplicationLifecycle(storageDirectory: storage.url, appVersion: "2.1.0", appBuild: "142").launched()
    let events = EventLog<AnalyticsData>()
    ApplicationLifecycle(storageDirectory: storage.url, appVersion: "2.1.0", appBuild: "142").launched(tracking: events.tracker)
    #expect(events.events == [.lifecycle(.opened(fromBackground: false, version: "2.1.0", build: "142"))])
  }

  @Test(arguments: [("2.2.0", "142"), ("2.1.0", "143"), ("2.2.0", "150")])
  func anotherVersionOrBuildIsAnUpdateWithThePreviousOne(version: String, build: String) throws {
    let storage = try TemporaryDirectory()
    ApplicationLifecycle(storageDirectory: storage.url, appVersion: "2.1.0", appBuild: "142").launched()
    let events = EventLog<AnalyticsData>()
    ApplicationLifecycle(storageDirectory: storage.url, appVersion: version, appBuild: build)
      .launched(tracking: events.tracker)
    #expect(events.events == [
      .lifecycle(.updated(previousVersion: "2.1.0", previousBuild: "142", version: version, build: build)),
      .lifecycle(.opened(fromBackground: false, version: version, build: build)),
    ])
    #expect(events.events[0].properties == [
      "previous_version": "2.1.0", "previous_build": "142", "version": .string(version), "build": .string(build),
    ])
    // The update is told once: the launch after it is a plain open.
    let next = EventLog<AnalyticsData>()
    ApplicationLifecycle(storageDirectory: storage.url, appVersion: version, appBuild: build)
      .launched(tracking: next.tracker)
    #expect(next.events.map(\.name) == ["Application Opened"])
  }

  @Test func withoutStorageEveryLaunchIsAnInstall() {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: nil, appBuild: nil)
    #expect(lifecycle.launched() == [.installed(version: nil, build: nil), .opened(fromBackground: false, version: nil, build: nil)])
    #expect(AnalyticsData.lifecycle(.installed(version: nil, build: nil)).properties.isEmpty)
  }

  @Test func backgroundThenForegroundSendBackgroundedAndOpenedFromBackgroundOnce() async {
    let events = EventLog<AnalyticsData>()
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142")
    lifecycle.launched(tracking: events.tracker)
    await lifecycle.enteredBackground()
    await lifecycle.enteredBackground()  // already there: nothing
    lifecycle.enteredForeground()
    lifecycle.enteredForeground()  // already there: nothing
    #expect(events.events.dropFirst(2).map(\.self) == [
      .lifecycle(.backgrounded),
      .lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142")),
    ])
    #expect(events.events.last?.description == #"lifecycle Application Opened {"build": "142", "from_background": true, "version": "2.1.0"}"#)
  }

  @Test func destinationsHearTheTransitionsAtTheClocksTimeAndFlushOnTheWayToTheBackground() async {
    let clock = LockedDate(Date(timeIntervalSince1970: 1_000))
    let lifecycle = ApplicationLifecycle(
      storageDirectory: nil, appVersion: nil, appBuild: nil, now: { clock.value })
    let heard = EventLog<String>()
    lifecycle.register(
      destination: "Mixpanel",
      flush: { heard.tracker("flush Mixpanel") },
      transition: { transition, date in heard.tracker("\(transition) at \(Int(date.timeIntervalSince1970))") })
    lifecycle.register(destination: "Amplitude", flush: { heard.tracker("flush Amplitude") })
    #expect(lifecycle.destinations == ["Amplitude", "Mixpanel"])

    lifecycle.launched()
    clock.value = Date(timeIntervalSince1970: 1_060)
    await lifecycle.enteredBackground()
    clock.value = Date(timeIntervalSince1970: 2_000)
    lifecycle.enteredForeground()
    #expect(heard.events.filter { !$0.hasPrefix("flush") } == ["foreground at 1000", "background at 1060", "foreground at 2000"])
    #expect(Set(heard.events.filter { $0.hasPrefix("flush") }) == ["flush Mixpanel", "flush Amplitude"])

    lifecycle.unregister(destination: "Mixpanel")
    #expect(lifecycle.destinations == ["Amplitude"])
  }

  /// Where the system suspends apps, the queues let go of their storage only once flushed, and take it back
  /// before anything is tracked on the return; elsewhere they keep it.
  @Test(arguments: [true, false])
  func storageIsRelinquishedAfterTheFlushAndReclaimedFirstOnTheReturn(relinquishes: Bool) async {
    let heard = EventLog<String>()
    let lifecycle = ApplicationLifecycle(
      storageDirectory: nil, appVersion: "1", appBuild: "1", relinquishesStorageInBackground: relinquishes)
    lifecycle.register(
      destination: "Mixpanel",
      flush: { heard.tracker("flush") },
      transition: { transition, _ in heard.tracker("\(transition)") },
      relinquishStorage: { heard.tracker("relinquish") },
      reclaimStorage: { heard.tracker("reclaim") })
    lifecycle.launched(tracking: { heard.tracker("track \($0.name ?? "?"))") })
    await lifecycle.enteredBackground()
    lifecycle.enteredForeground()
    let expected =
      relinquishes
      ? ["foreground", "track Application Opened)", "track Application Backgrounded)", "background", "flush", "relinquish",
        "reclaim", "foreground", "track Application Opened)"]
      : ["foreground", "track Application Opened)", "track Application Backgrounded)", "background", "flush", "foreground",
        "track Application Opened)"]
    #expect(heard.events.filter { !$0.contains("Installed") } == expected)
  }

  @Test func aFlushThatOutlivesTheTimeoutDoesNotHoldTheAppBack() async {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: nil, appBuild: nil)
    let release = AsyncGate()
    lifecycle.register(destination: "Stuck", flush: { await release.wait() })
    lifecycle.launched()
    // Returns although the flush never ends until released below: the timeout bounds the wait.
    await lifecycle.enteredBackground(timeout: .milliseconds(10))
    release.open()
  }

  /// A lifecycle whose queues let go of their storage in the background, with one destination that
  /// records its flushes and storage steps in `heard` (transitions left out).
  static func relinquishingLifecycle(
    heard: EventLog<String>,
    flush: @escaping @Sendable () async -> Void = {},
    relinquish: @escaping @Sendable () async -> Void = {},
    relinquishNow: (@Sendable () -> Void)? = { },
    relinquishes: Bool = true
  ) -> ApplicationLifecycle {
    let lifecycle = ApplicationLifecycle(
      storageDirectory: nil, appVersion: "1", appBuild: "1", relinquishesStorageInBackground: relinquishes)
    lifecycle.register(
      destination: "Mixpanel",
      flush: {
        heard.tracker("flush")
        await flush()
      },
      relinquishStorage: {
        heard.tracker("relinquish")
        await relinquish()
        heard.tracker("relinquished")
      },
      relinquishStorageNow: relinquishNow.map { now in
        { @Sendable in
          heard.tracker("relinquish now")
          now()
        }
      },
      reclaimStorage: { heard.tracker("reclaim") })
    lifecycle.launched()
    return lifecycle
  }

  /// The app comes back while the background flush is still under way: when the flush ends, the storage is
  /// not let go (the app would run in the foreground with its queues let go).
  @Test func aFlushThatEndsAfterTheReturnToTheForegroundLeavesTheStorageAlone() async {
    let heard = EventLog<String>()
    let flushing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = Self.relinquishingLifecycle(heard: heard, flush: {
      flushing.open()
      await release.wait()
    })
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await flushing.wait()
    lifecycle.enteredForeground()
    release.open()
    await background.value
    #expect(heard.events == ["flush"])

    // The next trip is as usual.
    await lifecycle.enteredBackground()
    lifecycle.enteredForeground()
    #expect(heard.events == ["flush", "flush", "relinquish", "relinquished", "reclaim"])
  }

  /// The app comes back while the queues are letting go (a relinquish may wait for a request in flight):
  /// the return can't take the storage back yet, so the end of the relinquish does, at once.
  @Test func aRelinquishUnderWayAtTheReturnToTheForegroundIsFollowedByAReclaim() async {
    let heard = EventLog<String>()
    let relinquishing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = Self.relinquishingLifecycle(heard: heard, relinquish: {
      relinquishing.open()
      await release.wait()
    })
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await relinquishing.wait()
    lifecycle.enteredForeground()
    #expect(heard.events == ["flush", "relinquish"])  // not taken back under the relinquish's feet
    release.open()
    await background.value
    #expect(heard.events == ["flush", "relinquish", "relinquished", "reclaim"])

    await lifecycle.enteredBackground()
    lifecycle.enteredForeground()
    #expect(heard.events.suffix(4) == ["flush", "relinquish", "relinquished", "reclaim"])
  }

  /// Background, foreground, background again while the first flush is held: the second trip lets go once
  /// its own flush ends; the first flush, ending last, changes nothing.
  @Test func aFlushFromAnEarlierTripChangesNothingWhenItEnds() async {
    let heard = EventLog<String>()
    let flushing = AsyncGate()
    let release = AsyncGate()
    let flushes = LockedCount()
    let lifecycle = Self.relinquishingLifecycle(heard: heard, flush: {
      guard flushes.next() == 1 else { return }
      flushing.open()
      await release.wait()
    })
    let first = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await flushing.wait()
    lifecycle.enteredForeground()
    await lifecycle.enteredBackground()
    #expect(heard.events == ["flush", "flush", "relinquish", "relinquished"])
    release.open()
    await first.value
    #expect(heard.events == ["flush", "flush", "relinquish", "relinquished"])
    lifecycle.enteredForeground()
    #expect(heard.events.last == "reclaim")
  }

  /// The background task's time runs out during the flush: the storage is let go at once (the immediate
  /// way, which does not wait for a request in flight), once; the end of the flush changes nothing, and
  /// the return takes it back.
  @Test func whenTheBackgroundTimeRunsOutTheStorageIsLetGoAtOnceAndOnce() async {
    let heard = EventLog<String>()
    let flushing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = Self.relinquishingLifecycle(heard: heard, flush: {
      flushing.open()
      await release.wait()
    })
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await flushing.wait()
    lifecycle.backgroundTimeExpired()
    #expect(heard.events == ["flush", "relinquish now"])
    lifecycle.backgroundTimeExpired()  // a second background task's handler: nothing more to do
    release.open()
    await background.value
    #expect(heard.events == ["flush", "relinquish now"])
    lifecycle.enteredForeground()
    #expect(heard.events == ["flush", "relinquish now", "reclaim"])
  }

  /// The time runs out during a relinquish that waits (for a request in flight): the immediate way lets go
  /// now, as the relinquish's own timeout would; the relinquish ending later takes nothing back.
  @Test func whenTheBackgroundTimeRunsOutDuringARelinquishItLetsGoNow() async {
    let heard = EventLog<String>()
    let relinquishing = AsyncGate()
    let release = AsyncGate()
    let lifecycle = Self.relinquishingLifecycle(heard: heard, relinquish: {
      relinquishing.open()
      await release.wait()
    })
    let background = Task { await lifecycle.enteredBackground(timeout: .seconds(600)) }
    await relinquishing.wait()
    lifecycle.backgroundTimeExpired()
    #expect(heard.events == ["flush", "relinquish", "relinquish now"])
    release.open()
    await background.value
    lifecycle.enteredForeground()
    #expect(heard.events == ["flush", "relinquish", "relinquish now", "relinquished", "reclaim"])
  }

  /// In the foreground, or where the queues keep their storage, the time running out does nothing; a
  /// destination without the immediate way has its usual relinquish started.
  @Test func theTimeRunningOutInTheForegroundOrWithoutRelinquishingDoesNothing() async {
    let heard = EventLog<String>()
    let keeping = Self.relinquishingLifecycle(heard: heard, relinquishes: false)
    let relinquishing = Self.relinquishingLifecycle(heard: heard)
    keeping.backgroundTimeExpired()
    relinquishing.backgroundTimeExpired()
    await keeping.enteredBackground()
    keeping.backgroundTimeExpired()
    #expect(heard.events == ["flush"])

    let started = AsyncGate()
    let withoutNow = Self.relinquishingLifecycle(heard: heard, relinquish: { started.open() }, relinquishNow: nil)
    let flushing = AsyncGate()
    let release = AsyncGate()
    withoutNow.register(destination: "Held", flush: {
      flushing.open()
      await release.wait()
    })
    let background = Task { await withoutNow.enteredBackground(timeout: .seconds(600)) }
    await flushing.wait()
    withoutNow.backgroundTimeExpired()
    await started.wait()
    release.open()
    await background.value
    // Started once, by the time running out (it is not awaited: "relinquished" may come later); the end
    // of the flush starts no other.
    #expect(heard.events.filter { $0 == "relinquish" }.count == 1)
  }

  @Test func theReturnToTheForegroundCarriesTheVersionAndBuild() async {
    let events = EventLog<AnalyticsData>()
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: "2.1.0", appBuild: "142")
    lifecycle.launched(tracking: events.tracker)
    await lifecycle.enteredBackground()
    lifecycle.enteredForeground()
    #expect(events.events.last == .lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142")))
  }

  @Test func theScreenSizeReachesEveryContextAndOneThatRegistersLater() {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: nil, appBuild: nil)
    let early = EventLog<String>()
    lifecycle.registerContext(ObjectIdentifier(early), refresh: {}, screenSizeChanged: { early.tracker("\($0)x\($1)") })
    lifecycle.recordScreenSize(width: 393, height: 852)
    lifecycle.recordScreenSize(width: 852, height: 393)
    let late = EventLog<String>()
    lifecycle.registerContext(ObjectIdentifier(late), refresh: {}, screenSizeChanged: { late.tracker("\($0)x\($1)") })
    #expect(early.events == ["393x852", "852x393"])
    #expect(late.events == ["852x393"])  // the size known when it registered, at once
  }

  @Test func aSharedContextIsReadAgainOncePerReturnToTheForegroundAndNotAtLaunch() async {
    let lifecycle = ApplicationLifecycle(storageDirectory: nil, appVersion: nil, appBuild: nil)
    let refreshes = EventLog<String>()
    // Two modules on one context (`.shared`): the second registration replaces the first.
    for module in ["Mixpanel", "Amplitude"] {
      lifecycle.registerContext(ObjectIdentifier(refreshes), refresh: { refreshes.tracker(module) }, screenSizeChanged: { _, _ in })
    }
    lifecycle.launched()
    #expect(refreshes.events.isEmpty)  // the context was just read
    await lifecycle.enteredBackground()
    lifecycle.enteredForeground()
    lifecycle.enteredForeground()  // already in the foreground: nothing
    #expect(refreshes.events == ["Amplitude"])
  }

  @Test func anUnwritableStorageIsReportedWithTheFix() throws {
    let storage = try TemporaryDirectory()
    let blocker = storage.url.appendingPathComponent("file")
    try Data().write(to: blocker)
    let issues = EventLog<String>()
    withIssueReporter(IssueReporter { message, _ in issues.tracker(message) }) {
      _ = ApplicationLifecycle(storageDirectory: blocker, appVersion: "1", appBuild: "1").launched()
    }
    #expect(issues.events.count == 1)
    #expect(issues.events.first?.contains("The next launch counts as an install. To fix this") == true)
  }
}

/// A date tests set by hand, readable from any thread.
final class LockedDate: @unchecked Sendable {
  // @unchecked is safe: `date` is only touched while `lock` is held.
  private var date: Date
  private let lock = NSLock()
  init(_ date: Date) { self.date = date }
  var value: Date {
    get { lock.withLock { date } }
    set { lock.withLock { date = newValue } }
  }
}

/// A counter tests step from any thread.
final class LockedCount: @unchecked Sendable {
  // @unchecked is safe: `count` is only touched while `lock` is held.
  private var count = 0
  private let lock = NSLock()
  /// Counts one more and returns the new count.
  func next() -> Int { lock.withLock { count += 1; return count } }
}

/// Suspends `wait()` callers until `open()`.
final class AsyncGate: @unchecked Sendable {
  // @unchecked is safe: `isOpen` and `waiting` are only touched while `lock` is held.
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private let lock = NSLock()

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock {
        if !isOpen { waiting.append(continuation) }
        return isOpen
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let released = lock.withLock {
      isOpen = true
      defer { waiting = [] }
      return waiting
    }
    for continuation in released { continuation.resume() }
  }
}
