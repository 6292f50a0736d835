import Foundation
import Trackers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The I/O shell around `QueueMachine`: the only code that touches the world for a queue. It holds the
/// lock, the machine, the log and the directory's locks; `enqueue`, `flush()` and the others run on the
/// caller's thread, the sending on the queue's task (`Sender`). Each feeds the machine an input with what
/// the log and the directory hold (`feed`), and runs what it answers: under the lock, after it, or as the
/// sending loop's next step (`QueueMachine.Answer`).
final class QueueDriver: Sendable {
  let name: String
  let destination: any DeliveryDestination
  let limits: BatchLimits
  let configuration: DeliveryConfiguration
  let transport: any HTTPTransport
  let onReport: (@Sendable (DeliveryReport) -> Void)?
  let state: LockIsolated<DriverState>
  let wakeup = Wakeup()
  /// Where the queue reads the time and waits (see `QueueClock`).
  let clock: any QueueClock
  /// The observer of the system's protected-data notification while the queue waits for its directory
  /// (Apple platforms with UIKit; see `observeProtectedData()`).
  let protectedDataObservation = LockIsolated<(any NSObjectProtocol)?>(nil)
  /// The sending task (`Sender.run`), which the close deadline cancels (`.cancelSending`).
  let sendingTask = LockIsolated<Task<Void, Never>?>(nil)
  /// The timers the machine started (`.startTimer`) and not yet cancelled (`.cancelTimer`).
  let timers = LockIsolated<[QueueMachine.QueueTimer: Task<Void, Never>]>([:])

  init(
    destination: any DeliveryDestination,
    configuration: DeliveryConfiguration,
    transport: any HTTPTransport,
    onReport: (@Sendable (DeliveryReport) -> Void)?,
    clock: any QueueClock = LiveQueueClock(),
    random: any QueueRandom = LiveQueueRandom()
  ) throws(DeliveryError) {
    var configuration = configuration
    configuration.maxRequestsInFlight = min(configuration.maxRequestsInFlight, transport.maxConcurrentRequests ?? .max)
    if case .memory(_, let maxBytes) = configuration.storage { configuration.maxPendingBytes = max(1, maxBytes) }
    name = destination.name
    self.clock = clock
    self.destination = destination
    limits = destination.limits
    self.configuration = configuration
    self.transport = transport
    self.onReport = onReport

    let directory = configuration.directory.path
    let start = clock.now
    // The backoff's jitter starts from `random` (see `QueueRandom`): the machine's.
    let machine = QueueMachine(
      destination: name, limits: limits, configuration: configuration, random: random,
      dateAtZero: start.date - QueueMachine.seconds(start.instant), keepsOrder: { destination.keepsOrder(of: $0) })
    var initial: DriverState
    let inMemory = configuration.storage != .disk
    // Two queues of one process on one directory are a mistake; two processes share it (see Handover). In
    // memory there is no directory to register, lock, open or hand over.
    guard inMemory || QueueDirectories.register(directory) else { throw .directoryInUse(directory) }
    do {
      let opened = try Self.openDirectory(configuration)
      initial = DriverState(log: opened.log, directory: directory, machine: machine)
      initial.registered = !inMemory
      initial.install(opened, now: start.instant)
    } catch where DataProtection.mayOpenLater(error, hasDataProtection: configuration.hasDataProtection) {
      // Launched in the background before the first unlock: keep what is tracked in memory until the
      // files can be opened, rather than fail the app's launch.
      let log = SegmentLog(
        unopenedAt: directory, segmentMaxBytes: Int64(configuration.segmentMaxBytes), writeMode: configuration.writeMode)
      initial = DriverState(log: log, directory: directory, machine: machine)
      initial.handle(.unopenedAtStart(detail: "\(error)"), at: start.instant)
    } catch {
      QueueDirectories.closed(directory)
      throw error
    }
    let unopened = initial.machine.isWaitingForStorage
    state = LockIsolated(initial)
    withState { _ in }  // runs what the machine answered: the reports of what opening found
    if unopened { observeProtectedData() }
  }

