import Foundation

/// The app's lifecycle, for analytics: it sends "Application Installed", "Updated", "Opened" and
/// "Backgrounded" (opt-in, as the SDKs' `trackApplicationLifecycleEvents`), tells the vendor modules'
/// sessions when the app goes to the background and comes back, and flushes every vendor queue on the
/// way to the background.
///
/// Vendor modules register with it through their configuration's `lifecycle`, as they do with the privacy
/// registry. The app calls three methods; on Apple platforms
/// `observeApplicationNotifications()` (Apple platforms) calls the last two for you:
///
/// ```swift
/// let lifecycle = ApplicationLifecycle(storageDirectory: storage, context: context)
/// var mixpanel = MixpanelTracker.Configuration(projectToken: token)
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
  public enum Transition: Sendable, Hashable {
    /// The app came to the foreground (or launched).
    case foreground
    /// The app went to the background.
    case background
  }

  struct Destination: Sendable {
    var flush: @Sendable () async -> Void
    var transition: @Sendable (Transition, Date) -> Void
    var relinquishStorage: @Sendable () async -> Void
    var reclaimStorage: @Sendable () -> Void
  }

  private struct State: Sendable {
    var destinations: [String: Destination] = [:]
    var track: Tracker<AnalyticsData>?
    var isInForeground = false
    var hasLaunched = false
  }

  /// The saved version and build, to tell an install from an update from a plain launch.
  struct SavedVersion: Codable, Hashable {
    var version: String?
    var build: String?
  }

  /// Where the version and build of the last launch are saved, or `nil` to keep nothing (every launch is
  /// then an install).
  public let file: URL?
  /// The context whose app version and build the events carry; refreshed on each return to the
  /// foreground.
  public let context: ContextProvider
  /// Whether the vendor queues let go of their storage (its file locks) once flushed on the way to the
  /// background, and take it back on the way to the foreground; see ``register(destination:flush:transition:relinquishStorage:reclaimStorage:)``.
  public let relinquishesStorageInBackground: Bool
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
  ///     nothing.
  ///   - context: the app's version and build come from here.
  ///   - now: the clock that dates the transitions the vendor sessions see.
  ///   - relinquishesStorageInBackground: whether queues let go of their storage in the background;
  ///     ``platformSuspendsInBackground`` by default.
  public init(
    storageDirectory: URL?,
    context: ContextProvider = .shared,
    now: @escaping @Sendable () -> Date = { Date() },
    relinquishesStorageInBackground: Bool = ApplicationLifecycle.platformSuspendsInBackground
  ) {
    self.file = storageDirectory?.appendingPathComponent("lifecycle.json", isDirectory: false)
    self.context = context
    self.now = now
    self.relinquishesStorageInBackground = relinquishesStorageInBackground
  }

  /// Registers what `destination` does on the way to the background (`flush`) and how its session hears
  /// of transitions, replacing what it registered before. Vendor modules call it from their live
  /// environment; the handlers may run on any thread.
  ///
  /// When ``relinquishesStorageInBackground``, `relinquishStorage` runs after the flush on the way to the
  /// background (the queue lets go of its file locks) and `reclaimStorage` first thing on the way back.
  public func register(
    destination: String,
    flush: @escaping @Sendable () async -> Void,
    transition: @escaping @Sendable (Transition, Date) -> Void = { _, _ in },
    relinquishStorage: @escaping @Sendable () async -> Void = {},
    reclaimStorage: @escaping @Sendable () -> Void = {}
  ) {
    state.withLock {
      $0.destinations[destination] = Destination(
        flush: flush, transition: transition, relinquishStorage: relinquishStorage, reclaimStorage: reclaimStorage)
    }
  }

  /// Removes what `destination` registered.
  public func unregister(destination: String) {
    state.withLock { _ = $0.destinations.removeValue(forKey: destination) }
  }

  /// The registered destinations, sorted.
  public var destinations: [String] {
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
    let app = context.current.app
    let current = SavedVersion(version: app.version, build: app.build)
    var events: [LifecycleEvent] = []
    let saved = readSavedVersion()
    if let saved {
      if saved != current {
        events.append(
          .updated(previousVersion: saved.version, previousBuild: saved.build, version: app.version, build: app.build))
      }
    } else {
      events.append(.installed(version: app.version, build: app.build))
    }
    events.append(.opened(fromBackground: false, version: app.version, build: app.build))
    if saved != current { save(current) }

    let destinations = state.withLock { state in
      state.track = track
      state.isInForeground = true
      state.hasLaunched = true
      return Array(state.destinations.values)
    }
    let date = now()
    for destination in destinations { destination.transition(.foreground, date) }
    if let track { for event in events { track(.lifecycle(event)) } }
    return events
  }

  /// The app came back to the foreground: has the queues take their storage back (when
  /// ``relinquishesStorageInBackground``), refreshes the context (the locale or time zone may have
  /// changed), tells the sessions (a session idle for longer than its timeout ends here), then sends
  /// "Application Opened" with `from_background: true`. Does nothing if the app is already in the
  /// foreground.
  public func enteredForeground() {
    let entered = state.withLock { state -> (Tracker<AnalyticsData>?, [Destination])? in
      guard !state.isInForeground else { return nil }
      state.isInForeground = true
      return (state.track, Array(state.destinations.values))
    }
    guard let (track, destinations) = entered else { return }
    if relinquishesStorageInBackground {
      for destination in destinations { destination.reclaimStorage() }
    }
    context.refresh()
    let date = now()
    for destination in destinations { destination.transition(.foreground, date) }
    let app = context.current.app
    track?(.lifecycle(.opened(fromBackground: true, version: app.version, build: app.build)))
  }

  /// The app went to the background: sends "Application Backgrounded", tells the sessions, then flushes
  /// every registered vendor queue at once and returns when all are done or `timeout` has passed, whichever
  /// is first (best effort: a flush still under way goes on), and then, when
  /// ``relinquishesStorageInBackground``, has the queues let go of their storage. Does nothing if the app
  /// is already in the background.
  ///
  /// On iOS, call it inside a background task, as `observeApplicationNotifications()` does, so the
  /// requests can finish.
  public func enteredBackground(timeout: Duration = .seconds(5)) async {
    let left = state.withLock { state -> (Tracker<AnalyticsData>?, [Destination])? in
      guard state.isInForeground || !state.hasLaunched else { return nil }
      state.isInForeground = false
      return (state.track, Array(state.destinations.values))
    }
    guard let (track, destinations) = left else { return }
    track?(.lifecycle(.backgrounded))
    let date = now()
    for destination in destinations { destination.transition(.background, date) }
    await Self.flush(destinations, timeout: timeout)
    if relinquishesStorageInBackground {
      // Only after the flush: a queue that let go of its directory sends nothing.
      await withTaskGroup(of: Void.self) { group in
        for destination in destinations { group.addTask { await destination.relinquishStorage() } }
      }
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
          + "counts as an install. To fix this, give it a writable storage directory.")
    }
  }
}
