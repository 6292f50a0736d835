import Foundation
import Trackers

extension VendorDelivery {
  /// Calls `handler` every `interval` while the app is in the foreground, and queues the records it
  /// returns as ``onLifecycle(_:)``'s are: for a vendor whose SDK sends a heartbeat of its own (Countly's
  /// `session_duration` every 60 seconds).
  ///
  /// The timer starts when the app comes to the foreground (``DeliveryOptions/lifecycle``), so the first
  /// call comes one `interval` after; it stops when the app goes to the background (before the module's
  /// ``onLifecycle(_:)`` handler hears it, so no heartbeat follows a session's end) and for good when the
  /// environment closes. Without a lifecycle, or on a server (``DeliveryOptions/Deployment/server``), it
  /// never runs. `interval` is at least a second (a shorter one is taken as a second).
  ///
  /// `handler` receives the time of the call on the module's clock (``DeliveryOptions/now``). It runs on
  /// a thread of its own, never under a ``Trackers/EventSubject`` (a server's request's subject is not the
  /// device's, so ``current`` is the device's identity there), and whatever consent says: under denial or
  /// unknown consent while the module drops events, what it returns is not queued; unknown, it is held on
  /// disk with the rest. The records are the module's own, not the app's events, and do not count in
  /// ``TrackerCounters/events``.
  ///
  /// The clock is the queue's: on a test's `VirtualQueueClock` (`configuration.queueClock`), a heartbeat
  /// comes when the test moves the clock past it (`clock.advance(by: .seconds(60))`). A heartbeat is no
  /// work pending: `deliverPending()` ends once the queue is empty and `close` ends at once, neither moves
  /// the clock to the next heartbeat.
  ///
  /// ```swift
  /// delivery.onHeartbeat(every: .seconds(60)) { date in
  ///   [VendorRecord(payload: sessionDuration(at: date), id: RecordID())]  // the module's encoding
  /// }
  /// ```
  public func onHeartbeat(every interval: Duration, _ handler: @escaping @Sendable (Date) -> [VendorRecord]) {
    heartbeats.add(interval: interval) { [weak self] in self?.beat(handler) }
  }

  /// One heartbeat: the handler, outside any subject, then its records as consent allows.
  private func beat(_ handler: @Sendable (Date) -> [VendorRecord]) {
    let records = withoutEventSubject { handler(now()) }
    queueOwnRecords(records, madeWhen: "a heartbeat came")
  }

  /// Queues the records the module made on its own (a lifecycle change, a heartbeat), as consent allows; a
  /// record the queue refuses is reported.
  func queueOwnRecords(_ records: [VendorRecord], madeWhen occasion: @autoclosure () -> String) {
    guard !records.isEmpty, consentAllowsQueueing else { return }
    for record in records {
      do {
        _ = try queue.enqueue(record.payload, id: record.id, partition: record.partition)
      } catch {
        reportFailure("could not queue the record the module made when \(occasion()): \(error)")
      }
    }
  }
}

/// The heartbeat timers of one ``VendorDelivery``: each runs while the app is in the foreground, on the
/// queue's clock (the device's `ContinuousClock`, or a test's virtual one, where it fires as the clock is
/// moved past it, without ever being a wait the queue's virtual time advances to).
final class Heartbeats: Sendable {
  private struct Beat {
    var interval: Duration
    var fire: @Sendable () -> Void
    /// On virtual time, while running: the instant of the next beat.
    var next: Duration?
  }

  private struct State {
    var timers: [Beat] = []
    var isInForeground = false
    var isStopped = false
    /// Bumped at each start and stop: a live task of an earlier run ends without firing.
    var run = 0
    var tasks: [Task<Void, Never>] = []
  }

  private let state = LockIsolated(State())
  /// The virtual clock, in tests; `nil` on the device's clocks.
  private let clock: ManualQueueClock?
  private let observation: Int?

  init(clock: ManualQueueClock?) {
    self.clock = clock
    let state = state
    observation = clock?.addObserver(
      ManualQueueClock.Observer(
        nextDeadline: { Self.nextBeat(state) },
        fire: { instant in Self.fire(state, at: instant) }))
  }

  deinit {
    if let observation { clock?.removeObserver(observation) }
    for task in state.withLock({ $0.tasks }) { task.cancel() }
  }

