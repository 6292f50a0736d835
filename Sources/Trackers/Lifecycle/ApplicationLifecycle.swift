import Foundation

/// The app's lifecycle, for analytics: it sends "Application Installed", "Updated", "Opened" and
/// "Backgrounded" (opt-in, as the SDKs' `trackApplicationLifecycleEvents`), tells the vendor modules'
/// sessions when the app goes to the background and comes back, and flushes every vendor queue on the
/// way to the background.
///
/// Vendor modules register with it through their configuration's `lifecycle`, as they do with the privacy
/// registry. The app calls three methods; on Apple platforms
/// `observeApplicationNotifications()` calls the last two for you (in an app extension,
/// `observeExtensionHostNotifications()`, following the host app), and ``backgroundTimeExpired()`` when
/// the background task or activity runs out of time:
///
/// ```swift
/// let lifecycle = ApplicationLifecycle(storageDirectory: storage)   // version and build from Bundle.main
/// var mixpanel = MixpanelConfiguration(projectToken: token)
/// mixpanel.lifecycle = lifecycle
/// MixpanelTracker.Current = try .live(mixpanel)
///
/// lifecycle.launched(tracking: mixpanelTracker)   // Installed/Updated, Opened
/// lifecycle.enteredForeground()                  // Opened (from_background)
/// await lifecycle.enteredBackground()            // Backgrounded, then flush
/// ```
///
/// Install and update are told apart by the version and build saved in `lifecycle.json` in the storage
/// directory: none saved (empty storage) is an install; another version or build is an update.
public final class ApplicationLifecycle: Sendable {
  /// A change between foreground and background, as the vendor sessions see it.
  package enum Transition: Sendable, Hashable {
    /// The app came to the foreground (or launched).
    case foreground
    /// The app went to the background.
    case background
  }

  struct Destination: Sendable {
    var flush: @Sendable () async -> Void
    var transition: @Sendable (Transition, Date) -> Void
    var relinquishStorage: @Sendable () async -> Void
    var relinquishStorageNow: (@Sendable () -> Void)?
    var reclaimStorage: @Sendable () -> Void
  }

  /// What one context (a vendor module's, often shared by several) needs from the lifecycle.
  struct Context: Sendable {
    var refresh: @Sendable () -> Void
    var screenSizeChanged: @Sendable (_ width: Int, _ height: Int) -> Void
  }

  /// One change of the queues' storage: letting go of it, or taking it back.
  enum StorageStep: Sendable, Hashable {
    case relinquish
    case reclaim
  }

  private struct State: Sendable {
    var destinations: [String: Destination] = [:]
    /// Each context once, by its identity, however many modules share it.
    var contexts: [ObjectIdentifier: Context] = [:]
    /// The screen's size in points, as the system last told it (Apple platforms).
    var screenSize: (width: Int, height: Int)?
    var track: Tracker<AnalyticsData>?
    var isInForeground = false
    var hasLaunched = false
    /// Counts the trips between foreground and background: a background flush that ends after the app came
    /// back (and maybe left again) finds another number, and leaves the storage alone.
    var generation = 0
    /// The trip to the background whose flush has ended (or whose time ran out): while the app is still
    /// on it, the queues let go of their storage.
    var flushedGeneration = -1
    /// Whether the storage is let go, as of the last step that ended.
    var storageRelinquished = false
    /// The step under way, if any: one at a time, and whoever runs it looks again when it ends.
    var storageStep: StorageStep?

    /// Where the storage should be now: let go only on a trip to the background whose flush has ended.
    var wantsStorageRelinquished: Bool { !isInForeground && flushedGeneration == generation }

    /// Ends the step `finished` (if any), and claims the next one, if the storage is not where it should
    /// be and no other step is under way. In one critical section, so a change of what is wanted can't slip
    /// in between a step ending and the look at what is wanted.
    mutating func nextStorageStep(after finished: StorageStep?) -> (StorageStep, [Destination])? {
      if let finished {
        storageStep = nil
        storageRelinquished = finished == .relinquish
      }
      guard storageStep == nil, wantsStorageRelinquished != storageRelinquished else { return nil }
      let step: StorageStep = storageRelinquished ? .reclaim : .relinquish
      storageStep = step
      return (step, Array(destinations.values))
    }
  }

