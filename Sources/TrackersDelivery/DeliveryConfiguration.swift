import Foundation

/// Where a queue stores its records and the rules that bound it: the queue of a vendor module's live
/// environment, which the app tunes through ``DeliveryOptions/delivery`` (the module's `delivery` closure).
///
/// ```swift
/// configuration.delivery = { $0.maxPendingBytes = 8 << 20 }
/// ```
public struct DeliveryConfiguration: Sendable {
  /// What to do when a new record would take the pending bytes over ``maxPendingBytes``.
  public enum OverflowPolicy: Sendable, Hashable {
    /// Drop the oldest pending records until the new one fits (counted as ``DropReason/overflow``).
    case dropOldest
    /// Refuse the new record: `enqueue` throws ``DeliveryError/queueFull(pendingBytes:maxPendingBytes:)``
    /// (counted as ``DropReason/refused``).
    case refuseNew
  }

  /// Exponential backoff with full jitter: the n-th consecutive failure waits a random time in
  /// `0 ... min(cap, base * 2^(n-1))`, or the server's `Retry-After` (at most ``maxServerDelay``).
  public struct Backoff: Sendable, Hashable {
    /// The first ceiling.
    public var base: Duration
    /// The largest ceiling.
    public var cap: Duration
    /// The longest `Retry-After` honoured; a longer one is cut to this.
    public var maxServerDelay: Duration

    /// Creates a backoff.
    public init(base: Duration = .seconds(1), cap: Duration = .seconds(300), maxServerDelay: Duration = .seconds(3600)) {
      self.base = base
      self.cap = cap
      self.maxServerDelay = maxServerDelay
    }
  }

  /// Where the pending records live.
  ///
  /// ```swift
  /// configuration.delivery = { $0.storage = .memory(maxEvents: 10_000, maxBytes: 8 << 20) }   // a server
  /// ```
  public enum Storage: Sendable, Hashable {
    /// On disk in ``DeliveryConfiguration/directory``: a crash or restart loses nothing, and what a
    /// shutdown could not send goes at the next start. The default.
    case disk
    /// In memory only, at most `maxEvents` records and `maxBytes` bytes (framing included; this replaces
    /// ``DeliveryConfiguration/maxPendingBytes``), past which ``DeliveryConfiguration/overflowPolicy``
    /// drops the oldest (``DropReason/overflow``) or refuses the new (``DropReason/refused``). No file is
    /// written, no directory is opened or locked, and no process shares the queue. The trade-off: a crash
    /// or kill loses what is pending, uncounted, and what a close could not send by its deadline is
    /// counted as ``DropReason/closedInMemory``. For a server without a durable disk, or one that would
    /// rather lose a few events than write them.
    case memory(maxEvents: Int, maxBytes: Int)

    /// The event bound: `maxEvents` in memory, none on disk.
    var maxEvents: Int {
      if case .memory(let maxEvents, _) = self { max(1, maxEvents) } else { .max }
    }
  }

