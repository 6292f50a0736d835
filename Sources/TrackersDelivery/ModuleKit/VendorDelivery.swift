import Foundation
import Trackers

/// The live half of a vendor module: a durable queue for the vendor's destination, the
/// ``IdentityStore`` the events are attributed to, and the module's ``VendorModule`` for what can't be queued.
///
/// ``VendorEnvironment/live(options:destination:tuning:derive:send:)`` makes one; the module's `send`
/// closure encodes each vendor event on the caller's thread, queues the bytes with ``fate(queueing:)-(VendorRecord)``
/// (which never throws) and returns the event's ``EventFate``, which the live environment counts and
/// reports, once. The storage directory holds `identity.json` and the queue's files under `queue/`.
///
/// Consent sits here, and only here. With a ``DeliveryOptions/privacy`` registry, the destination is
/// registered under its ``DeliveryDestination/name`` ("Mixpanel"): purge deletes what the queue has pending,
/// reset also starts a new anonymous id, and the linked ``Trackers/ConsentStore``'s answer for the
/// destination and ``DeliveryOptions/consentPurpose`` decides each event's fate:
/// - granted: queued and sent;
/// - unknown: queued and held on disk by the queue's send gate, across launches, until the user answers
///   (granted: sent; denied: purged), counted as ``TrackerCounters/heldForConsent`` and reported once as
///   ``TrackerReport/Kind/heldForConsent``; or, with ``DeliveryOptions/whileConsentUnknown`` set to
///   ``DeliveryOptions/UnknownConsent/drop``, counted as ``TrackerCounters/unknownConsent``, never queued;
/// - denied or opted out: what is pending is purged; later events are counted as
///   ``TrackerCounters/deniedConsent`` before the module encodes them, never queued.
public final class VendorDelivery<Derived: Sendable>: Sendable {
  /// The module that counts and reports what could not be queued.
  package let module: VendorModule
  /// The durable queue.
  package let queue: DeliveryQueue
  /// The queue's virtual time (``DeliveryOptions/virtualTime``), in tests; `nil` on the device's clocks.
  package let virtualTime: VirtualQueueTime?
  /// Who the events belong to; a module reads it with ``current`` and changes it with
  /// ``identityUpdate(_:)`` or ``changeIdentity(_:)``.
  @usableFromInline
  package let identity: IdentityStore<Derived>
  /// The vendor's session, for modules that passed ``SessionRules``; `nil` otherwise.
  package let session: VendorSession?
  /// The super properties (kept in `super-properties.json` beside the identity) and timers the live
  /// environment's pipeline adds to later events.
  package let additions: EventAdditions
  /// The app's handler for the module's reports (``DeliveryOptions/onReport``); `nil` does the defaults
  /// (see ``TrackerReport``). Everything this delivery and its queue report goes there.
  package let onReport: (@Sendable (TrackerReport) -> Void)?
  /// What this environment counted itself (``counters`` adds the queue's) and the consent it counts by,
  /// under one lock: settling an event reads the consent and raises its counter in one hold, where two
  /// locks cost `track` a second lock and unlock per event.
  private let local: LockIsolated<DeliveryTally>
  /// Whether the app linked a privacy registry: without one, consent is never read, and no lock is taken
  /// for it.
  private let hasConsent: Bool
  /// What happens to an event while consent is unknown.
  private let whileConsentUnknown: DeliveryOptions.UnknownConsent
  /// The purpose the destination's consent is asked for, for the report on held events.
  private let consentPurpose: ConsentPurpose
  /// Refusals for one reason (queue full, disk full, closed) are reported once, then counted, and told
  /// as one line per interval: a full disk used to print one identical line per event.
  private let repeatedRefusals: RepeatedReports<String>
  private let context: ContextProvider
  private let contextObservation: UInt64
  /// What the module registered with ``onLifecycle(_:)``.
  let lifecycleHandlers = LockIsolated<[@Sendable (LifecycleChange) -> [VendorRecord]]>([])
  /// What the module registered with ``onHeartbeat(every:_:)``, on the queue's clock.
  let heartbeats: Heartbeats
  /// The module's clock (``DeliveryOptions/now``), for the heartbeats' dates.
  let now: @Sendable () -> Date
  /// The module's `derive`, for the identity of an event about a ``Trackers/EventSubject``, which the store
  /// never caches: it is not the device's.
  @usableFromInline
  let deriveAboutSubject: @Sendable (IdentityStore<Derived>.Identity, TrackingContext) -> Derived

