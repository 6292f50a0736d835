import Foundation

/// A caller waiting for its answer (`flush()`, `relinquishDirectory(timeout:)`): the machine decides when
/// it is answered (`.answer`), the shell holds the caller.
struct FlushTicket: Hashable, Sendable {
  var id: Int
}

/// The queue's decisions and the state they read: its part (closing, let go of), what is due, the
/// pace of sending, the `flush()` calls waiting, the log's generation and the counters. It reads nothing
/// itself: the shell passes the time and what the log and the directory hold with each input, and runs
/// what it answers (``Answer``: effects under the lock, effects after it, the sending loop's next step; see
/// `QueueDriver` and `Sender`). Inputs that only count ignore the time. The same state, input, time and
/// random seed give the same answer.
struct QueueMachine {
  /// What enqueue should wake the sender for, while it waits.
  enum SenderWait: Equatable {
    /// Nothing pending: any enqueue wakes the sender so it can start the interval timer.
    case idle
    /// Waiting for the interval: only a full batch wakes it early.
    case interval
  }

  /// What the sender's loop sees when it looks: the log's side of the facts.
  struct SendFacts: Equatable {
    /// The send gate (consent, ``DeliveryConfiguration/shouldSend``).
    var maySend = true
    /// How many `flush()` calls the machine had received (`flushesReceived`) when the sender read the
    /// gate, outside the lock; `nil`: all of them.
    var flushesBeforeGate: Int?
    /// Batches read ahead or split, waiting to be sent before anything else.
    var hasCarry = false
    /// The generation the sender's read-ahead belongs to.
    var readGeneration = 0
    var pendingEvents = 0
    var pendingBytes: Int64 = 0
    /// The end of what this process's log holds, and of what it holds with what writers handed over.
    var logEnd = LogPosition(segment: 0, offset: 0)
    var writerEnd = LogPosition(segment: 0, offset: 0)
  }

  enum Input {
    /// Let go of the directory, an enqueued record was written to the inbox: the next sender's.
    case wroteToInbox
    /// `count` records left this queue's hands for another process's sender (negative: taken back from
    /// the inbox by `purge()`).
    case handedOver(Int)
    /// The records kept in memory were written to the log opened late: `overflow` of the oldest dropped at
    /// the `cap`, `lost` could not be written (`lostBecause` says why).
    case wroteKeptRecords(overflow: Int, lost: Int, cap: Int64, lostBecause: String)
    /// The log and the locks were released (`close`, the queue's end).
    case released
    /// `flush()` was called, when the log ended at `reach` (``SegmentLog/writerEnd``): the drain that
    /// answers it stops at the first batch past that (`nil`: at what the log holds when the drain starts).
    case flushRequested(FlushTicket, reach: LogPosition? = nil)
    /// `close(timeout:)` was called: the queue closes by `deadline` (the earliest, if called again).
    case closeRequested(deadline: Duration)
    /// `close(timeout:)`'s timer fired: past the deadline, the sending task is cancelled.
    case closeTimerFired
    /// The sending task looks for its next step, whatever the queue's part (`Roles.loop`): waiting for the
    /// directory, let go of it, writing for another process's sender, or sending (taking what other
    /// processes hand over first, on the handover cadence). Entering a part's loop, what was read ahead is
    /// void (waiting) or the handover look is due at once (sending).
    case look(SendFacts)
    /// A drain ended: whether it took any batch to send (`tookBatches`), whether it stopped at a batch read
    /// past its target (`reachedTarget`), and what is still pending.
    case drainEnded(tookBatches: Bool, reachedTarget: Bool, pendingEvents: Int)
    /// A request is on its way.
    case requestSent
    /// Reading skipped `aged` records too old and damaged regions (already finished on the log).
    case readSkipped(aged: Int, corruptRegions: Int, corruptBytes: Int)
    /// The directory was taken back, or opened late (`heldLog`), or, never opened, may be tried again.
    case reclaimed(heldLog: Bool)
    /// `purge()` deleted `removed` records by `route` (`purgeRoute`), `takenBySender` of them found taken
    /// by the sender just before.
    case purgeDone(PurgeRoute, removed: Int, takenBySender: Int)
    /// A log was installed (opened, taken over, taken back) holding `pendingEvents`, `recovered` of them
    /// found on disk.
    case logInstalled(pendingEvents: Int, recovered: Int, writing: Bool)
    /// Damaged regions were found in the log (opening it, taking what other processes handed over).
    case corruptFound([CorruptRegion])
    /// `events` records other processes handed over were taken (or records kept in memory written); the
    /// log holds `pendingEvents` now.
    case adopted(events: Int, pendingEvents: Int)
    /// The sender lock was tried: `free`, this queue is the sender now.
    case senderLock(free: Bool)
    /// The sender's task ended, and what memory held is lost: `lostKept` records kept while the directory
    /// could not be opened, `lostFromMemory` of a memory-only queue. Counted and reported, then as
    /// `.senderExited`.
    case senderEnded(lostKept: Int, lostFromMemory: Int)
    /// `relinquishDirectory(timeout:)` was called (`ticket` answers it once the queue let go): it waits for
    /// the sender to let go between two requests, until `deadline` at the latest, or lets go now
    /// (`.relinquish`).
    case relinquishAsked(FlushTicket, deadline: Duration)
    /// Reading or writing the directory failed outside a batch's answer (`detail` says what and why):
    /// reported, as every report is, through the machine's answer.
    case storageFailed(String)
    /// `reclaimDirectory()` was called: never opened, back to waiting for the directory (an attempt now);
    /// otherwise the shell tries to take the log back (`wants(.takeBack)`).
    case reclaimAsked
    /// The directory could not be opened when the queue started (`detail` says why): as
    /// `.startedWithoutStorage`, reported with what the queue does meanwhile.
    case unopenedAtStart(detail: String)
    /// A log could not be opened for `opening` (`detail` says why): opening late, the next attempt waits
    /// longer; taking the directory back or over, it is reported, and the next call or look tries again.
    case openFailed(LogOpening, detail: String)
    /// `relinquishDirectory(timeout:)`'s timer fired: past its deadline, the queue lets go without waiting
    /// any longer for the request in flight.
    case relinquishTimerFired
    /// `flush()`, `reclaimDirectory()`, `storageMayBeAvailable()` or the system asks for an attempt now.
    case storageAttemptRequested
    /// Waiting to open the directory after a failed attempt, the loop looks (`.idleTimerFired`).
    case storageIdle
  }

