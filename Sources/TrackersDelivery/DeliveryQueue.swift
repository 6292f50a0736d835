import Foundation
import Trackers

/// A durable, bounded, batching queue that delivers one destination's events over HTTP.
///
/// ``enqueue(_:id:partition:)`` appends the event to an on-disk segment log before it returns (on Linux
/// a copy into the file's mapped pages, elsewhere one `write(2)`), so a process kill afterwards loses
/// nothing, and it never waits on the network. One
/// background task reads pending records back from disk, cuts batches by the destination's
/// ``BatchLimits``, sends one request at a time, and applies the destination's ``DeliveryOutcome``:
/// delivered records are removed, rejected ones dropped and reported, too-large batches split,
/// temporary failures retried with capped, jittered exponential backoff.
///
/// Delivery is **at-least-once**: a record whose answer was lost (crash, timeout) is sent again, with
/// the same ``RecordID``, so vendors can deduplicate. See <doc:Guarantees>.
///
/// With ``DeliveryConfiguration/storage`` set to ``DeliveryConfiguration/Storage/memory(maxEvents:maxBytes:)``
/// the records live in memory instead, bounded by events and bytes, and everything else is the same; a
/// crash loses what is pending, and a close counts what it could not send as ``DropReason/closedInMemory``.
///
/// Several processes may open a queue on one directory at once (an app and its extensions in an app
/// group's container): the first sends; each other one appends to segments of its own and hands them to
/// the sender every ``DeliveryConfiguration/handoverInterval``, and takes over sending when the sender
/// closes or exits. Nothing is lost and nothing is sent twice beyond what a retry allows. See
/// <doc:SharingAQueueBetweenProcesses>.
///
/// On iOS, iPadOS, watchOS and visionOS, a directory that can't be opened for lack of permission (`EPERM`,
/// `EACCES`) does not fail the queue: an app launched in the background before the device's first unlock
/// can't open its files (Data Protection). The queue then keeps what is enqueued in memory, in order (at most 5,000 records or 1 MiB;
/// past that the oldest are dropped, counted as ``DropReason/storageUnavailable``), tries to open the
/// directory again after a back-off (1 second, doubling to a minute), on ``flush()``, on
/// ``reclaimDirectory()``, on ``storageMayBeAvailable()`` and, on iOS and visionOS, when the system says
/// protected data became available, and writes them to the log once it opens. Elsewhere (tvOS, the Mac,
/// Mac Catalyst, Linux) no unlock is coming, and the queue throws ``DeliveryError/storage(operation:path:errno:)``
/// at once. On iOS, tvOS, watchOS and visionOS the directory's protection class is set to `completeUntilFirstUserAuthentication`, so after
/// that first unlock the queue keeps working while the device is locked.
///
/// ```swift
/// let queue = try DeliveryQueue(
///   destination: mixpanel,
///   configuration: .default(for: "Mixpanel"),
///   onReport: { report in logger.warning("\(report)") }
/// )
/// try queue.enqueue(eventJSONBytes)
/// await queue.flush()
/// ```
package final class DeliveryQueue: Sendable {
  private let driver: QueueDriver
  private let sender: Task<Void, Never>

  /// Opens (or creates) the queue in `configuration.directory` and resumes what is pending there.
  ///
  /// Damaged bytes found on disk are skipped and reported through `onReport` before this returns.
  /// - Parameters:
  ///   - destination: The vendor endpoint.
  ///   - configuration: Where to store records and the limits.
  ///   - transport: How requests are sent; `URLSessionTransport()` by default.
  ///   - onReport: Called (on any thread) for every drop, permanent failure, damage and retry (repeated
  ///     drops at the pending cap folded per ``DeliveryConfiguration/repeatedReportInterval``); when `nil`,
  ///     failures are written to standard error.
  /// - Throws: ``DeliveryError/directoryInUse(_:)`` if another queue in this process has the directory
  ///   open, ``DeliveryError/storage(operation:path:errno:)`` if it cannot be created or read for another
  ///   reason than a permission (which Data Protection may grant later: then the queue starts with its
  ///   records in memory, see ``DeliveryQueue``).
  package convenience init(
    destination: some DeliveryDestination,
    configuration: DeliveryConfiguration,
    transport: some HTTPTransport = URLSessionTransport(),
    onReport: (@Sendable (DeliveryReport) -> Void)? = nil
  ) throws {
    try self.init(
      destination: destination, configuration: configuration, transport: transport, onReport: onReport,
      clock: LiveQueueClock(), random: LiveQueueRandom())
  }

  /// A queue whose waits, backoff and record ages follow `clock`, and whose jitter comes from `random`:
  /// tests move time by hand and fix the seed.
  init(
    destination: some DeliveryDestination,
    configuration: DeliveryConfiguration,
    transport: some HTTPTransport,
    onReport: (@Sendable (DeliveryReport) -> Void)?,
    clock: any QueueClock,
    random: any QueueRandom
  ) throws {
    Redaction.declareSecretHeaders(destination.secretHeaders)
    Redaction.declareSecretParameters(destination.secretParameters)
    let driver = try QueueDriver(
      destination: destination, configuration: configuration, transport: transport, onReport: onReport,
      clock: clock, random: random)
    self.driver = driver
    sender = Task.detached { await Sender(driver: driver).run() }
    driver.sendingTask.withLock { $0 = sender }
  }

  deinit {
    sender.cancel()
  }

  /// The destination's name.
  package var name: String { driver.name }

  /// What this queue does for its directory when several processes share it.
  package enum Role: Sendable, Hashable {
    /// It holds the directory: it sends everything pending there, whichever process wrote it.
    case sender
    /// Another process sends for the directory: this queue hands what it writes over to that one, and
    /// becomes the sender when that one closes or exits.
    case writer
    /// It has let go of the directory (``relinquishDirectory(timeout:)``): it holds no lock and sends
    /// nothing, and writes each record as a file of its own for the next sender, until
    /// ``reclaimDirectory()``.
    case relinquished
  }

  /// Whether this queue sends for its directory, or writes for another process that does.
  ///
  /// ```swift
  /// if queue.role == .writer { logger.debug("The app sends this extension's events") }
  /// ```
  package var role: Role { driver.role }

  /// Lets go of the directory before the process is suspended, and keeps accepting records.
  ///
  /// iOS terminates a suspended app that holds a file lock in a shared container (exception
  /// `0xdead10cc`), and a queue holds a lock on its directory while it is open. After this call it holds
  /// none: it sends nothing, what it had pending is left for whoever sends next, and each record enqueued
  /// until ``reclaimDirectory()`` is written durably as a file of its own (a few system calls instead of
  /// a copy, fine for the few events an app tracks in the background). Call it at the end of the
  /// background task, after ``flush()``; ``Trackers/ApplicationLifecycle`` does, on iOS, tvOS, watchOS
  /// and visionOS.
  ///
  /// Returns once the request in flight, if any, is answered and its outcome saved, or after `timeout`
  /// (then its records may be sent again by the next sender, as after a retry).
  ///
  /// ```swift
  /// await queue.flush()
  /// await queue.relinquishDirectory()   // the app may be suspended now
  /// // ... later, back in the foreground:
  /// queue.reclaimDirectory()
  /// ```
  package func relinquishDirectory(timeout: Duration = .seconds(2)) async {
    guard driver.configuration.storage == .disk else { return }  // in memory: no directory, nothing to let go of
    await driver.relinquishDirectory(timeout: timeout)
  }

  /// Lets go of the directory at once, without waiting for the request in flight: its records may be sent
  /// again by the next sender, as after a retry. For a background task's expiration handler, which runs on
  /// the main thread and must return at once; ``relinquishDirectory(timeout:)`` otherwise.
  ///
  /// ```swift
  /// task = application.beginBackgroundTask(withName: "flush") {
  ///   queue.relinquishDirectoryNow()
  ///   application.endBackgroundTask(task)
  /// }
  /// ```
  package func relinquishDirectoryNow() {
    guard driver.configuration.storage == .disk else { return }
    driver.relinquishNow()
  }

  /// Takes the directory back after ``relinquishDirectory(timeout:)``, as opening the queue does: the queue
  /// sends again if no other process does (then it also takes what others left), or writes for the one
  /// that does. Does nothing if the queue holds the directory.
  package func reclaimDirectory() {
    guard driver.configuration.storage == .disk else { return }
    driver.reclaimDirectory()
  }

  /// Tells a queue that started without its directory (Data Protection before the first unlock, see
  /// ``DeliveryQueue``) that it may open now: it tries at once instead of at the end of its back-off.
  /// Does nothing once the directory is open. On iOS and visionOS the queue hears
  /// `UIApplication.protectedDataDidBecomeAvailableNotification` itself; call this from
  /// `applicationProtectedDataDidBecomeAvailable` on the Mac, or from any signal an app has.
  package func storageMayBeAvailable() {
    driver.requestStorageAttempt()
  }

  /// Whether the queue started without its directory and still waits for it, its records in memory (see
  /// ``DeliveryQueue``). Its ``role`` reads ``Role/sender`` meanwhile: which part it plays is known once
  /// the directory opens.
  package var isWaitingForStorage: Bool {
    driver.state.withLock { $0.machine.isWaitingForStorage }
  }

  /// Appends one event to the on-disk log and returns its id; synchronous, safe from any thread.
  ///
  /// When this returns the bytes are in the file (the kernel's page cache): a crash or kill of the
  /// process loses nothing; power loss may, unless ``sync()`` is called after.
  /// - Parameters:
  ///   - payload: The event's bytes, as the destination's `makeRequest` expects them.
  ///   - id: The event's id; pass one to reuse an id the vendor payload already carries.
  ///   - partition: Records with different partitions never share a request (for example GA4's
  ///     `client_id`).
  /// - Throws: ``DeliveryError/payloadTooLarge(size:maxBytes:destination:)`` if the payload can never
  ///   fit one request, ``DeliveryError/queueFull(pendingBytes:maxPendingBytes:)`` at the cap under
  ///   ``DeliveryConfiguration/OverflowPolicy/refuseNew`` (always, in the ``DeliveryQueue/Role/writer``
  ///   role), ``DeliveryError/closed`` after ``close(timeout:)``,
  ///   ``DeliveryError/storage(operation:path:errno:)`` if the write fails.
  @discardableResult
  package func enqueue(_ payload: [UInt8], id: RecordID = RecordID(), partition: String = "") throws -> RecordID {
    try driver.enqueue(payload, id: id, partition: partition)
  }

  /// Sends everything pending now, without waiting for full batches or the flush interval.
  ///
  /// Returns when every record pending at the call has been sent and answered, or as soon as the
  /// destination asks for a pause (a retryable failure): the records then stay on disk and are sent
  /// after the backoff; `flush()` does not wait through it. Also returns at once after
  /// ``close(timeout:)``.
  ///
  /// In the ``DeliveryQueue/Role/writer`` role it does not send: it seals what this process wrote so the
  /// sender can take it, and returns. If the sender has closed or exited, this queue becomes the sender
  /// and sends.
  package func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      driver.feed { .flushRequested($0.ticket(for: continuation), reach: $0.log.writerEnd) }
    }
  }

  /// Stops accepting records, sends what is pending until `timeout`, then stops the sender.
  ///
  /// Whatever is not delivered by then stays on disk and is sent by the next queue opened on the same
  /// directory. An in-flight request still running at the deadline is cancelled (its records stay
  /// pending). A backoff longer than the time left ends the drain early. In the
  /// ``DeliveryQueue/Role/writer`` role it sends nothing: everything this process wrote is left to the
  /// sender, which takes it at its next look.
  package func close(timeout: Duration) async {
    await close(timeout: timeout, advancing: nil)
  }

  /// ``close(timeout:)`` with the configuration's ``DeliveryConfiguration/closeTimeout``.
  package func close() async {
    await close(timeout: driver.configuration.closeTimeout)
  }

  /// ``close(timeout:)`` (the configuration's ``DeliveryConfiguration/closeTimeout`` when `nil`), moving
  /// `clock`, the queue's, to each deadline the sender sleeps until (``advanceToWakeUp(on:)``): on virtual
  /// time, a backoff or the close's own deadline takes no wall time. A request in flight is waited for.
  func close(timeout: Duration?, advancing clock: ManualQueueClock?) async {
    let timeout = timeout ?? driver.configuration.closeTimeout
    let deadline = driver.clock.now.instant + timeout
    // The machine times the deadline (`.startTimer(.close, ...)`): at it, on the queue's clock, it has the
    // sending task cancelled, the request in flight with it (it stops the drain there; a request can't be
    // stopped but from outside), and cancels the timer once the task ended.
    driver.feed { _ in .closeRequested(deadline: deadline) }
    if let clock {
      // Moved only after the close request: the sender, woken by it, sleeps again only for the close's sake.
      let ended = LockIsolated(false)
      let waiting = Task { [sender] in
        await sender.value
        ended.withLock { $0 = true }
      }
      // Polls the sender's progress (real work, or real I/O), never a delay of the queue's: those pass at once.
      while !ended.current {
        if advanceToWakeUp(on: clock) { continue }
        try? await Task.sleep(for: .milliseconds(1))
      }
      await waiting.value
    } else {
      await sender.value
    }
    driver.withState { $0.release() }
  }

  /// On virtual time (`clock` is this queue's): when the sender sleeps, and some wait on `clock` has a
  /// deadline (its own, a backoff's or the flush interval's; a close's), moves `clock` to the earliest and
  /// returns `true`: nothing could have happened before it. Otherwise (sending, looking, or nothing to wait
  /// for) returns `false` and leaves it.
  func advanceToWakeUp(on clock: ManualQueueClock) -> Bool {
    guard let deadline = clock.nextDeadline(whileAsleep: driver.wakeup) else { return false }
    clock.advance(by: deadline - clock.now.instant)
    return true
  }

  /// Forces the log, the cursor and the directory to stable storage, so pending records survive power
  /// loss too: `fsync` on Linux; on Apple platforms `fcntl(F_FULLFSYNC)`, which also has the drive flush
  /// its own cache (`fsync` there does not), falling back to `fsync` where the file system lacks it.
  /// Costs milliseconds (more with `F_FULLFSYNC`); call it at moments that matter (backgrounding).
  package func sync() throws {
    try driver.sync()
  }

  /// Deletes every pending record of this destination, on disk and in memory (consent withdrawn,
  /// opt-out, reset). Counted as ``DropReason/purged``. A request already in flight completes, but
  /// nothing purged is sent afterwards. In the ``DeliveryQueue/Role/writer`` role it deletes only what
  /// the sender has not taken yet (the rest counts as ``DeliveryCounters/handedOver``): purge in every
  /// process that shares the directory.
  package func purge() throws {
    try driver.purge()
  }

  /// Tells the sender that ``DeliveryConfiguration/shouldSend`` may answer `true` now (consent granted),
  /// so pending records go out without waiting for the next event or flush.
  package func shouldSendChanged() {
    driver.wakeup.signal()
  }

  /// What the queue did since it was opened and what is pending; cheap, safe from any thread.
  package var counters: DeliveryCounters {
    driver.counters
  }

  /// How many `flush()` calls the queue has received: a test that acts during a drain waits until a call
  /// it made is in, whatever the sender did first.
  var flushCallsReceived: Int {
    driver.state.withLock { $0.machine.flushesReceived }
  }
}
