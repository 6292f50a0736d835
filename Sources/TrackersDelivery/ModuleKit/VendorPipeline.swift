import Trackers

/// The one order every vendor module's tracker runs, written once: redact, map, validate the vendor event,
/// then hand it to the module's `Current.send`, where the live environment checks consent, encodes and
/// queues it.
///
/// ```text
/// adapt      Current.adaptation: the vendor's own form of names (GA4's naming option; none otherwise)
/// add        super properties and a timed event's duration (VendorEnvironment.additions), which also
///            takes .superProperties and .timeEvent: they change local state and are never mapped; a
///            .userId forgets the super properties registered for the previous user (unless the user's
///            consent refuses it: then nothing changes); .reset is taken here too: it forgets them, and
///            the live environment starts a new anonymous identity
/// redact     Current.redactor (DeliveryOptions.redactor in live; none otherwise)
/// map        AnalyticsData -> the vendor event
/// validate   the vendor event; a broken rule is repaired as the vendor's SDK repairs it (the module's
///            repair, then validated again) and sent, counted in repairedByRule and reported; what the
///            SDK refuses too, or every broken rule under invalidEvents = .refuse, is refused: counted
///            under its first rule and reported (onReport)
/// send       Current.send: tests record here; live: consent, then encode and enqueue, and the fate
///            that send returns settled once
/// ```
///
/// Super properties reach every event the vendor sends, lifecycle events included, as the vendors' SDKs
/// merge them into their automatic events: ``Trackers/AnalyticsData/lifecycle(_:)`` has no properties of
/// its own, so the pipeline adds them to the mapped event with the module's `addToLifecycle` (the event's
/// own properties win).
///
/// A module declares its tracker from its pipeline:
///
/// <!-- snippet: not compiled: MixpanelTracker's own declaration, compiled there -->
/// ```swift
/// public let mixpanelTracker: Tracker<AnalyticsData> = VendorPipeline(
///   current: { Current }, map: mixpanelEvent(for:), validate: mixpanelIssues(_:)
/// ).tracker
/// ```
///
/// `Current` is read once per event, so the redactor, `send` and the counters are those of one environment.
///
/// The path of a valid event is inlinable, so each module compiles it for its own event type: left generic,
/// every event was copied through value witnesses, which cost `track` about a third of a `write(2)`.
public struct VendorPipeline<Event: VendorEvent>: Sendable {
  @usableFromInline let current: @Sendable () -> VendorEnvironment<Event>
  @usableFromInline let map: @Sendable (AnalyticsData) -> Event
  @usableFromInline let validate: @Sendable (Event, AnalyticsData) -> [ValidationIssue]
  /// The property a timed event's duration is added under.
  @usableFromInline let durationKey: String
  /// Adds the super properties to the vendor form of a lifecycle event; `nil`: lifecycle events go without.
  @usableFromInline let addToLifecycle: (@Sendable (Event, AnalyticsData.Properties) -> Event)?
  /// The vendor SDK's repairs of an event that broke its rules; `nil`: every broken rule refuses.
  @usableFromInline let repair: (@Sendable (AnalyticsData) -> EventRepair)?

  /// A pipeline that validates the vendor event alone.
  ///
  /// - Parameters:
  ///   - current: the module's environment, read once per event (`{ Current }`).
  ///   - map: the vendor form of a (redacted) vocabulary event.
  ///   - validate: the vendor's rules; an empty result sends the event.
  ///   - durationKey: the property a timed event's duration (seconds) is added under: `duration`, or the
  ///     vendor's own name (Mixpanel `$duration`).
  ///   - addToLifecycle: the mapped lifecycle event with the registered super properties added, its own
  ///     properties winning (`nil`: lifecycle events carry no super properties). Only called when some
  ///     are registered; the result is validated like any event.
  ///   - repair: what the vendor's own SDK does with an event that breaks its rules (see ``EventRepair``),
  ///     called only when validation found issues; `nil`: every broken rule refuses the event.
  @inlinable
  public init(
    current: @escaping @Sendable () -> VendorEnvironment<Event>,
    map: @escaping @Sendable (AnalyticsData) -> Event,
    validate: @escaping @Sendable (Event) -> [ValidationIssue],
    durationKey: String = "duration",
    addToLifecycle: (@Sendable (_ event: Event, _ superProperties: AnalyticsData.Properties) -> Event)? = nil,
    repair: (@Sendable (AnalyticsData) -> EventRepair)? = nil
  ) {
    self.current = current
    self.map = map
    self.validate = { event, _ in validate(event) }
    self.durationKey = durationKey
    self.addToLifecycle = addToLifecycle
    self.repair = repair
  }