  /// Adds a timer; one added while the app is in the foreground starts now.
  func add(interval: Duration, fire: @escaping @Sendable () -> Void) {
    let interval = max(interval, .seconds(1))
    // Read before taking the lock: this type never holds its lock while it takes the clock's.
    let now = clock?.now.instant
    let startNow = state.withLock { state -> Int? in
      guard !state.isStopped else { return nil }
      state.timers.append(Beat(interval: interval, fire: fire))
      guard state.isInForeground else { return nil }
      state.timers[state.timers.count - 1].next = now.map { $0 + interval }
      return state.run
    }
    if let run = startNow, clock == nil { startLive(interval: interval, fire: fire, run: run) }
  }

  /// The app came to the foreground: every timer starts, its first beat one interval from now.
  func enteredForeground() {
    let now = clock?.now.instant
    let started = state.withLock { state -> (run: Int, timers: [Beat])? in
      guard !state.isStopped, !state.isInForeground else { return nil }
      state.isInForeground = true
      state.run += 1
      for index in state.timers.indices { state.timers[index].next = now.map { $0 + state.timers[index].interval } }
      return (state.run, state.timers)
    }
    guard let started, clock == nil else { return }
    for timer in started.timers { startLive(interval: timer.interval, fire: timer.fire, run: started.run) }
  }

  /// The app went to the background: every timer stops.
  func enteredBackground() {
    stop(forGood: false)
  }

  /// The environment closes: every timer stops, for good.
  func close() {
    stop(forGood: true)
  }

  private func stop(forGood: Bool) {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      if forGood { state.isStopped = true }
      state.isInForeground = false
      state.run += 1
      for index in state.timers.indices { state.timers[index].next = nil }
      defer { state.tasks = [] }
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

  /// The tasks sleeping to the next beat on the device's clock, for the tests: the background and `close`
  /// cancel each and leave none.
  var liveTasks: [Task<Void, Never>] { state.withLock { $0.tasks } }

  /// Whether a live task of `run` may still fire.
  private func isRunning(_ run: Int) -> Bool {
    state.withLock { $0.run == run && $0.isInForeground && !$0.isStopped }
  }

  /// On the device's clock: a task of its own, detached so it inherits no task-local (no subject), that
  /// sleeps to each beat and ends with the run it belongs to.
  private func startLive(interval: Duration, fire: @escaping @Sendable () -> Void, run: Int) {
    let task = Task.detached(priority: .utility) { [weak self] in
      let clock = ContinuousClock()
      var next = clock.now + interval
      while !Task.isCancelled {
        do { try await clock.sleep(until: next, tolerance: .seconds(1)) } catch { return }
        guard let self, self.isRunning(run) else { return }
        fire()
        // From the planned beat, not from when it woke: a late wake-up does not push every later beat.
        next += interval
        if next < clock.now { next = clock.now + interval }
      }
    }
    let keep = state.withLock { state -> Bool in
      guard state.run == run else { return false }
      state.tasks.append(task)
      return true
    }
    if !keep { task.cancel() }
  }

  /// On virtual time: the instant of the next beat, while running.
  private static func nextBeat(_ state: LockIsolated<State>) -> Duration? {
    state.withLock { state in
      guard state.isInForeground, !state.isStopped else { return nil }
      return state.timers.compactMap(\.next).min()
    }
  }

  /// On virtual time, with the clock at `instant`: fires each timer due then, outside the lock, each moved
  /// to its next beat first.
  private static func fire(_ state: LockIsolated<State>, at instant: Duration) {
    let (run, due) = state.withLock { state -> (Int, [@Sendable () -> Void]) in
      guard state.isInForeground, !state.isStopped else { return (state.run, []) }
      var due: [@Sendable () -> Void] = []
      for index in state.timers.indices {
        guard let next = state.timers[index].next, next <= instant else { continue }
        due.append(state.timers[index].fire)
        state.timers[index].next = next + state.timers[index].interval
      }
      return (state.run, due)
    }
    for fire in due {
      // A handler that took the app to the background, or closed the environment, ends the rest.
      guard state.withLock({ $0.run == run }) else { return }
      fire()
    }
  }
}