  /// Where the pending records live: ``Storage/disk`` (in ``directory``) unless set to
  /// ``Storage/memory(maxEvents:maxBytes:)``.
  public var storage: Storage = .disk
  /// The directory holding this destination's segment files and cursor; one directory per destination.
  /// Created (0700) if missing; files are created 0600. Processes may share it (an app and its
  /// extensions): see <doc:SharingAQueueBetweenProcesses>. Unused, never created, in memory
  /// (``Storage/memory(maxEvents:maxBytes:)``). A vendor module's is `queue/` in its
  /// ``DeliveryOptions/storageDirectory``.
  package var directory: URL
  /// The most bytes pending on disk (framing included) before ``overflowPolicy`` applies.
  /// In memory (``Storage/memory(maxEvents:maxBytes:)``) the storage's `maxBytes` applies instead.
  public var maxPendingBytes: Int
  /// What happens at ``maxPendingBytes``. A queue writing for another process's sender always refuses
  /// new records: its oldest may be in the sender's hands already.
  public var overflowPolicy: OverflowPolicy
  /// A record that has been answered with a retryable failure this many times is dropped
  /// (``DropReason/maxAttempts``).
  public var maxAttempts: Int
  /// Whether a network error (no answer at all) counts as an attempt. Off by default: a device that is
  /// offline for a day should not lose its events; ``maxAge`` still bounds them.
  public var networkErrorsCountAsAttempts: Bool
  /// A record older than this when it is about to be sent is dropped (``DropReason/maxAge``).
  public var maxAge: Duration
  /// The retry delays.
  public var backoff: Backoff
  /// Whether request bodies are compressed where the destination accepts it
  /// (``DeliveryDestination/requestBodyEncoding(for:)``): on by default. Turn it off for a proxy that does not
  /// decode `Content-Encoding`, or to read bodies on the wire as they are.
  ///
  /// ```swift
  /// configuration.delivery = { $0.compressesRequestBodies = false }
  /// ```
  public var compressesRequestBodies = true
  /// How long the live environment's `close` waits when called without a timeout (``VendorEnvironment/close``
  /// with `nil`).
  public var closeTimeout: Duration
  /// The size at which a new segment file is started.
  package var segmentMaxBytes: Int
  /// How long reports of one repeated cause (the pending cap dropping or refusing events, single records
  /// refused as too large by a server that answers 413 to everything) are folded into one: the first goes out in full, then one summary of how many more per interval, and the rest at
  /// close. The counters count every event either way. `.zero` reports each one.
  public var repeatedReportInterval: Duration = .seconds(10)
  /// How often records cross between processes that share ``directory`` (an app and its extensions in an
  /// app group): a process that found another one sending seals what it wrote this often and hands it
  /// over, and the sending process looks for handed-over records this often. It also bounds how long a
  /// process that writes for another waits to take over sending once that one has closed or exited.
  public var handoverInterval: Duration = .seconds(5)
  /// How many requests the queue has on their way at once (below 1 counts as 1). Records of a partition whose
  /// order the destination keeps (``DeliveryDestination/keepsOrder(of:)``) are never in two requests at
  /// once; the others may be. The log's cursor moves only over the records finished in a row from the
  /// oldest, so after a crash the ones finished beyond it may be sent again (at least once, deduplicated
  /// by the vendor's id). `1` sends one request at a time.
  ///
  /// ```swift
  /// configuration.maxRequestsInFlight = 8   // a server sending a lot to one vendor
  /// ```
  public var maxRequestsInFlight = 4
  /// Asked before each request: while it answers `false` nothing is sent and records stay pending (purge
  /// them when the refusal is final), `flush()` returns at once, and `close` ends without sending. Call
  /// the environment's ``VendorEnvironment/flush`` when the answer may have turned to `true`: it asks again
  /// and sends. Cheap and callable
  /// from any thread; always `true` by default.
  ///
  /// ```swift
  /// configuration.shouldSend = { [registry] in registry.allowsSending(to: "Mixpanel") }   // consent
  /// ```
  public var shouldSend: @Sendable () -> Bool = { true }
  /// How segments are written: the platform's way unless a test runs another platform's (Apple's one
  /// `write(2)` per record on Linux).
  package var writeMode: SegmentWriteMode = .platformDefault
  /// The storage calls the queue's log syncs, reserves, writes and protects its files with: the system's,
  /// unless a test records them, fails one (a full disk) or plays an Apple platform's (``StorageCalls``).
  package var storageCalls = StorageCalls.live
  /// The most records, and bytes, kept in memory while the directory can't be opened (see
  /// ``DeliveryQueue``): a few minutes of a busy app's events, a megabyte at most.
  package var unopenedMaxRecords = 5_000
  package var unopenedMaxBytes = 1 << 20
  /// Asked before each attempt to open the directory, with its path: an `errno` fails the attempt as if
  /// opening had failed with it. How the tests on Linux, which run as root, play a device that is locked.
  package var simulatedOpenFailure: (@Sendable (String) -> Int32?)?
  /// Whether a directory or file that can't be opened for lack of permission (`EPERM`, `EACCES`) may open
  /// once the device is first unlocked (Data Protection), so the queue and the identity wait in memory; else
  /// the failure is final and thrown. This process's platform's
  /// (``StoragePlatform/processHasDataProtection``: iOS, iPadOS, watchOS, visionOS); the tests set it to
  /// play another platform.
  package var hasDataProtection = StoragePlatform.processHasDataProtection
  /// Called once the directory opened after the queue started without it, so what shares the directory
  /// (the vendor's identity) can load its files too.
  package var storageOpened: (@Sendable () -> Void)?

  /// Creates a configuration; every limit has a default fit for an app.
  package init(
    directory: URL,
    maxPendingBytes: Int = 64 << 20,
    overflowPolicy: OverflowPolicy = .dropOldest,
    maxAttempts: Int = 10,
    networkErrorsCountAsAttempts: Bool = false,
    maxAge: Duration = .seconds(7 * 24 * 3600),
    backoff: Backoff = Backoff(),
    closeTimeout: Duration = .seconds(5),
    segmentMaxBytes: Int = 4 << 20
  ) {
    self.directory = directory
    self.maxPendingBytes = maxPendingBytes
    self.overflowPolicy = overflowPolicy
    self.maxAttempts = max(1, maxAttempts)
    self.networkErrorsCountAsAttempts = networkErrorsCountAsAttempts
    self.maxAge = maxAge
    self.backoff = backoff
    self.closeTimeout = closeTimeout
    self.segmentMaxBytes = max(4096, segmentMaxBytes)
  }

  /// A configuration with the default limits in ``defaultDirectory(for:)``.
  package static func `default`(for destinationName: String) -> DeliveryConfiguration {
    DeliveryConfiguration(directory: defaultDirectory(for: destinationName))
  }

  /// The platform's place for this destination's files, the app's own: on Apple platforms
  /// `Application Support/<bundle identifier>/swift-trackers/<name>` (the executable's name for a
  /// command-line tool), so the system does not purge pending events as caches and no other app of the
  /// user reads them; elsewhere `$XDG_DATA_HOME/<executable>/swift-trackers/<name>` (`~/.local/share` when
  /// unset), the temporary directory when there is no home.
  ///
  /// On tvOS it is `Caches/<bundle identifier>/swift-trackers/<name>`: a tvOS app can't create
  /// Application Support on a device, and keeps its data in Caches, which the system may purge when it
  /// needs room. A purge loses the events not sent yet, the anonymous id and user id (the next launch is a
  /// new anonymous user, until the app identifies the user again), the super properties and the session.
  ///
  /// Versions before 2026-11 used `Application Support/swift-trackers/<name>`, shared by every
  /// non-sandboxed Mac app and tool of the user. Where that directory is certainly this app's (iOS,
  /// iPadOS, watchOS, visionOS, a sandboxed Mac or Mac Catalyst app) it is moved to the new place the first
  /// time this is asked, if nothing is there yet, so an upgrade keeps the pending events and the anonymous
  /// id. A non-sandboxed Mac or Mac Catalyst app's is left where it is: it may be another app's. Pass it as
  /// the directory to keep using it.
  public static func defaultDirectory(for destinationName: String) -> URL {
    DefaultStorage.directory(for: destinationName)
  }
}