  /// Opens the identity and the queue in `options.storageDirectory`, and registers with `options.privacy`
  /// and `options.lifecycle`.
  ///
  /// - Parameters:
  ///   - tuning: the module's changes to the queue's defaults (limits, backoff), applied before the
  ///     app's ``DeliveryOptions/delivery`` to a configuration whose directory is `<storage>/queue`.
  ///   - session: the vendor's session rules, for a vendor that sends a session id; `nil` for none.
  ///   - derive: what the module caches per identity and context (encoded identity and context fields),
  ///     computed again on each change of either, never per event.
  /// - Throws: when the storage directory can't be created or is already used by another queue in this
  ///   process (another process may use it: see <doc:SharingAQueueBetweenProcesses>).
  package init(
    module: VendorModule,
    destination: some DeliveryDestination,
    options: DeliveryOptions,
    tuning: @Sendable (inout DeliveryConfiguration) -> Void = { _ in },
    session: SessionRules? = nil,
    derive: @escaping @Sendable (IdentityStore<Derived>.Identity, TrackingContext) -> Derived
  ) throws {
    self.module = module
    let onReport = options.onReport
    self.onReport = onReport
    // A server sends none of its own machine's context: the client's comes with each event's subject.
    let context = options.deployment == .server ? ContextProvider(.server) : options.context
    self.context = context
    self.deriveAboutSubject = derive
    var configuration = DeliveryConfiguration(
      directory: options.storageDirectory.appendingPathComponent("queue", isDirectory: true))
    tuning(&configuration)
    options.delivery(&configuration)
    let identity = try IdentityStore(
      directory: options.storageDirectory, existing: options.existingIdentity,
      simulatedOpenFailure: configuration.simulatedOpenFailure, hasDataProtection: configuration.hasDataProtection
    ) { derive($0, context.current) }
    self.identity = identity
    let additions = EventAdditions(directory: options.storageDirectory, now: options.now)
    self.additions = additions
    // Started before the first unlock: the identity's file opens with the queue's directory.
    configuration.storageOpened = { [weak identity, weak module] in
      guard let error = identity?.storageMayBeAvailable() else { return }
      module?.reportFailure("could not load or save the identity once the storage opened: \(error)", onReport: onReport)
    }
    self.contextObservation = context.observe { [weak identity] _ in identity?.refreshDerived() }
    let session = session.map { VendorSession(identity: identity, module: module, rules: $0, onReport: onReport) }
    self.session = session
    let name = destination.name
    let purpose = options.consentPurpose
    if let registry = options.privacy {
      let appGate = configuration.shouldSend
      // The queue's send gate holds what waits for an answer: on disk, so across launches too.
      configuration.shouldSend = { registry.allowsSending(to: name, purpose: purpose) && appGate() }
    }
    let local = LockIsolated(DeliveryTally(consent: options.privacy.map { $0.consentStatus(for: name, purpose: purpose) }))
    self.local = local
    hasConsent = options.privacy != nil
    self.whileConsentUnknown = options.whileConsentUnknown
    self.consentPurpose = purpose
    let queueReport: @Sendable (DeliveryReport) -> Void = { [weak module] report in
      // A record refused at enqueue (the cap, full memory) is thrown back to `settle`, which counts and
      // reports its event as not enqueued: one report per event, not two.
      if case .dropped(_, _, .refused, _) = report { return }
      module?.report(.delivery(report), report.description, to: onReport)
    }
    let queue: DeliveryQueue
    if let time = options.virtualTime {
      queue = try DeliveryQueue(
        destination: destination, configuration: configuration, transport: options.transport,
        onReport: queueReport, clock: time.clock, random: SeededQueueRandom(seed: time.seed))
    } else {
      queue = try DeliveryQueue(
        destination: destination, configuration: configuration, transport: options.transport, onReport: queueReport)
    }
    self.queue = queue
    self.virtualTime = options.virtualTime
    self.heartbeats = Heartbeats(clock: options.virtualTime?.clock)
    self.now = options.now
    // The queue opened at once: the identity may have missed its file only by a moment.
    if identity.isWaitingForStorage, !queue.isWaitingForStorage {
      configuration.storageOpened?()
    }
    self.repeatedRefusals = RepeatedReports(interval: configuration.repeatedReportInterval)
    // Weak: the registry outlives environments, and a replaced environment must release its directory.
    options.privacy?.register(
      destination: name,
      purgePending: { [weak queue, weak module] in Self.purge(queue, reportingTo: module, onReport) },
      resetIdentity: { [weak identity, weak additions, weak module] in
        // "Delete my data" forgets what was registered about the user as well.
        let additionsError = additions?.removeAll()
        guard let error = identity?.reset() ?? additionsError else { return }
        module?.reportFailure(
          "could not save the new anonymous id: \(error); it holds until the app quits.", onReport: onReport)
      },
      consentChanged: { [weak queue, weak module, weak registry = options.privacy] in
        guard let registry else { return }
        let now = registry.consentStatus(for: name, purpose: purpose)
        let before = local.withLock { tally in
          defer {
            tally.consent = now
            // An answer ends the wait: if consent becomes unknown again, holding is reported again.
            if now != .unknown { tally.reportedHolding = false }
          }
          return tally.consent
        }
        // The registry purges for an opt-out or a denial by name; a denial of the purpose, or of consent
        // as a whole, is purged here, so every refusal leaves nothing pending.
        if now == .denied, before != .denied { Self.purge(queue, reportingTo: module, onReport) }
        queue?.shouldSendChanged()
      }
    )
    // Refused before this launch: what an earlier run left goes now (a second purge finds nothing).
    if hasConsent, local.withLock({ $0.consent }) == .denied { Self.purge(queue, reportingTo: module, onReport) }
    // A server has no app lifecycle: no flush on background, no session transitions.
    if options.deployment == .app {
      options.lifecycle?.register(
        destination: name,
        flush: { [weak queue] in await queue?.flush() },
        transition: { [weak self] transition, date in self?.hear(transition, at: date) },
        relinquishStorage: { [weak queue] in await queue?.relinquishDirectory() },
        relinquishStorageNow: { [weak queue] in queue?.relinquishDirectoryNow() },
        reclaimStorage: { [weak queue] in queue?.reclaimDirectory() }
      )
      // Once per context, however many modules share it (`.shared` by default): a live one reads the
      // system again on the return to the foreground (a fixed one keeps its fields), and records the screen.
      options.lifecycle?.registerContext(
        ObjectIdentifier(context),
        refresh: { [weak context] in context?.refresh() },
        screenSizeChanged: { [weak context] width, height in
          context?.update { $0.screen = TrackingContext.Screen(width: width, height: height) }
        }
      )
    }
  }