  /// The saved version and build, to tell an install from an update from a plain launch.
  struct SavedVersion: Codable, Hashable {
    var version: String?
    var build: String?
  }

  /// Where the version and build of the last launch are saved, or `nil` to keep nothing (every launch is
  /// then an install).
  package let file: URL?
  /// The app's version the events carry: "2.1.0" (`CFBundleShortVersionString`).
  package let appVersion: String?
  /// The app's build the events carry: "142" (`CFBundleVersion`).
  package let appBuild: String?
  /// Whether the vendor queues let go of their storage (its file locks) once flushed on the way to the
  /// background, and take it back on the way to the foreground.
  package let relinquishesStorageInBackground: Bool
  private let now: @Sendable () -> Date
  private let state = LockIsolated(State())

  /// Whether this platform suspends a process in the background: iOS, tvOS, watchOS and visionOS do, and
  /// terminate one that is suspended holding a file lock in a shared container (exception `0xdead10cc`).
  public static var platformSuspendsInBackground: Bool {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      true
    #else
      false
    #endif
  }

  /// Creates the lifecycle of this process.
  ///
  /// - Parameters:
  ///   - storageDirectory: where `lifecycle.json` keeps the last launch's version and build; `nil` keeps
  ///     nothing. On tvOS, a directory under Caches (where the vendor modules' default storage is): a tvOS
  ///     app can't create Application Support on a device. The system may purge Caches; the next launch
  ///     then counts as an install.
  ///   - appVersion: the version the events carry and `lifecycle.json` keeps; `Bundle.main`'s
  ///     `CFBundleShortVersionString` by default (pass it where there is no bundle: a command-line tool, Linux).
  ///   - appBuild: the build, likewise; `CFBundleVersion` by default.
  ///   - now: the clock that dates the transitions the vendor sessions see.
  ///   - relinquishesStorageInBackground: whether queues let go of their storage in the background;
  ///     ``platformSuspendsInBackground`` by default.
  public init(
    storageDirectory: URL?,
    appVersion: String? = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String,
    appBuild: String? = Bundle.main.infoDictionary?["CFBundleVersion"] as? String,
    now: @escaping @Sendable () -> Date = { Date() },
    relinquishesStorageInBackground: Bool = ApplicationLifecycle.platformSuspendsInBackground
  ) {
    self.file = storageDirectory?.appendingPathComponent("lifecycle.json", isDirectory: false)
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.now = now
    self.relinquishesStorageInBackground = relinquishesStorageInBackground
  }

  /// Registers what `destination` does on the way to the background (`flush`) and how its session hears
  /// of transitions, replacing what it registered before. Vendor modules call it from their live
  /// environment; the handlers may run on any thread.
  ///
  /// When `relinquishesStorageInBackground`, `relinquishStorage` runs after the flush on the way to the
  /// background (the queue lets go of its file locks) and `reclaimStorage` first thing on the way back.
  /// `relinquishStorageNow` lets go at once, without waiting for a request in flight, when the background
  /// time runs out (``backgroundTimeExpired()``); without it, `relinquishStorage` is started then and not
  /// waited for.
  package func register(
    destination: String,
    flush: @escaping @Sendable () async -> Void,
    transition: @escaping @Sendable (Transition, Date) -> Void = { _, _ in },
    relinquishStorage: @escaping @Sendable () async -> Void = {},
    relinquishStorageNow: (@Sendable () -> Void)? = nil,
    reclaimStorage: @escaping @Sendable () -> Void = {}
  ) {
    state.withLock {
      $0.destinations[destination] = Destination(
        flush: flush, transition: transition, relinquishStorage: relinquishStorage,
        relinquishStorageNow: relinquishStorageNow, reclaimStorage: reclaimStorage)
    }
  }