  /// The steps the machine takes on its own, from an input: counting what a batch's answer or a drop does, the
  /// loop of each part at a look, letting go, the sender's end. Never fed by the shell (`QueueDriver` feeds
  /// ``Input``s only, and nothing in Sources/ outside this type calls `step(_:at:)`). Internal, not private:
  /// about 95 rows of the machine's tests start from a state these steps make (a retry's pause, a let-go, a
  /// start without the directory), which reaching through inputs would bury under the setup of a log and a
  /// batch in flight.
  enum Step {
    /// An enqueue found the log full: the oldest `count` records were dropped to make room.
    case droppedOldest(Int, cap: Int64)
    /// `purge()` deleted `count` records; `detail` says which.
    case purgedRecords(Int, detail: String)
    /// The queue closed before its directory opened: the `count` records kept in memory are lost.
    case lostInMemory(Int)
    /// The batch's records were finished on the log: `delivered` delivered, `rejected` dropped (with up to
    /// ten `reasons`).
    case finished(delivered: Int, rejected: Int, reasons: [String])
    /// The batch of `ids` was resolved `.finish(rejected:)` and the records at `finished` (indices in batch
    /// order, those still pending) were finished on the log: counted as `.finished`, the rejected ones'
    /// reasons named.
    case batchFinished(ids: [RecordID], finished: [Int], rejected: [Int: String])
    /// `count` records were dropped from the log for `reason`; with `folding`, its report is folded.
    case dropped(count: Int, reason: DropReason, detail: String, folding: Bool)
    /// The request failed and its attempts were counted on the log: `kept` records wait for the pause
    /// (the server's `serverDelay`, or the backoff's, which the next look waits out), `exhausted` ran out of
    /// attempts (finished on the log).
    case retried(kept: Int, exhausted: Int, serverDelay: Duration?, detail: String)
    /// The queue let go of its directory; `heldLog`: it had a log open (not still waiting to open it).
    case relinquished(heldLog: Bool)
    /// Writing for another process's sender, the handover interval is up (or a flush asks).
    case writerTimerFired
    /// Let go of the directory: the loop looks.
    case relinquishedTimerFired
    /// Waiting to open the directory, the sender's loop looks: an attempt is due at `nextAttempt`, or
    /// now if asked (`attemptRequested`: `reclaimDirectory()`, protected data available).
    case storageLook(attemptRequested: Bool, nextAttempt: Duration)
    /// Waiting to open the directory (after a look or a failed attempt) (retried at `nextAttempt`): the loop looks.
    case idleTimerFired(nextAttempt: Duration?)
    /// The sender's task ended.
    case senderExited
    /// The directory could not be opened when the queue started: records wait in memory, and the machine
    /// says when to try again.
    case startedWithoutStorage
    /// Waiting to open the directory, the sender's loop looks (`.storageLook` with the machine's schedule);
    /// once it is open, the loop of the new part runs.
    case storageTimerFired
    /// The sender's loop looks whether the handover interval is up (`.takeHandedOver`).
    case handoverTimerFired
  }

  /// How a batch's request ended, as the shell saw it.
  enum BatchAnswer: Sendable {
    /// The destination's reading of its answer (`classify`); `ids` are the batch's records in order,
    /// `response` is the answer, described (redacted) only for a report: most answers make none.
    case outcome(DeliveryOutcome, ids: [RecordID], response: HTTPResponse)
    /// The request could not be made (`makeRequest` threw, an insecure URL) or the transport refused it
    /// for good.
    case requestFailed(String)
    /// No answer (the network).
    case noAnswer(any Error)
    /// Not sent, or not answered: the send gate closed while the request was built, or the sending task
    /// was cancelled (`close(timeout:)`'s deadline). The records go again; the drain starts no more.
    case withheld

    /// The answer to a request whose delivery threw `error`: the transport refused it for good (a
    /// ``DeliveryError``: an insecure URL, a body it can't send), it was cancelled (`close(timeout:)`'s
    /// deadline: withheld, its records go again), or it got no answer (the network: retried).
    init(deliveryThrew error: any Error, cancelled: Bool) {
      if let error = error as? DeliveryError {
        self = .requestFailed(error.description)
      } else {
        self = cancelled ? .withheld : .noAnswer(error)
      }
    }

    /// The answer to a request that could not be built (`queuedRequest(for:compressing:)` threw): it fails,
    /// as a request the transport refused for good does, with the destination's own words if it gave any.
    init(requestNotBuilt error: any Error) {
      self = .requestFailed((error as? DeliveryError)?.description ?? "could not build the request: \(error)")
    }
  }

  let destination: String
  let limits: BatchLimits
  let configuration: DeliveryConfiguration
  /// The backoff's jitter starts from this source.
  var random: any QueueRandom
  /// Whether the destination sends a partition's records in order (``DeliveryDestination/keepsOrder(of:)``).
  let keepsOrder: @Sendable (String) -> Bool
  /// A batch of a partition in any order was read (`nextBatch`): reads may pass over the batches out.
  var readUnordered = false

  /// The part the queue plays for its directory.
  enum Role: Equatable {
    /// The directory could not be opened yet (Data Protection before the first unlock): records wait in
    /// memory, and the machine says when to try again.
    case unopened(UnopenedStorage)
    /// It holds the directory's lock and sends; what only a sender has (a `relinquishDirectory` waiting for
    /// it to let go, the handover cadence) is its case's, gone with it.
    case sender(Sending)
    /// Another process sends: it writes to a directory of its own and hands it over.
    case writer
    /// It let go of the directory (the process is about to be suspended): before it ever opened, or
    /// holding the log (see `LetGo`).
    case relinquished(LetGo)
    /// The log and the locks were released: nothing more is read or written. What it was is kept for the
    /// counters (`relinquished`: nothing is pending here) and `isWaitingForStorage`.
    case closed(relinquished: Bool, waiting: UnopenedStorage?)
    /// Only while a case's payload is changed in place (`updateStorageWait`), as AsyncHTTPClient's state
    /// machines do: with the role out of the enum, the records kept in memory are not shared, and adding one
    /// copies none of them. Never seen outside that change.
    case modifying
  }