  deinit {
    context.removeObserver(contextObservation)
  }

  /// Deletes what `queue` has pending (a refusal of consent, "delete my data"); a failure is reported.
  private static func purge(
    _ queue: DeliveryQueue?, reportingTo module: VendorModule?, _ onReport: (@Sendable (TrackerReport) -> Void)?
  ) {
    do { try queue?.purge() } catch {
      module?.reportFailure("could not purge the pending events: \(error)", onReport: onReport)
    }
  }

  /// The identity events are attributed to now, and what the module derived from it (its `derive`,
  /// computed again on each change of the identity or the context): one read for both, on every event.
  ///
  /// For an event about a ``Trackers/EventSubject`` (a server tracking for the user a request came from),
  /// it is the subject's: its ``Trackers/EventSubject/anonymousId`` (`""` when it has none) and
  /// ``Trackers/EventSubject/userId``, no user properties, groups or session, derived with
  /// ``subjectContext`` and the request's locale; the stored identity is neither read nor changed. A module
  /// sends a subject's events under the subject's ids without reading the subject itself.
  ///
  /// ```swift
  /// let (identity, derived) = delivery.current
  /// ```
  @inlinable
  public var current: (identity: IdentityStore<Derived>.Identity, derived: Derived) {
    if let subject = EventSubject.current { return current(about: subject) }
    return identity.current
  }

  /// Whom an event is attributed to: the app's own user, with the identity and what the module derived
  /// from it (``current`` outside a subject), or the ``Trackers/EventSubject`` a server tracks it for.
  /// ``VendorDelivery/attribution`` reads the subject once for both; a module that encodes a subject's
  /// events its own way (its IP, timestamp or rules) switches on it, where ``current`` and
  /// ``VendorSession/stamp(at:anonymousId:userId:)`` would each read the subject again: a task-local read
  /// costs `track` about 150 instructions.
  ///
  /// ```swift
  /// let sessionId: Int
  /// switch delivery.attribution {
  /// case let .appUser(identity, _):
  ///   sessionId = session.stamp(at: now(), of: identity).id
  /// case .subject:
  ///   sessionId = VendorSession.Stamp.outOfSession  // a server's user is in none of the device's sessions
  /// }
  /// ```
  public enum Attribution: Sendable {
    /// The app's own user: the stored identity and what the module derived from it.
    case appUser(identity: IdentityStore<Derived>.Identity, derived: Derived)
    /// A server's user (``Trackers/withEventSubject(_:operation:)-(_,()throws->R)``): the stored identity is
    /// neither read nor changed.
    case subject(EventSubject)
  }