  /// Creates the directory (with its protection class on Apple platforms) and opens its log; in memory, a
  /// log in memory.
  private static func openDirectory(_ configuration: DeliveryConfiguration) throws(DeliveryError) -> OpenedLog {
    if case .memory = configuration.storage {
      return OpenedLog(log: SegmentLog(inMemoryMaxEvents: configuration.storage.maxEvents), hold: .none)
    }
    let directory = configuration.directory.path
    if let code = configuration.simulatedOpenFailure?(directory) {
      throw .storage(operation: "open", path: directory, errno: code)
    }
    try POSIXFile.makeDirectory(directory)
    DataProtection.protectDirectory(directory, calls: configuration.storageCalls)
    return try OpenedLog.takingDirectory(configuration)
  }

  // MARK: A directory that can't be opened yet

  /// Opens a log for `opening` outside the lock (opening scans everything pending; meanwhile the queue goes
  /// on as it was), and installs it if the machine still wants it then; otherwise lets go of it. Returns
  /// whether it was installed. Opened late (the directory the queue started without), the records kept in
  /// memory are written to it, oldest first; taking over from a sender that has gone, what this queue wrote
  /// is the new log's like any writer's; taken back, what a deferred purge left is purged in the same hold
  /// of the lock (`.purge`).
  func open(_ opening: QueueMachine.LogOpening) -> Bool {
    guard state.withLock({ $0.machine.wants(opening) }) else { return false }
    let opened: OpenedLog
    do {
      switch opening {
      case .late: opened = try Self.openDirectory(configuration)
      case .takeBack: opened = try OpenedLog.takingDirectory(configuration)
      case .takeOver:
        guard let sender = try OpenedLog.takingDirectoryAsSender(configuration) else { return false }
        opened = sender
      }
    } catch {
      feed { _ in .openFailed(opening, detail: "\(error)") }
      return false
    }
    // Before the log is installed, so before anything it holds can be sent and a flush can return: an
    // event tracked after that flush must find the identity its module loads from the storage now.
    if opening == .late { configuration.storageOpened?() }
    let installed = withState { s -> Bool in
      guard s.machine.wants(opening) else { return false }
      let now = clock.now.instant
      switch opening {
      case .late:
        // Taken before the log is installed: the wait they were kept in ends with it.
        let (kept, purgeFirst) = s.machine.openingLate()
        s.install(opened, now: now)
        s.handle(.reclaimed(heldLog: true), at: now)
        // Purged here, not as the machine's `.purge`: what it held goes before the records tracked since are
        // written.
        if purgeFirst {
          do throws(DeliveryError) {
            let purged = try s.log.purge()
            s.handle(.purgeDone(.openedLate, removed: purged.removed, takenBySender: purged.takenBySender), at: now)
          } catch {
            s.handle(.storageFailed("could not purge the directory opened late, as purge() asked: \(error)"), at: now)
          }
        }
        s.persist(kept.frames, configuration: configuration, now: now)
      case .takeOver:
        s.handOverLog()  // to the sender, this queue itself
        s.install(opened, now: now)
      case .takeBack:
        s.install(opened, now: now)
        s.handle(.reclaimed(heldLog: true), at: now)
      }
      return true
    }
    if !installed { opened.discard() }
    if installed && opening == .late { stopObservingProtectedData() }
    return installed
  }

  /// Asks for an attempt to open the directory now, if the queue started without it.
  func requestStorageAttempt() {
    feed { _ in .storageAttemptRequested }
  }

  // MARK: Sharing the directory with other processes

  /// What the queue does for its directory now (see ``DeliveryQueue/role``).
  var role: DeliveryQueue.Role {
    state.withLock { Roles.role($0.machine.role) }
  }

  /// Lets go of the directory before the process is suspended: once the request in flight (if any) is
  /// answered and its outcome saved, or after `timeout`, the log is closed where it stands (its cursor
  /// saved), the locks are released, and records tracked until ``reclaimDirectory()`` are written to the
  /// inbox. Whatever this queue held is the next sender's now.
  func relinquishDirectory(timeout: Duration) async {
    let deadline = clock.now.instant + timeout
    // The machine times the deadline if it waits for the sender (`.startTimer(.relinquish, ...)`).
    // The sender lets go between two requests, woken by the machine; with no sender that may send, the
    // machine's `.letGo` lets go now, in the same hold. Either answers the ticket (`letGo`).
    await withCheckedContinuation { continuation in
      feed { .relinquishAsked($0.ticket(for: continuation), deadline: deadline) }
    }
  }

  /// Lets go of the directory now; the machine answers every `relinquishDirectory` waiting.
  func relinquishNow() {
    let now = clock.now.instant
    withState { $0.letGo(at: now) }
  }