  /// Registers the context `id` names (a vendor module's, by its identity), replacing what it registered
  /// before: several modules sharing one context register it once. `refresh` runs on each return to the
  /// foreground (the locale or time zone may have changed), before the modules hear of it;
  /// `screenSizeChanged` hears the screen's size in points each time the system tells it (Apple
  /// platforms), and at once if it is known already.
  package func registerContext(
    _ id: ObjectIdentifier,
    refresh: @escaping @Sendable () -> Void,
    screenSizeChanged: @escaping @Sendable (_ width: Int, _ height: Int) -> Void
  ) {
    let known = state.withLock { state in
      state.contexts[id] = Context(refresh: refresh, screenSizeChanged: screenSizeChanged)
      return state.screenSize
    }
    if let known { screenSizeChanged(known.width, known.height) }
  }

  /// The system told the screen's size in points (a scene became active, or the main screen changed):
  /// every registered context hears it, and one registered later hears it when it registers.
  package func recordScreenSize(width: Int, height: Int) {
    let contexts = state.withLock { state in
      state.screenSize = (width, height)
      return Array(state.contexts.values)
    }
    for context in contexts { context.screenSizeChanged(width, height) }
  }

  /// Removes what `destination` registered.
  package func unregister(destination: String) {
    state.withLock { _ = $0.destinations.removeValue(forKey: destination) }
  }

  /// The registered destinations, sorted.
  package var destinations: [String] {
    state.withLock { $0.destinations.keys.sorted() }
  }

  /// The app launched: tells the sessions it is in the foreground and, when `track` is given, sends
  /// "Application Installed" (nothing saved yet) or "Application Updated" (another version or build was
  /// saved), then "Application Opened" with `from_background: false`. Saves the version and build.
  ///
  /// `track` also receives the later "Opened" and "Backgrounded" events; without it the lifecycle only
  /// flushes and feeds the sessions. Call it once, at launch, after configuring the vendor modules.
  ///
  /// - Returns: the events sent (or that would have been sent, without `track`).
  @discardableResult
  public func launched(tracking track: Tracker<AnalyticsData>? = nil) -> [LifecycleEvent] {
    let current = SavedVersion(version: appVersion, build: appBuild)
    var events: [LifecycleEvent] = []
    let saved = readSavedVersion()
    if let saved {
      if saved != current {
        events.append(
          .updated(previousVersion: saved.version, previousBuild: saved.build, version: appVersion, build: appBuild))
      }
    } else {
      events.append(.installed(version: appVersion, build: appBuild))
    }
    events.append(.opened(fromBackground: false, version: appVersion, build: appBuild))
    if saved != current { save(current) }

    let destinations = state.withLock { state in
      state.track = track
      state.isInForeground = true
      state.hasLaunched = true
      state.generation += 1
      return Array(state.destinations.values)
    }
    if relinquishesStorageInBackground { settleStorageNow() }
    let date = now()
    for destination in destinations { destination.transition(.foreground, date) }
    if let track { for event in events { track(.lifecycle(event)) } }
    return events
  }

  /// The app came back to the foreground: has the queues take their storage back (when
  /// `relinquishesStorageInBackground`), reads each registered live context again (the locale or time zone
  /// may have changed), tells the sessions (a session idle for longer than its timeout ends here), then sends
  /// "Application Opened" with `from_background: true`. Does nothing if the app is already in the
  /// foreground.
  ///
  /// If the queues are still letting go of their storage (the app came back during the last step of the
  /// way to the background), they take it back as soon as they are done; what is tracked meanwhile waits
  /// on disk, and is sent then.
  public func enteredForeground() {
    let entered = state.withLock { state -> (Tracker<AnalyticsData>?, [Destination], [Context])? in
      guard !state.isInForeground else { return nil }
      state.isInForeground = true
      state.generation += 1
      return (state.track, Array(state.destinations.values), Array(state.contexts.values))
    }
    guard let (track, destinations, contexts) = entered else { return }
    if relinquishesStorageInBackground { settleStorageNow() }
    for context in contexts { context.refresh() }
    let date = now()
    for destination in destinations { destination.transition(.foreground, date) }
    track?(.lifecycle(.opened(fromBackground: true, version: appVersion, build: appBuild)))
  }