  /// A pipeline whose rules also read the vocabulary event the vendor event was mapped from: for a vendor
  /// whose mapping folds cases together or overwrites a property (Amplitude's screen becomes an event with
  /// a `[Amplitude] Screen Name` property; an error's `message` property is replaced by its message), so a
  /// rule can still name what the app wrote.
  ///
  /// - Parameters:
  ///   - current: the module's environment, read once per event (`{ Current }`).
  ///   - map: the vendor form of a (redacted) vocabulary event.
  ///   - validate: the vendor's rules, given the vendor event and the redacted event it came from.
  ///   - durationKey: the property a timed event's duration (seconds) is added under.
  ///   - addToLifecycle: the mapped lifecycle event with the registered super properties added, its own
  ///     properties winning (`nil`: lifecycle events carry no super properties).
  ///   - repair: what the vendor's own SDK does with an event that breaks its rules (see ``EventRepair``),
  ///     called only when validation found issues; `nil`: every broken rule refuses the event.
  @inlinable
  public init(
    current: @escaping @Sendable () -> VendorEnvironment<Event>,
    map: @escaping @Sendable (AnalyticsData) -> Event,
    validateWithSource validate: @escaping @Sendable (_ event: Event, _ source: AnalyticsData) -> [ValidationIssue],
    durationKey: String = "duration",
    addToLifecycle: (@Sendable (_ event: Event, _ superProperties: AnalyticsData.Properties) -> Event)? = nil,
    repair: (@Sendable (AnalyticsData) -> EventRepair)? = nil
  ) {
    self.current = current
    self.map = map
    self.validate = validate
    self.durationKey = durationKey
    self.addToLifecycle = addToLifecycle
    self.repair = repair
  }

  /// Runs one event through the pipeline: adapted, added to, redacted, mapped, validated, then sent or
  /// rejected as invalid (counted under its first rule in ``TrackerCounters/invalidByRule``, and reported to
  /// the environment's ``VendorEnvironment/onReport``).
  ///
  /// A module hands out ``tracker``, which calls this; the package's own tests call it directly.
  @inlinable
  package func track(_ data: AnalyticsData) {
    let environment = current()
    if let subject = EventSubject.current { return track(data, about: subject, in: environment) }
    guard let adapt = environment.adaptation else { return track(data, given: data, in: environment) }
    track(adapt(data), given: data, in: environment)
  }

  /// `data` is `given` in the vendor's form (``VendorEnvironment/adaptation``); timers go by `given`.
  @inlinable
  func track(_ data: AnalyticsData, given: AnalyticsData, in environment: VendorEnvironment<Event>) {
    guard let additions = environment.additions else { return dropNotConfigured(data, in: environment) }
    switch data {
    case .superProperties:
      return changeLocalState(data, additions, in: environment)
    case .timeEvent:
      // Never adapted: the timer stops at the event the app names so.
      return changeLocalState(given, additions, in: environment)
    case .reset:
      return reset(additions, in: environment)
    case .event, .screen, .error, .standard:
      // Nothing registered and no timer, the common case, returns `nil`: the event goes on as it was given,
      // without a copy.
      if let added = additions.added(to: data, timedAs: given, durationKey: durationKey) {
        return redactAndProcess(added, in: environment)
      }
    case .lifecycle:
      if environment.refusesLifecycle { return refuseLifecycle(data, in: environment) }
      if addToLifecycle != nil, let superProperties = additions.superPropertiesForLifecycle() {
        return processLifecycle(data, adding: superProperties, in: environment)
      }
    case let .userId(userId):
      // Refused by consent, it changes nothing, here or in the module: as mixpanel-swift's `identify`
      // (`if hasOptedOutTracking() { return }`) and posthog-ios's (`if isOptOutState() { return }`).
      if refusesConsent(data, in: environment) { return }
      // Sign-out or another user: the super properties registered for the user who was signed in go.
      userChanged(to: userId, additions, in: environment)
    case let .signIn(userId, _):
      // As `.userId(userId)`; the vendor module sends it with its traits as its SDK's sign-in does.
      if refusesConsent(data, in: environment) { return }
      userChanged(to: userId, additions, in: environment)
    case let .userProperties(properties) where properties.isEmpty:
      // Nothing to set: as Amplitude-iOS and posthog-ios, which return without a message (issue 38: apps
      // filtered empty sets themselves). Still one fate for the event, a local update.
      return countLocalUpdate(in: environment)
    case .userProperty, .userProperties, .alias, .group, .profile:
      break
    }
    redactAndProcess(data, in: environment)
  }