  /// Whom the event being sent is attributed to, with one read of the event subject: see ``Attribution``.
  @inlinable
  public var attribution: Attribution {
    if let subject = EventSubject.current { return .subject(subject) }
    let (identity, derived) = identity.current
    return .appUser(identity: identity, derived: derived)
  }

  /// ``current`` for an event about `subject`: derived on each event, never cached.
  @usableFromInline
  func current(about subject: EventSubject) -> (identity: IdentityStore<Derived>.Identity, derived: Derived) {
    let identity = IdentityStore<Derived>.Identity(anonymousId: subject.anonymousId ?? "", userId: subject.userId)
    var context = subjectContext
    context.locale = subject.context.locale
    return (identity, deriveAboutSubject(identity, context))
  }

  /// The context an event about a ``Trackers/EventSubject`` carries: the library alone. The machine the
  /// module runs on is not the subject's device; the client's own comes with the subject's
  /// ``Trackers/RequestContext``.
  public var subjectContext: TrackingContext {
    TrackingContext(library: context.current.library, os: TrackingContext.OperatingSystem(name: "", version: ""))
  }

  /// Queues the one record an event makes, the common case, and returns the event's fate, as the array
  /// form does but without an array of one on every event: ``EventFate/queued(records:)`` with 1, or
  /// ``EventFate/notEnqueued(_:)``. The module's `send` returns it; the live environment settles it.
  public func fate(queueing record: VendorRecord) -> EventFate {
    do {
      _ = try queue.enqueue(record.payload, id: record.id, partition: record.partition)
      return .queued(records: 1)
    } catch {
      return .notEnqueued(error)
    }
  }

  /// Queues the records one event makes, in order, and returns the event's fate:
  /// ``EventFate/queued(records:)`` with the records queued, or ``EventFate/notEnqueued(_:)`` with the first
  /// refusal when the queue refused them all. When it refused only some (Mixpanel's `/groups` record too
  /// large beside its `/engage` one), the event is queued, as its other records are, and each refused
  /// record is counted in ``TrackerCounters/recordsNotEnqueued`` and reported now, as
  /// ``TrackerReport/Kind/notEnqueued(reason:count:)`` once per reason, so no record goes without a reason.
  /// No records is ``EventFate/identityUpdate``: the event changed only what the module keeps. The
  /// module's `send` returns it; the live environment settles it.
  public func fate(queueing records: [VendorRecord]) -> EventFate {
    if records.isEmpty { return .identityUpdate }
    var refusals: [any Error] = []
    for record in records {
      do {
        _ = try queue.enqueue(record.payload, id: record.id, partition: record.partition)
      } catch {
        refusals.append(error)
      }
    }
    guard let first = refusals.first else { return .queued(records: records.count) }
    guard refusals.count < records.count else { return .notEnqueued(first) }
    countRefusedRecords(refusals, of: records.count)
    return .queued(records: records.count - refusals.count)
  }

  /// Counts the records the queue refused of an event it queued others of, and reports them, once per
  /// reason with how many.
  private func countRefusedRecords(_ refusals: [any Error], of total: Int) {
    local.withLock { $0.counters.recordsNotEnqueued += refusals.count }
    var byReason: [(reason: String, error: any Error, count: Int)] = []
    for error in refusals {
      let reason = VendorModule.reason(of: error)
      if let index = byReason.firstIndex(where: { $0.reason == reason }) {
        byReason[index].count += 1
      } else {
        byReason.append((reason, error, 1))
      }
    }
    for (reason, error, count) in byReason {
      module.report(
        .notEnqueued(reason: reason, count: count),
        Redaction.redact(
          "\(module.vendor): \(count) of \(total) records of an event not queued: \(error). The event's other "
            + "records are queued (counted in queued), these in recordsNotEnqueued"),
        to: onReport)
    }
  }