  /// The app went to the background: sends "Application Backgrounded", tells the sessions, then flushes
  /// every registered vendor queue at once and returns when all are done or `timeout` has passed, whichever
  /// is first (best effort: a flush still under way goes on), and then, when
  /// `relinquishesStorageInBackground`, has the queues let go of their storage. Does nothing if the app
  /// is already in the background.
  ///
  /// The queues let go of their storage only if the app is still on this trip to the background when the
  /// flush ends: one that came back meanwhile keeps sending.
  ///
  /// On iOS, call it inside a background task, as `observeApplicationNotifications()` does, so the
  /// requests can finish, and call ``backgroundTimeExpired()`` from the task's expiration handler (on
  /// watchOS and in an app extension, inside `ProcessInfo`'s expiring activity, as
  /// `observeApplicationNotifications()` and `observeExtensionHostNotifications()` do). A widget awaits it
  /// before returning its timeline.
  public func enteredBackground(timeout: Duration = .seconds(5)) async {
    guard let trip = leaveForeground() else { return }
    await finishLeaving(trip, timeout: timeout)
  }

  /// The background task is about to run out of time (call it from its expiration handler, on any
  /// thread): the queues let go of their storage now, without waiting for the flush or a request in
  /// flight, so the app is not suspended holding a file lock. Returns at once; a flush still under way
  /// goes on, and its requests' records may be sent again later, as after a retry. Does nothing in the
  /// foreground, or when the queues keep their storage in the background.
  public func backgroundTimeExpired() {
    guard relinquishesStorageInBackground else { return }
    let destinations = state.withLock { state -> [Destination]? in
      guard !state.isInForeground, state.generation > 0 else { return nil }
      // As if the flush had ended: nothing takes the storage back before the app returns.
      state.flushedGeneration = state.generation
      switch state.storageStep {
      case nil:
        // Nothing under way: this is the step.
        guard !state.storageRelinquished else { return nil }
        state.storageRelinquished = true
      case .relinquish:
        // Under way, maybe waiting for a request in flight: letting go now is what its own timeout does.
        break
      case .reclaim:
        // Taking the storage back while the app is in the background again (it came back and left during
        // the last relinquish): the step that runs it lets go right after, as the state now wants.
        return nil
      }
      return Array(state.destinations.values)
    }
    for destination in destinations ?? [] {
      if let relinquishNow = destination.relinquishStorageNow {
        relinquishNow()
      } else {
        Task { await destination.relinquishStorage() }
      }
    }
  }

  /// One trip to the background, from leaving the foreground to the end of its flush.
  struct BackgroundTrip: Sendable {
    var generation: Int
    var destinations: [Destination]
  }

  /// The first, synchronous half of ``enteredBackground(timeout:)``: sends "Application Backgrounded" and
  /// tells the sessions. The notification observers call it at once, on the main thread, so that a return
  /// to the foreground is always seen after it.
  func leaveForeground() -> BackgroundTrip? {
    let left = state.withLock { state -> (Tracker<AnalyticsData>?, BackgroundTrip)? in
      guard state.isInForeground || !state.hasLaunched else { return nil }
      state.isInForeground = false
      state.generation += 1
      return (state.track, BackgroundTrip(generation: state.generation, destinations: Array(state.destinations.values)))
    }
    guard let (track, trip) = left else { return nil }
    track?(.lifecycle(.backgrounded))
    let date = now()
    for destination in trip.destinations { destination.transition(.background, date) }
    return trip
  }

  /// The second half of ``enteredBackground(timeout:)``: the flush, then letting go of the storage if the
  /// app is still on this trip.
  func finishLeaving(_ trip: BackgroundTrip, timeout: Duration) async {
    await Self.flush(trip.destinations, timeout: timeout)
    guard relinquishesStorageInBackground else { return }
    // Only after the flush (a queue that let go of its directory sends nothing), and only if the app has
    // not come back since: it would run in the foreground with its queues let go, every event waiting on
    // disk until the next trip to the background and back.
    let stillAway = state.withLock { state in
      guard state.generation == trip.generation else { return false }
      state.flushedGeneration = trip.generation
      return true
    }
    if stillAway { await settleStorage() }
  }