  /// Whether the user's consent refuses `data` (a sign-in or sign-out, which would change the super
  /// properties before the live environment's consent check): then it is counted and reported as refused.
  @usableFromInline
  func refusesConsent(_ data: AnalyticsData, in environment: VendorEnvironment<Event>) -> Bool {
    environment.refusesConsent?({ data.description }) ?? false
  }

  @usableFromInline
  func countLocalUpdate(in environment: VendorEnvironment<Event>) {
    if let settle = environment.settle { settle(.identityUpdate, { "" }) } else { Event.vendorModule.countLocalUpdate() }
  }

  /// An event about `subject` (``Trackers/withEventSubject(_:operation:)-(_,()throws->R)``): never reads or
  /// changes the stored identity, the session, the super properties registered for the signed-in user or
  /// the timers. It gets the super properties registered for the whole app; in the module's live `send`,
  /// ``VendorDelivery/current`` is the subject's identity, so a module that never reads the subject sends
  /// its ids (a module reads it only for more: its timestamp, its request context). A subject without ids,
  /// or a kind that would change local state, is refused as invalid.
  @usableFromInline
  func track(_ data: AnalyticsData, about subject: EventSubject, in environment: VendorEnvironment<Event>) {
    let vendor = Event.vendorModule.vendor
    if let issue = subject.issue {
      return reject([ValidationIssue(vendor: vendor, rule: "subject-id-required", message: issue)], data, in: environment)
    }
    guard data.carriesProperties else {
      let message =
        "only events, screens, errors and standard events can be about a subject (rule subject-event-kind): "
        + "'\(data)' would read or change what the module stores about the app's own user (its identity, "
        + "session, super properties or timers); track it outside withEventSubject/about"
      return reject([ValidationIssue(vendor: vendor, rule: "subject-event-kind", message: message)], data, in: environment)
    }
    guard let additions = environment.additions else { return dropNotConfigured(data, in: environment) }
    let adapted = environment.adaptation.map { $0(data) } ?? data
    redactAndProcess(additions.addedAppWide(to: adapted) ?? adapted, in: environment)
  }

  /// A lifecycle event given to a module configured for a server (``DeliveryOptions/Deployment/server``): refused
  /// as invalid, so it is counted and reported rather than sent as the server's "app opened".
  @usableFromInline
  func refuseLifecycle(_ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    let issue = ValidationIssue(
      vendor: Event.vendorModule.vendor, rule: "lifecycle-on-server-unsupported",
      message: "a module configured for a server (deployment = .server) sends no lifecycle events (rule "
        + "lifecycle-on-server-unsupported): '\(data)' is not sent")
    reject([issue], data, in: environment)
  }

  /// Tells the additions who is signed in now, so the super properties registered for another user are
  /// forgotten; a failed save is reported.
  @usableFromInline
  func userChanged(to userId: String?, _ additions: EventAdditions, in environment: VendorEnvironment<Event>) {
    guard let error = additions.userChanged(to: userId) else { return }
    Event.vendorModule.reportFailure(
      "could not save the super properties to \(additions.file?.path ?? "memory"): \(error). They hold until "
        + "the app quits. To fix this, give the module a writable storage directory.",
      onReport: environment.onReport)
  }

  /// ``Trackers/AnalyticsData/reset``: the super properties registered for the user go, as on a sign-out,
  /// then the live environment gives the identity a new anonymous id (``VendorEnvironment/resetIdentity``),
  /// counting it; an environment without one counts it as a local update. Nothing is mapped or sent.
  @usableFromInline
  func reset(_ additions: EventAdditions, in environment: VendorEnvironment<Event>) {
    userChanged(to: nil, additions, in: environment)
    if let resetIdentity = environment.resetIdentity { return resetIdentity() }
    countLocalUpdate(in: environment)
  }

  /// A lifecycle event with the super properties: both redacted, the event mapped, the super properties
  /// added to the vendor event by `addToLifecycle` (its own properties win), then validated and sent.
  @usableFromInline
  func processLifecycle(
    _ data: AnalyticsData, adding superProperties: AnalyticsData.Properties, in environment: VendorEnvironment<Event>
  ) {
    guard let addToLifecycle else { return redactAndProcess(data, in: environment) }
    let redacted = environment.redactor.map { $0.redact(data) } ?? data
    // Registered super properties passed the vendor's depth rules: their redacted copy is released the usual way.
    let extra = environment.redactor.map { $0.redact(superProperties) } ?? superProperties
    let event = addToLifecycle(map(redacted), extra)
    let issues = validate(event, redacted)
    guard issues.isEmpty else { return reject(issues, redacted, in: environment) }
    environment.send(event)
  }