  /// Counts one event's fate in the environment's counters (``VendorEnvironment/counters``), once, and
  /// reports it: the one place a live environment counts what became of an event. The live environment
  /// calls it with what the module's `send` returned, or with the consent's refusal before `send`; the
  /// pipeline counts what it refused before (not configured).
  package func settle(_ fate: EventFate, event: @autoclosure () -> String) {
    switch fate {
    case let .repaired(repairs, _):
      let repairs = module.named(repairs)
      let held = local.withLock { tally in
        tally.counters.repairedByRule[repairs[0].rule, default: 0] += 1
        return tally.consent == .unknown
      }
      module.reportRepaired(repairs, event: event(), onReport: onReport)
      if held { settleHeld() }
    case let .queued(records) where records < 1:
      // Nothing reached the queue, whatever the count says: as `fate(queueing: [])`, the event changed only
      // what the module keeps (or, about a subject, nothing).
      settle(.identityUpdate, event: event())
    case .queued:
      guard hasConsent else { return local.withLock { $0.counters.queued += 1 } }
      let held = local.withLock { tally in
        tally.counters.queued += 1
        return tally.consent == .unknown
      }
      if held { settleHeld() }
    case let .invalid(issues):
      let issues = module.named(issues)
      local.withLock { $0.counters.invalidByRule[issues[0].rule, default: 0] += 1 }
      module.rejectInvalid(issues, event: event(), onReport: onReport)
    case .identityUpdate:
      // The subject is not the app's user: nothing the module keeps changed, and nothing was sent.
      guard EventSubject.current == nil else {
        return settle(.unsupported(kind: EventFate.nothingToSendAboutASubject), event: event())
      }
      local.withLock { $0.counters.identityUpdates += 1 }
    case let .unsupported(kind):
      local.withLock { $0.counters.unsupportedByKind[kind, default: 0] += 1 }
      // Described only for a handler: by default an unsupported kind is only counted.
      module.report(.unsupportedKind(kind), Self.notSent(kind, vendor: module.vendor, event: event()), to: onReport)
    case .deniedConsent:
      local.withLock { $0.counters.deniedConsent += 1 }
      module.report(
        .deniedConsent,
        "\(module.vendor): event not sent: the user's consent refuses \(module.vendor) (event: \(event()))",
        to: onReport)
    case .unknownConsent:
      local.withLock { $0.counters.unknownConsent += 1 }
      module.report(
        .unknownConsent,
        "\(module.vendor): event dropped: the user has not answered consent for \(module.vendor), and the "
          + "module drops events until then (whileConsentUnknown = .drop) (event: \(event()))",
        to: onReport)
    case let .notEnqueued(error):
      local.withLock { $0.counters.notEnqueued += 1 }
      switch repeatedRefusals.admit(VendorModule.reason(of: error)) {
      case .fold:
        return
      case .send:
        break
      case let .sendAfter(folded):
        reportFolded(folded)
      }
      module.reportNotEnqueued(error, event: event(), onReport: onReport)
    }
  }

  /// Whether the user's consent lets records be queued now: granted, or unknown while the module holds
  /// events for an answer (no registry: always).
  var consentAllowsQueueing: Bool {
    guard hasConsent else { return true }
    return switch local.withLock({ $0.consent }) {
    case nil, .granted?: true
    case .unknown?: whileConsentUnknown == .hold
    case .denied?: false
    }
  }

  /// An event queued while consent is unknown, held on disk by the send gate: counted in
  /// ``TrackerCounters/heldForConsent`` and reported once until the next answer.
  private func settleHeld() {
    let isFirst = local.withLock { tally in
      tally.counters.heldForConsent += 1
      defer { tally.reportedHolding = true }
      return !tally.reportedHolding
    }
    guard isFirst else { return }
    module.report(
      .heldForConsent,
      "\(module.vendor): events are held on disk until the user answers consent for \(module.vendor) "
        + "(purpose \(consentPurpose.rawValue)): the linked ConsentStore says unknown. They are sent once it "
        + "grants, purged once it denies, and counted in heldForConsent; this is reported once. To drop them "
        + "instead, set the configuration's whileConsentUnknown to .drop.",
      to: onReport)
  }

  /// Reports the refusals counted since their reason was last reported; the live environment's `close`
  /// calls it, so the reports add up to ``TrackerCounters/notEnqueued``.
  package func reportRepeatedRefusals() {
    for folded in repeatedRefusals.drain() { reportFolded(folded) }
  }

  private func reportFolded(_ folded: RepeatedReports<String>.Folded) {
    module.report(
      .notEnqueued(reason: folded.cause, count: folded.reports),
      Redaction.redact(
        "\(module.vendor): \(folded.reports) more event\(folded.reports == 1 ? "" : "s") not queued "
          + "(\(folded.cause)) \(RepeatedReports<String>.since(folded.since)), each counted in notEnqueued"),
      to: onReport)
  }