  /// Takes the directory back after ``relinquishDirectory(timeout:)``, as opening the queue does: the sender's
  /// lock if it is free (then everything pending there is this queue's to send, the inbox included),
  /// otherwise a writer directory of its own.
  func reclaimDirectory() {
    // Never opened: nothing to take back, only the directory to try again (the machine's).
    feed { _ in .reclaimAsked }
    // Not taken back (closed meanwhile, or the open failed: reported by the machine): nothing more to do.
    _ = open(.takeBack)
  }

  /// The sender: takes the segments other processes sealed or left behind, after scanning them without
  /// the lock. Returns how many records it took.
  @discardableResult
  func takeHandedOverSegments(scanner: SegmentScanner) -> Int {
    let directory = configuration.directory.path
    let collected = Handover.collect(in: directory)
    guard !collected.segments.isEmpty || !collected.finishedWriters.isEmpty else { return 0 }
    let scanned = collected.segments.compactMap { SegmentLog.scanHandedOver($0, scanner: scanner) }
    let now = clock.now.instant
    let taken = withState { s -> Int? in
      guard s.machine.isSender else { return nil }
      do throws(DeliveryError) {
        let adoption = try s.log.adopt(scanned)
        s.handle(.adopted(events: adoption.events, pendingEvents: s.log.pendingEvents), at: now)
        s.handle(.corruptFound(adoption.corrupt), at: now)
        s.saveCursor(at: now, after: "taking segments another process wrote")
        return adoption.events
      } catch {
        s.handle(.storageFailed("could not take segments another process wrote: \(error)"), at: now)
        return nil
      }
    }
    if taken != nil { collected.removeFinishedWriters() } else { collected.releaseFinishedWriters() }
    return taken ?? 0
  }

  deinit {
    withState { $0.release() }
  }

  // MARK: Enqueue

  func enqueue(_ payload: [UInt8], id: RecordID, partition: String) throws(DeliveryError) -> RecordID {
    let now = clock.now
    let enqueuedAt = now.date
    let frameSize = RecordFrame.encodedSize(
      payloadCount: payload.count, partitionCount: min(partition.utf8.count, Int(UInt16.max)))
    func encoded() -> [UInt8] { RecordFrame.encode(id: id, enqueuedAt: enqueuedAt, partition: partition, payload: payload) }
    // Outside the lock: a percent-encoded destination measures the payload byte by byte.
    let requestBytes = limits.bytes(inRequestOf: payload)
    try withState { s throws(DeliveryError) in
      var droppedOldest: Int?
      // The machine answers `.dropOldest` once: asked again, it appends or refuses (counted).
      while true {
        switch s.enqueue(
          id, payloadBytes: payload.count, requestBytes: requestBytes, frameBytes: frameSize,
          droppedOldest: droppedOldest, now: now)
        {
        case .refuse(let error): throw error
        case .dropOldest(let needed):
          droppedOldest = s.log.dropOldest(toFit: needed, cap: Int64(configuration.maxPendingBytes))
          continue
        case .keepInMemory(let dropped): s.machine.keep(encoded(), droppingOldest: dropped)
        case .writeToInbox:
          // No lock to write under: a file of its own, which the next sender takes.
          try Handover.writeToInbox(encoded(), in: s.directory, at: enqueuedAt)
          s.handle(.wroteToInbox, at: now.instant)
        case .append:
          try s.log.append(size: frameSize) { frame in
            RecordFrame.encode(into: frame, id: id, enqueuedAt: enqueuedAt, partition: partition, payload: payload)
          }
          s.appended(at: now.instant)
        }
        return
      }
    }
    return id
  }

  // MARK: Running the machine

  /// The one way to the state: runs `body` under the lock, where it feeds the machine (`DriverState.handle`),
  /// then, in the same hold, what the machine answered to run under it (`DriverState.applyLockedEffects`),
  /// then what it answered to run after it once the lock is released (`run`), and returns or throws what
  /// `body` did.
  @discardableResult
  func withState<T, E: Error>(_ body: (inout DriverState) throws(E) -> T) throws(E) -> T {
    try modify(loop: nil) { s in Result { () throws(E) in try body(&s) } }.result.get()
  }