  // MARK: Storage steps
  //
  // Why the storage always ends where the last transition wants it (let go on a trip to the background
  // whose flush has ended, held otherwise), with never two steps at once on a queue (a queue's locks are
  // the process's own, so two reclaims at once could both take the directory, and the one that loses,
  // closing its files, could release the other's locks):
  //
  // - What is wanted changes only under `state`'s lock: a transition bumps `generation`, the end of a
  //   flush sets `flushedGeneration` (only if `generation` is still the trip's). Each change is followed,
  //   on the same thread, by a call of `settleStorage()` or `settleStorageNow()`.
  // - A step is claimed under the lock (`storageStep`), only when no other is under way. Whoever runs it
  //   ends it and looks at what is wanted in one critical section (`nextStorageStep(after:)`), and runs
  //   the next step if the storage is still not where it should be.
  // - So a change made while a step is under way is seen by that step's runner when it ends, and a change
  //   made while none is under way is acted on by the thread that made it: no change is missed. A return
  //   to the foreground during a relinquish (which may wait up to its timeout for a request in flight) is
  //   followed, once the relinquish ends, by a reclaim; a flush that ends after the return finds another
  //   `generation` and wants nothing.
  //
  // The steps run in the background task of the trip that claimed them: a later trip whose flush ends
  // while an earlier step is under way returns at once, and the earlier trip's task (still running) ends
  // where the state wants. `backgroundTimeExpired()` is the one exception to one step at a time: it lets
  // go at once even while a relinquish is under way, which is what that relinquish does on its timeout.

  /// Runs storage steps until the storage is where the state wants it, or another caller's step is under
  /// way (that caller looks again when it ends). `first` is a step already claimed.
  private func settleStorage(first: (StorageStep, [Destination])? = nil) async {
    var next = first ?? state.withLock { $0.nextStorageStep(after: nil) }
    while let (step, destinations) = next {
      switch step {
      case .relinquish:
        await withTaskGroup(of: Void.self) { group in
          for destination in destinations { group.addTask { await destination.relinquishStorage() } }
        }
      case .reclaim:
        for destination in destinations { destination.reclaimStorage() }
      }
      next = state.withLock { $0.nextStorageStep(after: step) }
    }
  }

  /// ``settleStorage(first:)`` for the synchronous return to the foreground: takes the storage back on
  /// the caller's thread, so nothing tracked after `enteredForeground()` returns waits on disk. A
  /// relinquish wanted meanwhile (the app left again and its flush ended, on another thread) is
  /// asynchronous: a task runs it.
  private func settleStorageNow() {
    var next = state.withLock { $0.nextStorageStep(after: nil) }
    while let (step, destinations) = next {
      guard step == .reclaim else {
        let claimed = (step, destinations)
        Task { await settleStorage(first: claimed) }
        return
      }
      for destination in destinations { destination.reclaimStorage() }
      next = state.withLock { $0.nextStorageStep(after: step) }
    }
  }

  /// Flushes every destination at once and returns when all are done or `timeout` has passed: a flush
  /// can't be cancelled, so one that outlives the timeout goes on unawaited.
  private static func flush(_ destinations: [Destination], timeout: Duration) async {
    let finished = LockIsolated(false)
    var timer: Task<Void, Never>?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let finish: @Sendable () -> Void = {
        let isFirst = finished.withLock { finished in
          defer { finished = true }
          return !finished
        }
        if isFirst { continuation.resume() }
      }
      Task {
        await withTaskGroup(of: Void.self) { group in
          for destination in destinations { group.addTask { await destination.flush() } }
        }
        finish()
      }
      timer = Task {
        try? await Task.sleep(for: timeout)
        finish()
      }
    }
    timer?.cancel()
  }

  private func readSavedVersion() -> SavedVersion? {
    guard let file, let data = try? Data(contentsOf: file) else { return nil }
    return try? JSONDecoder().decode(SavedVersion.self, from: data)
  }

  private func save(_ version: SavedVersion) {
    guard let file else { return }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try PrivateFile.write(try encoder.encode(version), to: file)
    } catch {
      reportIssue(
        "ApplicationLifecycle could not save the app version to \(file.path): \(error). The next launch "
          + "counts as an install. To fix this, give it a writable storage directory (on tvOS, one under Caches).")
    }
  }
}