  /// Reports a problem that is not about one event (a file that could not be written) as
  /// ``TrackerReport/Kind/failure``, to ``DeliveryOptions/onReport`` or by default.
  public func reportFailure(_ message: String) {
    module.reportFailure(message, onReport: onReport)
  }

  /// Changes the identity and returns ``EventFate/identityUpdate``, unless `body` returns issues (a rule
  /// that depends on the identity, such as GA4's 25 user properties): then the identity stays as it was and
  /// the fate is ``EventFate/invalid(_:)`` with them. The module's `send` returns it.
  ///
  /// A file that can't be written is reported; the change still holds in memory.
  ///
  /// ```swift
  /// let fate = delivery.identityUpdate { identity in   // the module's `send` returns it
  ///   identity.userId = "user-42"
  ///   return []
  /// }
  /// ```
  ///
  /// Under a ``Trackers/EventSubject`` it changes nothing: the stored identity is the device's, not the
  /// subject's (the pipeline refuses identity events about a subject before they get here).
  public func identityUpdate(_ body: (inout IdentityStore<Derived>.Identity) -> [ValidationIssue]) -> EventFate {
    guard EventSubject.current == nil else { return .identityUpdate }
    var issues: [ValidationIssue] = []
    let error = identity.update { identity in
      var changed = identity
      issues = body(&changed)
      if issues.isEmpty { identity = changed }
    }
    guard issues.isEmpty else { return .invalid(issues) }
    if let error {
      reportFailure(
        "could not save the identity to \(identity.file?.path ?? "memory"): \(error). Events keep the new "
          + "identity until the app quits. To fix this, give the module a writable storage directory.")
    }
    return .identityUpdate
  }

  /// Changes the identity without a fate: for a module whose event also queues records (a group kept with
  /// the identity, then sent), or which returns ``EventFate/identityUpdate`` itself. A file
  /// that can't be written is reported; the change still holds in memory. Under a ``Trackers/EventSubject``
  /// it changes nothing, as ``identityUpdate(_:)``.
  public func changeIdentity(_ body: (inout IdentityStore<Derived>.Identity) -> Void) {
    guard EventSubject.current == nil else { return }
    guard let error = identity.update(body) else { return }
    reportFailure(
      "could not save the identity to \(identity.file?.path ?? "memory"): \(error). Events keep the new "
        + "identity until the app quits. To fix this, give the module a writable storage directory.")
  }

  /// The fate the user's consent gives an event before it is encoded, if it keeps it from being sent: denied (counted as
  /// ``TrackerCounters/deniedConsent`` and reported as ``TrackerReport/Kind/deniedConsent``), or unknown
  /// while the module drops such events (``TrackerCounters/unknownConsent``,
  /// ``TrackerReport/Kind/unknownConsent``); both by default only counted. The live environment asks
  /// before the module's `send` encodes, and settles this fate instead of `send`'s.
  package var consentRefusal: EventFate? {
    guard hasConsent else { return nil }
    return switch local.withLock({ $0.consent }) {
    case .denied: .deniedConsent
    case .unknown where whileConsentUnknown == .drop: .unknownConsent
    default: nil
    }
  }

  /// This environment's counters and the queue's: the events it was given while it was the module's
  /// `Current`, invalid ones included. Not the module's process-wide tally (``VendorModule/counters``),
  /// which other environments of the process (another test's, one set before this one) also raise: an
  /// app's one live environment sees the same events either way, and a test's counts are its own.
  package var counters: TrackerCounters {
    let (counted, consent) = local.withLock { ($0.counters, $0.consent) }
    var counters = counted
    counters.delivery = queue.counters
    if consent == .unknown { counters.waitingForConsent = counters.delivery.pendingEvents }
    return counters
  }

  private static func notSent(_ kind: String, vendor: String, event description: String) -> String {
    "\(vendor): event not sent: \(vendor) has no use for \(kind)" + (description.isEmpty ? "" : " (event: \(description))")
  }
}

/// What a ``VendorDelivery`` counts and the consent it counts by, behind its one lock. Not nested in the
/// generic `VendorDelivery`, where it would be generic too and the code under its lock unspecialized.
struct DeliveryTally {
  var counters = TrackerCounters()
  /// The consent store's answer for this destination, read again on each change; `nil` without a registry.
  var consent: ConsentStatus?
  /// Whether holding for consent was reported since consent last became unknown: one report, not one
  /// per event.
  var reportedHolding = false
}