  /// What a queue that let go of its directory goes back to when taken back.
  enum LetGo: Equatable {
    /// It let go before it ever opened: the wait it goes back to (which holds a `purge()` called meanwhile).
    case neverOpened(UnopenedStorage)
    /// It let go of the log it held; `purgeWhenReclaimed`: `purge()` was called meanwhile, so the log is
    /// purged once it is taken back, before anything is sent from it.
    case heldLog(purgeWhenReclaimed: Bool)

    /// Let go of in `role`'s place: what it waited in, if it never opened.
    init(waiting: UnopenedStorage?) {
      self = waiting.map { .neverOpened($0) } ?? .heldLog(purgeWhenReclaimed: false)
    }
  }

  /// What only the sender role holds: gone when the queue lets go of the directory, closes or writes for
  /// another process's sender, so none of it can outlive the role.
  struct Sending: Equatable {
    /// `relinquishDirectory` waits for this sender to finish the request in flight and let go, until this
    /// deadline at the latest (`nil`: nobody waits).
    var relinquishDeadline: Duration?
    /// When to look next for what other processes handed over (`nil`: at the next look).
    var nextHandoverLook: Duration?
  }

  /// `close(timeout:)` was called: a deadline exists only with a close.
  struct Closing: Equatable {
    /// On the queue clock's monotonic line, as are the other instants here.
    var deadline: Duration
  }

  /// The sending task: running, with what an enqueue wakes it for while it waits, or gone.
  enum SendingTask: Equatable {
    /// `wait`: what an enqueue wakes it for (`nil`: nothing, it is busy or woken already); `loop`: the loop
    /// it ran at its last look (`nil`: none yet, or its part changed since, `.modeChanged`).
    case running(wait: SenderWait?, loop: Roles.Loop? = nil)
    /// It ended: nothing more is sent, and a `flush()` is answered at once.
    case gone
  }

  /// Where the log ended at the latest `flush()` call waiting, in the log's generation then (positions of
  /// another generation may name other records).
  struct FlushReach: Equatable {
    var end: LogPosition
    var generation: Int

    /// With one more call's reach: the later end; `nil` (to the drain's start, the widest) if that call's
    /// reach is not known or belongs to another generation.
    func including(_ reach: LogPosition?, generation: Int) -> FlushReach? {
      guard let reach, let end = end(in: generation) else { return nil }
      return FlushReach(end: max(end, reach), generation: generation)
    }

    /// The end, if it names a place in the log of `generation`.
    func end(in generation: Int) -> LogPosition? {
      generation == self.generation ? end : nil
    }
  }

  /// `flush()` calls waiting for the drain that takes them: at least one, oldest first, with how far they
  /// reach (`nil`: to what the log holds when their drain starts).
  struct FlushWait: Equatable {
    var tickets: [FlushTicket]
    var reach: FlushReach?
  }

  /// A drain under way, from the `.drain` command to `.drainEnded` (or the sender's end): whether it is
  /// held and whom it answers exist only during one. Not the sender role's: a drain outlives a let-go in
  /// its middle (its flush() calls are answered when it ends, whatever the role by then).
  struct Drain: Equatable {
    /// A batch was withheld (`.withheld`): the drain starts no more requests until it ends.
    var held = false
    /// The `flush()` calls the drain answers when it ends.
    var tickets: [FlushTicket] = []
  }

  var counters = DeliveryCounters()
  /// A sender until the shell installs the log it opened (`.logInstalled`) or could not (`.startedWithoutStorage`).
  var role = Role.sender(Sending())
  /// `close(timeout:)` was called (`nil`: the queue is not closing). Whatever the role: a queue closes
  /// from any of them.
  private(set) var closeRequest: Closing?
  private(set) var task = SendingTask.running(wait: nil)
  /// Counts the times the log was replaced (let go of, taken back, opened late), so the sender drops
  /// what it read from the old one.
  var generation = 0
  var pendingSince: Duration?
  /// Consecutive failures and the backoff they call for. Not the sender role's: a writer that takes over,
  /// or a sender taken back, goes on with the failures counted so far.
  var pace = DeliveryPace()
  /// The `flush()` calls waiting for a drain to take them, and how far they reach (`nil`: none waits, so no
  /// reach can be left behind).
  private(set) var flushWait: FlushWait?
  /// The `flush()` calls waiting, oldest first.
  var flushTickets: [FlushTicket] { flushWait?.tickets ?? [] }
  /// How far the waiting `flush()` calls reach (`nil`: to what the log holds when their drain starts).
  var flushReach: FlushReach? { flushWait?.reach }
  /// Every `flush()` call so far: a gate read before the last of them may be stale for it.
  private(set) var flushesReceived = 0
  private(set) var drain: Drain?
  /// The `relinquishDirectory(timeout:)` calls waiting for the queue to let go (`letGo`): a writer's or an
  /// unopened queue's for as long as it takes the shell to let go (`.relinquish`), a sender's until it does.
  var relinquishTickets: [FlushTicket] = []
  /// Drop reports of a repeated cause (the pending cap, records too large one by one), one per cause and
  /// ``DeliveryConfiguration/repeatedReportInterval`` on the queue's clock; the rest told at the sender's end.
  var repeatedDrops: ReportFolding<DropReason>
  /// The wall time at instant zero of the queue's clock: a folded summary's "since" (reports only).
  let dateAtZero: Date

  init(
    destination: String, limits: BatchLimits, configuration: DeliveryConfiguration, random: any QueueRandom,
    dateAtZero: Date = Date(timeIntervalSince1970: 0), keepsOrder: @escaping @Sendable (String) -> Bool = { _ in true }
  ) {
    self.destination = destination
    self.keepsOrder = keepsOrder
    self.limits = limits
    self.configuration = configuration
    self.random = random
    self.dateAtZero = dateAtZero
    repeatedDrops = ReportFolding(interval: configuration.repeatedReportInterval)
  }

  /// A drop report of a repeated cause: sent unless it repeats one sent within the interval, a folded one
  /// told, summed, before the first report after the interval (or at the sender's end, `.senderExited`).
  mutating func folding(_ report: DeliveryReport, at now: Duration) -> Answer {
    guard case let .dropped(_, count, reason, _) = report else { return [.report(report)] }
    switch repeatedDrops.admit(reason, weight: count, at: now, date: dateAtZero + Self.seconds(now)) {
    case .fold: return []
    case .send: return [.report(report)]
    case .sendAfter(let folded): return [.report(foldedReport(folded)), .report(report)]
    }
  }