  @inlinable
  func redactAndProcess(_ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    if let redactor = environment.redactor { return trackRedacted(data, by: redactor, in: environment) }
    process(data, in: environment)
  }

  /// Applies a super-property operation or starts a timer. A registration is validated first: the super
  /// properties it would leave, as the properties of an event named
  /// ``EventAdditions/registrationEventName`` (they will be merged into later ones), so a property the
  /// vendor refuses, or one too many, is refused once, here, and not on every later event.
  @usableFromInline
  func changeLocalState(_ data: AnalyticsData, _ additions: EventAdditions, in environment: VendorEnvironment<Event>) {
    switch data {
    case let .superProperties(operation):
      if !operation.properties.isEmpty {
        let properties = additions.superProperties(after: operation)
        let asEvent = AnalyticsData.event(name: EventAdditions.registrationEventName, properties: properties)
        let redacted = environment.redactor.map { $0.redact(asEvent) } ?? asEvent
        let issues = validate(map(redacted), redacted)
        guard issues.isEmpty else { return reject(issues, data, in: environment) }
      }
      if let error = additions.apply(operation) {
        Event.vendorModule.reportFailure(
          "could not save the super properties to \(additions.file?.path ?? "memory"): \(error). They hold until "
            + "the app quits. To fix this, give the module a writable storage directory.",
          onReport: environment.onReport)
      }
    case let .timeEvent(name):
      additions.startTimer(for: name)
    default:
      return
    }
    countLocalUpdate(in: environment)
  }

  /// The not-configured environment keeps nothing: the operation is dropped and counted like any event.
  @usableFromInline
  func dropNotConfigured(_ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    switch data {
    case .superProperties, .timeEvent, .reset:
      let drop: Tracker<AnalyticsData> = Event.vendorModule.notConfigured(onReport: environment.onReport)
      drop(data)
    default:
      redactAndProcess(data, in: environment)
    }
  }

  @usableFromInline
  func trackRedacted(_ data: AnalyticsData, by redactor: Redactor, in environment: VendorEnvironment<Event>) {
    var redacted = redactor.redact(data)
    process(redacted, in: environment)
    // A change deep inside a value made a new chain of containers that only `redacted` holds: released
    // the usual way, it would recurse once per level.
    AnalyticsData.dismantleIfDeep(&redacted)
  }

  /// The pipeline as the module's public tracker.
  @inlinable
  public var tracker: Tracker<AnalyticsData> {
    { data in self.track(data) }
  }

  @inlinable
  func process(_ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    let event = map(data)
    let issues = validate(event, data)
    guard issues.isEmpty else { return repairOrReject(issues, data, in: environment) }
    environment.send(event)
  }

  /// An event that broke `issues`: repaired as the vendor's SDK repairs it and sent, if the module
  /// repairs every rule it broke (but those it sends as they are); refused otherwise, or always under
  /// ``DeliveryOptions/InvalidEvents/refuse``.
  @usableFromInline
  func repairOrReject(_ issues: [ValidationIssue], _ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    guard let repair, !environment.refusesInvalidEvents else { return reject(issues, data, in: environment) }
    let repaired = repair(data)
    let event = map(repaired.data)
    let remaining = validate(event, repaired.data).filter { !repaired.sentAsIs.contains($0.rule) }
    // The SDK refuses it too: counted under the rule that refused it, reported with the rest.
    guard remaining.isEmpty else { return reject(remaining + repaired.repairs, data, in: environment) }
    // A repair that names nothing it did would hide the rules the event broke.
    guard !repaired.repairs.isEmpty else { return reject(issues, data, in: environment) }
    if let sendRepaired = environment.sendRepaired { return sendRepaired(event, repaired.repairs) }
    let module = Event.vendorModule
    module.countRepaired(rule: repaired.repairs[0].rule)
    module.reportRepaired(repaired.repairs, event: data.description, onReport: environment.onReport)
    environment.send(event)
  }

  @usableFromInline
  func reject(_ issues: [ValidationIssue], _ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    // Live: the one settle path, as for what `send` returns. Outside one: the module's process-wide tally.
    if let settle = environment.settle { return settle(.invalid(issues), { data.description }) }
    Event.vendorModule.rejectInvalid(issues, event: data.description, onReport: environment.onReport)
  }
}