  /// `withState` for the sending task's loop: returns the step the machine answered it.
  private func modify<T>(loop: Sender?, _ body: (inout DriverState) -> T) -> (result: T, step: QueueMachine.LoopStep?) {
    var effects: [QueueMachine.Effect] = []
    var waiters: [[CheckedContinuation<Void, Never>]] = []
    var step: QueueMachine.LoopStep?
    let result = state.withLock { s -> T in
      let result = body(&s)
      if !s.underLock.isEmpty { s.applyLockedEffects(at: clock.now.instant) }
      step = s.takeStep()
      // The common case, an enqueue that wakes no one: nothing to run, nothing allocated.
      guard !s.outbox.isEmpty else { return result }
      swap(&effects, &s.outbox)
      waiters = effects.map { effect in
        guard case .answer(let tickets) = effect else { return [] }
        return s.takeWaiters(tickets)
      }
      return result
    }
    // Only the loop's own inputs are answered a step: anywhere else it would be lost.
    assert(loop != nil || step == nil, "a loop step (\(step.map { "\($0)" } ?? "")) answered outside the loop")
    if !effects.isEmpty { run(effects, waiters: waiters, loop: loop) }
    return (result, step)
  }

  /// The one place that runs the machine's effects after the lock, in order, once it is released. What a
  /// caller asked (where a record goes, what becomes of a batch) is the machine's reply beside its answer
  /// (`DriverState.ask`), and what the sending loop does next is the answer's step (`Sender.perform`),
  /// never read from these.
  private func run(_ effects: [QueueMachine.Effect], waiters: [[CheckedContinuation<Void, Never>]], loop: Sender?) {
    for (effect, waiters) in zip(effects, waiters) {
      switch effect {
      case .answer: for waiter in waiters { waiter.resume() }
      case .wakeSender: wakeup.signal()
      case .report(let report):
        if let onReport {
          onReport(report)
        } else if report.isFailure {
          // No handler: a drop must still be loud.
          FileHandle.standardError.write(Data("TrackersDelivery: \(report.description)\n".utf8))
        }
      case .voidReadAhead(let generation):
        // Answered to the loop's looks only.
        assert(loop != nil, "voidReadAhead outside the loop")
        loop?.voidReadAhead(generation: generation)
      case .cancelSending: sendingTask.withLock { $0 }?.cancel()
      case .startTimer(let timer, let deadline): start(timer, deadline: deadline)
      case .cancelTimer(let timer): timers.withLock { $0.removeValue(forKey: timer) }?.cancel()
      }
    }
  }

  /// Feeds the machine one input, made under the lock from what the queue holds (`nil`: nothing to feed),
  /// and runs what it answers.
  func feed(_ input: (inout DriverState) -> QueueMachine.Input?) {
    let now = clock.now.instant
    // No loop, no step: `modify` asserts none was answered.
    _ = modify(loop: nil) { s in if let input = input(&s) { s.handle(input, at: now) } }
  }

  /// `feed` for the sending task's `loop`: returns the step the machine answered it (`nil`: look again).
  func feed(_ loop: Sender, _ input: (inout DriverState) -> QueueMachine.Input) -> QueueMachine.LoopStep? {
    let now = clock.now.instant
    return modify(loop: loop) { s in s.handle(input(&s), at: now) }.step
  }

  /// Starts the machine's `timer` (`.startTimer`), replacing the one running: at `deadline` on the queue's
  /// clock, unless cancelled first, it feeds the timer's input, and the machine decides what the deadline
  /// does (`close(timeout:)`, `relinquishDirectory(timeout:)`).
  private func start(_ timer: QueueMachine.QueueTimer, deadline: Duration) {
    let input: QueueMachine.Input
    switch timer {
    case .close: input = .closeTimerFired
    case .relinquish: input = .relinquishTimerFired
    }
    let timeout = max(.zero, deadline - clock.now.instant)
    let task = Task { [weak self, clock] in
      await clock.wait(on: Wakeup(), timeout: timeout)
      if !Task.isCancelled { self?.feed { _ in input } }
    }
    timers.withLock { $0.updateValue(task, forKey: timer) }?.cancel()
  }

  // MARK: Reading state

  var counters: DeliveryCounters {
    state.withLock { s in
      s.machine.counters(log: (s.log.pendingEvents, Int(s.log.pendingBytes)))
    }
  }

  func purge() throws(DeliveryError) {
    let now = clock.now.instant
    try withState { s throws(DeliveryError) in try s.purge(at: now) }
  }

  func sync() throws(DeliveryError) {
    try withState { s throws(DeliveryError) in try s.log.sync() }
  }
}