  /// The summary of what was folded for one cause.
  func foldedReport(_ folded: ReportFolding<DropReason>.Folded) -> DeliveryReport {
    .dropped(
      destination: destination, count: folded.weight, reason: folded.cause,
      detail: "\(folded.reports) more report\(folded.reports == 1 ? "" : "s") like the last one "
        + "\(ReportFolding<DropReason>.since(folded.since)), folded into this one (the counters have each event)")
  }

  static func seconds(_ d: Duration) -> TimeInterval {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  /// The sender role's state, if it is the sender.
  var sending: Sending? {
    if case .sender(let sending) = role { sending } else { nil }
  }

  var isSender: Bool { sending != nil }

  /// Changes the sender role's state; nothing in any other role.
  private mutating func updateSending(_ change: (inout Sending) -> Void) {
    guard case .sender(var sending) = role else { return }
    change(&sending)
    role = .sender(sending)
  }

  /// A record was appended to the log, which now holds `events` and `bytes`: whether to wake the sender,
  /// the only effect an append can have. A question with a `Bool` for its answer, not an ``Input``:
  /// `DriverState.appended` asks it for every record `track` appends, and building and dropping an
  /// ``Answer`` there cost about 100 instructions per event (issue 41).
  mutating func appended(pendingEvents events: Int, pendingBytes bytes: Int64, at now: Duration) -> Bool {
    counters.enqueued += 1
    if pendingSince == nil { pendingSince = now }
    let wake: Bool
    switch senderWait {
    case .idle?: wake = true
    case .interval?: wake = limits.makeAFullBatch(events: events, bytes: bytes)
    case nil: wake = false
    }
    guard wake else { return false }
    task = .running(wait: nil, loop: runningLoop)
    return true
  }

  var closing: Bool { closeRequest != nil }
  var closeDeadline: Duration? { closeRequest?.deadline }
  var senderGone: Bool { task == .gone }
  /// What an enqueue wakes the sender for while it waits.
  var senderWait: SenderWait? {
    if case .running(let wait, _) = task { wait } else { nil }
  }
  /// The loop the sending task ran at its last look (`nil`: none yet, its part changed, or the task is gone).
  var runningLoop: Roles.Loop? {
    get { if case .running(_, let loop) = task { loop } else { nil } }
    set { if case .running(let wait, _) = task { task = .running(wait: wait, loop: newValue) } }
  }
  /// `relinquishDirectory` waits for the sender to let go, until `relinquishDeadline` at the latest.
  var relinquishRequested: Bool { relinquishDeadline != nil }
  var relinquishDeadline: Duration? { sending?.relinquishDeadline }
  var nextHandoverLook: Duration? { sending?.nextHandoverLook }
  var drainHeld: Bool { drain?.held ?? false }
  var drainTickets: [FlushTicket] { drain?.tickets ?? [] }

  /// `purge()` was called while the queue let go of its log, or before its directory opened: the log is
  /// purged once it is taken back or opens. The role's (`LetGo.heldLog`, `UnopenedStorage.purgeWhenOpened`).
  var purgeWhenReclaimed: Bool {
    if case .relinquished(.heldLog(let purge)) = role { return purge }
    return storageWait?.purgeWhenOpened ?? false
  }

  /// Whether the queue waits for a directory it could not open, its records in memory.
  var isWaitingForStorage: Bool { storageWait != nil }

  /// While the directory can't be opened (let go of meanwhile, or closed before it opened): when to try again.
  var storageWait: UnopenedStorage? {
    switch role {
    case .unopened(let wait): wait
    case .relinquished(.neverOpened(let wait)): wait
    case .closed(_, let wait): wait
    case .sender, .writer, .relinquished(.heldLog): nil
    case .modifying: preconditionFailure("the role read while it is changed")
    }
  }

  /// Let go of the directory (closed since, too).
  var relinquished: Bool {
    switch role {
    case .relinquished, .closed(relinquished: true, _): true
    default: false
    }
  }

  /// The log and the locks were released.
  var closed: Bool {
    if case .closed = role { true } else { false }
  }

  /// Changes the wait for the directory in place, in whichever role holds it (`closed` too, with
  /// `includingClosed`: what it kept in memory is still there until the sender's end counts it lost).
  private mutating func updateStorageWait(includingClosed: Bool = false, _ change: (inout UnopenedStorage) -> Void) {
    switch role {
    case .unopened(var wait):
      role = .modifying
      change(&wait)
      role = .unopened(wait)
    case .relinquished(.neverOpened(var wait)):
      role = .modifying
      change(&wait)
      role = .relinquished(.neverOpened(wait))
    case .closed(let relinquished, var wait?) where includingClosed:
      role = .modifying
      change(&wait)
      role = .closed(relinquished: relinquished, waiting: wait)
    case .sender, .writer, .relinquished(.heldLog), .closed:
      break
    case .modifying:
      preconditionFailure("the role changed while it is changed")
    }
  }

  /// The records kept in memory while the directory can't be opened (none once it is, or never was shut).
  var kept: KeptFrames {
    storageWait?.kept ?? KeptFrames()
  }

  /// Keeps `frame` in memory (`EnqueueAnswer.keepInMemory`), the oldest `droppingOldest` gone: in place,
  /// one append, no copy of the frames kept before it.
  mutating func keep(_ frame: [UInt8], droppingOldest dropped: Int) {
    updateStorageWait(includingClosed: true) { $0.kept.append(frame, droppingOldest: dropped) }
  }

  /// The records kept in memory, no longer kept: to write to the log opened late, purged, or lost at the
  /// sender's end.
  mutating func takeKept() -> KeptFrames {
    var taken = KeptFrames()
    updateStorageWait(includingClosed: true) { swap(&taken, &$0.kept) }
    return taken
  }

  /// Whether a drain goes on with its next batch: not once the log is let go of or replaced (its target
  /// belongs to the old one), nor while `relinquishDirectory` waits.
  func drainContinues(readGeneration: Int) -> Bool {
    !relinquished && !relinquishRequested && generation == readGeneration
  }

  /// What `purge()` deletes, by the queue's part.
  enum PurgeRoute: Equatable {
    /// The directory can't be opened yet: the records kept in memory now, the log once it opens.
    case memory
    /// Let go of: the records this process wrote to the inbox that no sender took yet, the log once it
    /// is taken back.
    case inbox
    /// Every pending record of the log.
    case log
    /// The log opened late, purged before the records kept in memory are written to it.
    case openedLate
  }

  /// Where `purge()` deletes now.
  var purgeRoute: PurgeRoute { isWaitingForStorage ? .memory : relinquished ? .inbox : .log }

  /// The counters with what is pending now: the log's, none once it is let go of (counted handed over),
  /// and the records kept in memory until the directory opens, this queue's whatever its part.
  func counters(log: (events: Int, bytes: Int)) -> DeliveryCounters {
    var now = self.counters
    let kept = self.kept
    now.pendingEvents = (relinquished ? 0 : log.events) + kept.frames.count
    now.pendingBytes = (relinquished ? 0 : log.bytes) + kept.bytes
    return now
  }

  /// What a log opened outside the lock (opening scans everything pending) is for.
  enum LogOpening {
    /// The directory the queue started without, opened late.
    case late
    /// The directory let go of, taken back.
    case takeBack
    /// The sender lock, free again: this writer sends from now on.
    case takeOver
  }

  /// Whether the queue still wants a log opened for `opening` once the lock is held again: meanwhile it
  /// may have closed, let go of the directory or taken it back (then the shell discards the log).
  func wants(_ opening: LogOpening) -> Bool {
    switch opening {
    case .late: isWaitingForStorage && !closed && !relinquished
    case .takeBack: relinquished && !closing
    case .takeOver: role == .writer && !closing
    }
  }

  /// Feeds the machine what the shell saw or was asked (`QueueDriver.feed`): what the shell does about it.
  mutating func handle(_ input: Input, at now: Duration) -> Answer {
    switch input {

    case .wroteToInbox:
      counters.enqueued += 1
      counters.handedOver += 1
      return []

    case .handedOver(let count):
      counters.handedOver += count
      return []

    case .wroteKeptRecords(let overflow, let lost, let cap, let lostBecause):
      let overflowed = Outcomes.countDropped(
        overflow, reason: .overflow,
        detail: "oldest records dropped to stay under \(cap) pending bytes while writing the records kept in memory",
        destination: destination, counters: &counters)
      let lost = Outcomes.countDropped(
        lost, reason: .storageUnavailable,
        detail: "records kept in memory until the directory opened could not be written to it: \(lostBecause)",
        destination: destination, counters: &counters)
      return Answer([overflowed, lost].compactMap { $0.map { .report($0) } })

    case .released:
      // A relinquishDirectory() still waiting for the sender (cancelled at close's deadline before it let
      // go) is answered now: nothing is held any more, and the request goes with the sender role.
      let waiting = relinquishRequested ? relinquishTickets : []
      if !waiting.isEmpty { relinquishTickets = [] }
      role = .closed(relinquished: relinquished, waiting: storageWait)
      return waiting.isEmpty ? [] : [.answer(waiting), .cancelTimer(.relinquish)]

    case .flushRequested(let ticket, let reach):
      if senderGone { return [.answer([ticket])] }
      flushesReceived += 1
      // A position in the log a sender reads; a writer's or an unopened queue's log is not the one its
      // drain will read, should it become the sender.
      let reach = sending == nil ? nil : reach
      if var wait = flushWait {
        wait.reach = wait.reach?.including(reach, generation: generation)
        wait.tickets.append(ticket)
        flushWait = wait
      } else {
        flushWait = FlushWait(tickets: [ticket], reach: reach.map { FlushReach(end: $0, generation: generation) })
      }
      return [.wakeSender]

    case .closeRequested(let deadline):
      // No task left to cancel at the deadline: nothing to time.
      let timer: Answer = senderGone ? [] : [.startTimer(.close, deadline: deadline)]
      guard let closing = closeRequest else {
        closeRequest = Closing(deadline: deadline)
        return [.wakeSender] + timer
      }
      // Called again: the earliest deadline holds, and the timer fires at it.
      guard deadline < closing.deadline else { return [] }
      closeRequest = Closing(deadline: deadline)
      return timer

    case .closeTimerFired:
      // A request can't be stopped but from outside: at the deadline the sending task is cancelled.
      guard !senderGone, let deadline = closeDeadline, now >= deadline else { return [] }
      return [.cancelSending]

    case .look(let sendFacts):
      let loop = Roles.loop(role)
      var commands = Answer()
      if loop != runningLoop {
        runningLoop = loop
        switch loop {
        case .waitForStorage, .waitWhileRelinquished: commands.afterUnlock.append(.voidReadAhead(generation: generation))
        case .send: updateSending { $0.nextHandoverLook = nil }
        case .handOver: break
        }
      }
      switch loop {
      case .waitForStorage: commands += step(.storageTimerFired, at: now)
      case .waitWhileRelinquished: commands += step(.relinquishedTimerFired, at: now)
      case .handOver: commands += step(.writerTimerFired, at: now)
      case .send:
        // What other processes handed over is taken first: the next look sees it.
        let handover = step(.handoverTimerFired, at: now)
        commands += handover.isEmpty ? sendStep(sendFacts, at: now) : handover
      }
      if commands.next == .modeChanged { runningLoop = nil }
      return commands

    case .drainEnded(let tookBatches, let reachedTarget, let pendingEvents):
      // Progress: a batch was taken to send (even if nothing of it was left to send), or the drain stopped
      // at its target (the next look sees what is past it).
      let progressed = tookBatches || reachedTarget
      pendingSince = pendingEvents > 0 ? now : nil
      let tickets = drainTickets
      drain = nil
      var commands = Answer()
      if !tickets.isEmpty { commands.afterUnlock.append(.answer(tickets)) }
      if pace.backoffUntil != nil {
        // The destination asked for a pause: flush() does not wait through it.
        commands.afterUnlock.append(.answer(takeTickets()))
      }
      if !progressed && pace.backoffUntil == nil && pendingEvents > 0 {
        // Records are counted pending but none could be read (a segment vanished under us): wait for new
        // work instead of spinning; close still ends the loop.
        commands.next = closing ? .exit : .wait(limits.flushInterval)
      }
      return commands

    case .requestSent:
      counters.requests += 1
      return []

    case .readSkipped(let aged, let regions, let bytes):
      let aged = Outcomes.countDropped(
        aged, reason: .maxAge, detail: "older than \(configuration.maxAge)", destination: destination, counters: &counters)
      let corrupt = countCorrupt(regions: regions, bytes: bytes, detail: "damage found while reading")
      return Answer([aged, corrupt].compactMap { $0.map { .report($0) } })

    case .reclaimed(let heldLog):
      guard heldLog else {
        // Never opened: back to waiting for the directory, and an attempt now.
        if case .relinquished(let letGo) = role {
          if case .neverOpened(let wait) = letGo { role = .unopened(wait) } else { role = .sender(Sending()) }
        }
        return handle(.storageAttemptRequested, at: now)
      }
      // A log is installed (its part set by `.logInstalled`): opened late, the wait for the directory is over.
      switch role {
      case .unopened, .relinquished: role = .sender(Sending())
      case .sender, .writer, .closed: break
      case .modifying: preconditionFailure("the role read while it is changed")
      }
      generation += 1
      return [.wakeSender]

    case .purgeDone(let route, let removed, let takenBySender):
      let detail: String
      switch route {
      case .memory:
        updateStorageWait { $0.purgeWhenOpened = true }
        detail = "purge() deleted the records kept in memory; what the directory holds is purged once it opens"
      case .inbox:
        counters.handedOver -= removed
        if case .relinquished(.heldLog) = role { role = .relinquished(.heldLog(purgeWhenReclaimed: true)) }
        detail = "purge() deleted the records not yet taken by a sender; the rest is purged when the directory is taken back"
      case .log:
        counters.handedOver += takenBySender
        pendingSince = nil
        pace.reset()
        detail = "purge() deleted every pending record"
      case .openedLate:
        counters.handedOver += takenBySender
        detail = "purge() was called before the directory could be opened; what it held is deleted now"
      }
      // Nothing in memory or the inbox: nothing counted. The log's purge is counted even when empty.
      guard removed > 0 || route == .log || route == .openedLate else { return [] }
      return step(.purgedRecords(removed, detail: detail), at: now)

    case .logInstalled(let pendingEvents, let recovered, let writing):
      // Taken back after a purge() while let go of: purged in this hold of the lock, before anything is
      // sent from it (the request goes with the role it was made in).
      let purge = role == .relinquished(.heldLog(purgeWhenReclaimed: true))
      if !closed { role = writing ? .writer : .sender(sending ?? Sending()) }
      counters.recovered += recovered
      pendingSince = pendingEvents > 0 ? now : nil
      return purge ? Answer(underLock: [.purge]) : []

    case .corruptFound(let regions):
      return countCorrupt(regions).map { [.report($0)] } ?? []

    case .adopted(let events, let pendingEvents):
      counters.adopted += events
      if pendingEvents > 0, pendingSince == nil { pendingSince = now }
      // Sealed before the flush() calls waiting, maybe, and now past their reach: they reach the end.
      if events > 0 { flushWait?.reach = nil }
      return []

    case .senderLock(let free):
      // Free: the flush() calls waiting are the sender's loop's to answer, after sending.
      if free { return Answer(next: .modeChanged) }
      // Taken before sealing: every flush() answered made its request before the seal.
      let tickets = takeTickets()
      return Answer(underLock: [.sealForHandover], [.answer(tickets)], next: closing ? .exit : .wait(configuration.handoverInterval))

    case .senderEnded(let kept, let memory):
      let closedInMemory = step(
        .dropped(
          count: memory, reason: .closedInMemory,
          detail: "the queue lives in memory only and closed with \(memory) records not delivered", folding: false),
        at: now)
      return step(.lostInMemory(kept), at: now) + closedInMemory + step(.senderExited, at: now)

    case .relinquishAsked(let ticket, let deadline):
      relinquishTickets.append(ticket)
      return requestRelinquish(deadline: deadline).1

    case .storageFailed(let detail):
      return [.report(.storageFailure(destination: destination, detail: detail))]

    case .reclaimAsked:
      return isWaitingForStorage && !closing ? handle(.reclaimed(heldLog: false), at: now) : []

    case .unopenedAtStart(let detail):
      let meanwhile = "up to \(configuration.unopenedMaxRecords) records are kept in memory until it opens (tried "
        + "again with a back-off, on flush() and when protected data becomes available)"
      return step(.startedWithoutStorage, at: now)
        + handle(.storageFailed("could not open the queue's directory yet (\(detail)); \(meanwhile)"), at: now)

    case .openFailed(let opening, let detail):
      switch opening {
      case .late:
        updateStorageWait { $0.failedAgain(now: now) }
        return []
      case .takeOver:
        return [.report(.storageFailure(destination: destination, detail: "could not take over sending: \(detail)"))]
      case .takeBack:
        // Still let go of: records keep going to the inbox, nothing is lost; the next call tries again.
        return [.report(.storageFailure(destination: destination, detail: "could not take the directory back: \(detail)"))]
      }

    case .relinquishTimerFired:
      // Still waiting for the sender: let go anyway. The request's records may be sent again by the next
      // sender, as after a retry.
      guard let deadline = relinquishDeadline, now >= deadline else { return [] }
      return Answer(underLock: [.letGo])

    case .storageAttemptRequested:
      guard storageWait != nil else { return [] }
      updateStorageWait { $0.attemptRequested = true }
      return [.wakeSender]

    case .storageIdle:
      // Opened meanwhile (or just now): the loop of the new part runs.
      guard storageWait != nil else { return Answer(next: .modeChanged) }
      return step(.idleTimerFired(nextAttempt: storageWait?.nextAttempt), at: now)
    }
  }

  /// A step the machine takes on its own (``Step``), from an input it was fed.
  mutating func step(_ next: Step, at now: Duration) -> Answer {
    switch next {
    case .droppedOldest(let count, let cap):
      return Overflow.countDroppedOldest(count, cap: cap, destination: destination, counters: &counters)
        .map { folding($0, at: now) } ?? []

    case .purgedRecords(let count, let detail):
      counters.dropped[.purged, default: 0] += count
      guard count > 0 else { return [] }
      return [.report(.dropped(destination: destination, count: count, reason: .purged, detail: detail))]

    case .lostInMemory(let count):
      guard count > 0 else { return [] }
      counters.dropped[.storageUnavailable, default: 0] += count
      return [
        .report(
          .dropped(
            destination: destination, count: count, reason: .storageUnavailable,
            detail: "the queue closed before its directory could be opened; the records kept in memory are lost"))
      ]

    case .finished(let delivered, let rejected, let reasons):
      pace.answered()
      return Outcomes.countFinished(
        delivered: delivered, rejected: rejected, reasons: reasons, destination: destination, counters: &counters
      ).map { [.report($0)] } ?? []

    case .batchFinished(let ids, let finished, let rejected):
      let refused = finished.filter { rejected[$0] != nil }
      let reasons = refused.prefix(10).map { "#\($0) \(ids[$0]): \(rejected[$0] ?? "")" }
      return step(.finished(delivered: finished.count - refused.count, rejected: refused.count, reasons: reasons), at: now)

    case .dropped(let count, let reason, let detail, let folding):
      guard
        let report = Outcomes.countDropped(
          count, reason: reason, detail: detail, destination: destination, counters: &counters)
      else { return [] }
      return folding ? self.folding(report, at: now) : [.report(report)]

    case .retried(let kept, let exhausted, let serverDelay, let detail):
      // The pause is the machine's: the sender's next look waits it out (`pace.backoffUntil`).
      let delay = pace.failed(serverDelay: serverDelay, at: now, rules: configuration.backoff, random: &random)
      return Answer(
        Outcomes.countRetry(
          kept: kept, exhausted: exhausted, delay: delay, detail: detail, maxAttempts: configuration.maxAttempts,
          destination: destination, counters: &counters
        ).map { .report($0) })

    case .relinquished(let heldLog):
      // The sender role's request to let go ends with the role.
      updateSending { $0.relinquishDeadline = nil }
      guard !closed, !relinquished else { return [] }
      role = .relinquished(LetGo(waiting: storageWait))
      if heldLog {
        // What was read from the log let go of is void; its pause goes with it.
        generation += 1
        pendingSince = nil
        pace.backoffUntil = nil
      }
      return [.wakeSender]

    case .writerTimerFired:
      if relinquished { return Answer(next: .modeChanged) }
      return Answer(next: .probeSenderLock)

    case .relinquishedTimerFired:
      // Taken back: the flush() calls waiting are the next loop's to answer, after sending.
      if !relinquished { return Answer(next: closing ? .exit : .modeChanged) }
      return Answer([.answer(takeTickets())], next: closing ? .exit : .wait(nil))

    case .storageLook(let attemptRequested, let nextAttempt):
      // A flush() or close() tries once more now; not while let go of: no lock may be taken then.
      let due = attemptRequested || !flushTickets.isEmpty || closing || nextAttempt <= now
      if due && !relinquished { return Answer(next: .openStorage) }
      return step(.idleTimerFired(nextAttempt: nextAttempt), at: now)

    case .idleTimerFired(let nextAttempt):
      let tickets = takeTickets()
      if closing { return Answer([.answer(tickets)], next: .exit) }
      return Answer([.answer(tickets)], next: .wait(relinquished ? nil : nextAttempt.map { max(.zero, $0 - now) }))

    case .senderExited:
      task = .gone
      // What was folded and not yet told: the reports add up to the counters.
      // Whatever a drain still held (cancelled on its way): nothing more will be sent for it.
      let tickets = drainTickets
      drain = nil
      // Nothing left to cancel at close's deadline.
      return Answer(
        repeatedDrops.drain().map { .report(foldedReport($0)) } + [.answer(tickets + takeTickets())]
          + (closing ? [.cancelTimer(.close)] : []))

    case .startedWithoutStorage:
      role = .unopened(UnopenedStorage(now: now))
      return []

    case .storageTimerFired:
      // Opened: the flush() calls waiting are the sender's to answer, after sending.
      guard let wait = storageWait else { return Answer(next: .modeChanged) }
      return step(.storageLook(attemptRequested: wait.attemptRequested, nextAttempt: wait.nextAttempt), at: now)

    case .handoverTimerFired:
      // Only a sender takes what other processes hand over (`QueueDriver.takeHandedOverSegments`).
      guard case .sender(var sending) = role else { return [] }
      if let next = sending.nextHandoverLook, now < next { return [] }
      sending.nextHandoverLook = now + configuration.handoverInterval
      role = .sender(sending)
      return Answer(next: .takeHandedOver)
    }
  }

  /// The batch's request was answered, or could not be made: what becomes of the batch (the shell applies
  /// it to the log), with the destination's refusal reported first.
  mutating func resolve(_ answer: BatchAnswer, at now: Duration) -> (BatchResolution, Answer) {
    let resolution: BatchResolution
    switch answer {
    case .outcome(let outcome, let ids, let response):
      resolution = Outcomes.resolve(outcome, ids: ids, response: response, destination: destination)
    case .requestFailed(let detail):
      resolution = Outcomes.requestFailed(detail)
    case .noAnswer(let error):
      resolution = Outcomes.networkFailed(error, rules: configuration)
    case .withheld:
      resolution = .keep
      // Answered in a drain: it starts no more requests until it ends.
      drain = Drain(held: true, tickets: drainTickets)
    }
    switch resolution {
    case .drop(_, _, _, let refusal?):
      return (resolution, [.report(.permanentFailure(destination: destination, statusCode: refusal.statusCode, detail: refusal.detail))])
    case .split:
      // Too large: the server answered, failures so far no longer count.
      pace.answered()
      return (resolution, [])
    default:
      return (resolution, [])
    }
  }

  /// `relinquishDirectory` was called. Answers whether it waits for the sender to let go between two
  /// requests (woken by `.wakeSender`), until `deadline` at the latest (`.relinquishTimerFired`); otherwise
  /// `.letGo` lets go now, in the same hold of the lock.
  mutating func requestRelinquish(deadline: Duration) -> (waitsForSender: Bool, Answer) {
    guard Roles.relinquishWaitsForSender(role, task: task), case .sender(var sending) = role else {
      return (false, Answer(underLock: [.letGo]))
    }
    // The sender lets go between two requests: the one in flight is answered and its outcome saved first.
    let earliest = min(sending.relinquishDeadline ?? deadline, deadline)
    sending.relinquishDeadline = earliest
    role = .sender(sending)
    // The timer fires at the earliest deadline of the calls waiting.
    return (true, [.wakeSender, .startTimer(.relinquish, deadline: earliest)])
  }

  /// The queue lets go of its directory now (`.relinquish`, `relinquishNow()`): answers whether the shell
  /// hands its log over to whoever sends next (it has one open, and had not let go or closed already);
  /// the `relinquishDirectory` calls waiting are answered.
  mutating func letGo(at now: Duration) -> (handOverLog: Bool, Answer) {
    let heldLog = !isWaitingForStorage
    let handOver = heldLog && !closed && !relinquished
    let tickets = relinquishTickets
    relinquishTickets = []
    // A sender asked to let go was timed (`.startTimer(.relinquish, ...)`): it let go in time.
    let timed: Answer = relinquishRequested ? [.cancelTimer(.relinquish)] : []
    return (handOver, step(.relinquished(heldLog: heldLog), at: now) + (tickets.isEmpty ? [] : [.answer(tickets)]) + timed)
  }

  /// The directory the queue started without opened, before its log is installed: the wait ends with
  /// the records it kept (written to the log, oldest first) and whether the log is purged before they
  /// are, because `purge()` was called while it could not be opened (then counted by
  /// `.purgeDone(.openedLate, ...)`).
  mutating func openingLate() -> (kept: KeptFrames, purgeFirst: Bool) {
    var taken = (kept: KeptFrames(), purgeFirst: false)
    updateStorageWait { wait in
      swap(&taken.kept, &wait.kept)
      taken.purgeFirst = wait.purgeWhenOpened
      wait.purgeWhenOpened = false
    }
    return taken
  }

  /// Counts damaged regions found in the log (opening it, taking what other processes handed over) and
  /// describes them in one report.
  mutating func countCorrupt(_ regions: [CorruptRegion]) -> DeliveryReport? {
    let where_ = regions.prefix(5).map { "\(SegmentLog.segmentFileName($0.segment))@\($0.offset)+\($0.length)" }
    return countCorrupt(
      regions: regions.count, bytes: regions.reduce(0) { $0 + Int($1.length) },
      detail: where_.joined(separator: ", ") + (regions.count > 5 ? ", ..." : ""))
  }

  /// Counts `regions` damaged regions of `bytes` in all as dropped (``DropReason/corrupt``), and describes them.
  private mutating func countCorrupt(regions: Int, bytes: Int, detail: @autoclosure () -> String) -> DeliveryReport? {
    guard regions > 0 else { return nil }
    counters.dropped[.corrupt, default: 0] += regions
    counters.corruptBytes += bytes
    return .corruptDataSkipped(destination: destination, regions: regions, bytes: bytes, detail: detail())
  }

  private mutating func takeTickets() -> [FlushTicket] {
    defer { flushWait = nil }
    return flushTickets
  }

  /// The sender's next step in the send loop once the handover look is done (`look`): `Batching.next`,
  /// applied to the state. Internal for the machine's tests, which ask it for a step from a state.
  mutating func sendStep(_ f: SendFacts, at now: Duration) -> Answer {
    // A closed gate read before a flush() came is stale for it (consent granted, then flush()): it is read
    // again at once, not taken as "nothing will be sent".
    if !f.maySend, let seen = f.flushesBeforeGate, seen < flushesReceived { return Answer(next: .wait(.zero)) }
    let facts = Batching.Facts(
      now: now, relinquished: relinquished, relinquishRequested: relinquishRequested, hasCarry: f.hasCarry,
      logReplaced: generation != f.readGeneration, backoffUntil: pace.backoffUntil, closing: closing,
      closeDeadline: closeDeadline, maySend: f.maySend, pendingEvents: f.pendingEvents, pendingBytes: f.pendingBytes,
      pendingSince: pendingSince, flushRequested: !flushTickets.isEmpty, flushWaiting: !flushTickets.isEmpty)
    let decision = Batching.next(facts, limits: limits)
    var commands = Answer()
    if decision.step != .modeChanged && decision.step != .relinquish && facts.logReplaced {
      commands.afterUnlock.append(.voidReadAhead(generation: generation))
    }
    if decision.clearsBackoff { pace.backoffUntil = nil }
    if decision.clearsPendingSince { pendingSince = nil }
    if case .set(let wait) = decision.senderWait, !senderGone { task = .running(wait: wait, loop: runningLoop) }
    var afterDrain: [FlushTicket] = []
    // Read before the tickets are taken: a drain for flush() calls stops where the latest of them reached,
    // whoever started sending first, so what is enqueued after them waits for the next trigger.
    let reach = flushReach?.end(in: generation)
    switch decision.flush {
    case .keep: break
    case .answer: commands.afterUnlock.append(.answer(takeTickets()))
    case .afterDrain:
      afterDrain = takeTickets()
    }
    switch decision.step {
    case .exit: commands.next = .exit
    case .modeChanged: commands.next = .modeChanged
    case .relinquish:
      // Between two requests, in this hold of the lock: nothing starts on the log being let go of.
      commands.underLock.append(.letGo)
      commands.next = .modeChanged
    case .wait(let timeout):
      // Idle or not, the sender looks again for what other processes hand over when the interval is up.
      let untilLook = nextHandoverLook.map { max(.zero, $0 - now) }
      commands.next = .wait(untilLook.map { min(timeout ?? $0, $0) } ?? timeout)
    case .drain(let includingHandedOver):
      // The drain starts: it answers the flush() calls taken with it when it ends (`.drainEnded`).
      drain = Drain(held: drainHeld, tickets: drainTickets + afterDrain)
      // Taken with the decision: a flush() that comes after this waits for the next drain, which reaches
      // what was enqueued before it.
      // A flush() sends what other processes sealed before it too: taken first (then the drain reaches
      // the end of what the log holds with it).
      let end = includingHandedOver ? f.writerEnd : f.logEnd
      let target = afterDrain.isEmpty ? end : reach.map { min(end, $0) } ?? end
      commands.next = .drain(target: target, takingHandedOverFirst: !afterDrain.isEmpty)
    }
    return commands
  }
}
