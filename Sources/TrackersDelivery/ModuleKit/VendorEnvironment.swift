import Foundation
import Trackers

/// Everything a vendor tracker needs from the outside world: each module's environment is this type for
/// its event (`public typealias MixpanelEnvironment = VendorEnvironment<MixpanelEvent>`), and tests swap it
/// through the module's `Current`.
///
/// ```swift
/// // At launch:
/// MixpanelTracker.Current = try .live(MixpanelConfiguration(projectToken: token, privacy: consent.registry))
///
/// // In a test:
/// withIsolatedEnvironments {
///   MixpanelTracker.Current = .unimplemented
///   MixpanelTracker.Current.send = recorder.tracker
///   mixpanelTracker("Signed Up")
/// }
/// ```
public struct VendorEnvironment<Event: VendorEvent>: Sendable {
  /// The environment's closures and settings, behind one reference: the pipeline reads `Current` on every
  /// event, and a copy of twenty closures retained and released one by one cost `track` about 800
  /// instructions (issue 41); a copy of this is one retain. Immutable, so it is `Sendable` as it is; a change
  /// makes a new one (only at configuration and in tests).
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let fields: Fields
    @usableFromInline init(_ fields: Fields) { self.fields = fields }
  }

  /// The stored form of every property below.
  @usableFromInline
  struct Fields: Sendable {
    @usableFromInline var send: Tracker<Event>
    @usableFromInline var isNotConfigured: Bool = false
    @usableFromInline var flush: @Sendable () async -> Void
    @usableFromInline var close: @Sendable (_ timeout: Duration?) async -> Void
    @usableFromInline var counters: @Sendable () -> TrackerCounters
    @usableFromInline var sync: @Sendable () throws -> Void = {}
    @usableFromInline var settle: (@Sendable (_ fate: EventFate, _ event: () -> String) -> Void)?
    @usableFromInline var redactor: Redactor?
    @usableFromInline var onReport: (@Sendable (TrackerReport) -> Void)?
    @usableFromInline var additions: EventAdditions?
    @usableFromInline var adaptation: (@Sendable (AnalyticsData) -> AnalyticsData)?
    @usableFromInline var resetIdentity: (@Sendable () -> Void)?
    @usableFromInline var sendRepaired: (@Sendable (_ event: Event, _ repairs: [ValidationIssue]) -> Void)?
    @usableFromInline var refusesInvalidEvents: Bool = false
    @usableFromInline var refusesLifecycle: Bool = false
    @usableFromInline var refusesConsent: (@Sendable (_ event: () -> String) -> Bool)?
    @usableFromInline var advanceVirtualTime: (@Sendable () -> Bool)?

    @usableFromInline
    init(
      send: @escaping Tracker<Event>, flush: @escaping @Sendable () async -> Void,
      close: @escaping @Sendable (_ timeout: Duration?) async -> Void,
      counters: @escaping @Sendable () -> TrackerCounters, redactor: Redactor?,
      onReport: (@Sendable (TrackerReport) -> Void)?, additions: EventAdditions?
    ) {
      self.send = send
      self.flush = flush
      self.close = close
      self.counters = counters
      self.redactor = redactor
      self.onReport = onReport
      self.additions = additions
    }
  }

  @usableFromInline var storage: Storage

  /// Changes one field: a new storage, so copies made before keep theirs.
  @usableFromInline
  mutating func change(_ body: (inout Fields) -> Void) {
    var fields = storage.fields
    body(&fields)
    storage = Storage(fields)
  }

  /// Receives each valid, mapped event. Live: encodes it with the persisted identity and puts it in the
  /// durable queue, or updates the identity (sign-in, sign-out, user properties kept locally).
  ///
  /// Assigning it in ``notConfigured`` (a test's `Current.send = recorder.tracker` on a module the test
  /// never configured) makes the environment a test's: it gets in-memory ``additions``, so super
  /// properties and timers apply to the events the recorder receives, as in any other environment.
  public var send: Tracker<Event> {
    @inlinable get { storage.fields.send }
    set {
      change { fields in
        fields.send = newValue
        guard fields.isNotConfigured else { return }
        fields.isNotConfigured = false
        if fields.additions == nil { fields.additions = EventAdditions() }
      }
    }
  }
  /// `true` in ``notConfigured`` until `send` is assigned.
  private var isNotConfigured: Bool {
    get { storage.fields.isNotConfigured }
    set { change { $0.isNotConfigured = newValue } }
  }
  /// Sends what is queued now, without waiting for a batch to fill (in a process whose queue writes for
  /// another one's sender, hands it over to that one instead).
  public var flush: @Sendable () async -> Void {
    @inlinable get { storage.fields.flush }
    set { change { $0.flush = newValue } }
  }
  /// Sends what it can within the timeout (`nil`: the queue's default), then stops; later events are
  /// refused and counted. A queue writing for another process's sender leaves what is queued to it.
  public var close: @Sendable (_ timeout: Duration?) async -> Void {
    @inlinable get { storage.fields.close }
    set { change { $0.close = newValue } }
  }
  /// What happened to the events so far.
  public var counters: @Sendable () -> TrackerCounters {
    @inlinable get { storage.fields.counters }
    set { change { $0.counters = newValue } }
  }
  /// Forces what is queued to stable storage, so that it survives a power loss too, not only a crash or a
  /// kill (`fsync`; on Apple platforms `fcntl(F_FULLFSYNC)`, which also has the drive flush its cache).
  /// Costs milliseconds: call it at moments that matter, such as going to the background. Live: the
  /// queue's (throws ``DeliveryError/storage(operation:path:errno:)``); does nothing by default.
  ///
  /// ```swift
  /// try MixpanelTracker.Current.sync()
  /// ```
  public var sync: @Sendable () throws -> Void {
    @inlinable get { storage.fields.sync }
    set { change { $0.sync = newValue } }
  }
  /// Settles the fate ``VendorPipeline`` gave an event it did not pass to `send` (invalid, or a change of
  /// local state only: a super property, a timer) the one way the live environment settles `send`'s:
  /// counted once in its own ``counters`` and reported. `nil` (outside a live environment) leaves it to the
  /// module's process-wide tally.
  @usableFromInline
  package var settle: (@Sendable (_ fate: EventFate, _ event: () -> String) -> Void)? {
    @inlinable get { storage.fields.settle }
    set { change { $0.settle = newValue } }
  }
  /// Removes personal data from each event before the module maps it (``VendorPipeline``'s first step);
  /// `nil`, the default outside ``live(options:destination:tuning:derive:send:)``, leaves events as they
  /// are. Live: ``DeliveryOptions/redactor``.
  public var redactor: Redactor? {
    @inlinable get { storage.fields.redactor }
    set { change { $0.redactor = newValue } }
  }
  /// Receives the reports of events this environment is given (see ``TrackerReport``): the pipeline's
  /// invalid events, and whatever `send` reports. `nil`, the default, does the defaults (an issue in
  /// debug builds and tests, a log line in release builds). Live: ``DeliveryOptions/onReport``, which the
  /// live `send` and the queue report to as well; fixed when the environment is made, so that every
  /// report of one environment goes to one place.
  public private(set) var onReport: (@Sendable (TrackerReport) -> Void)? {
    @inlinable get { storage.fields.onReport }
    set { change { $0.onReport = newValue } }
  }
  /// The super properties and timers ``VendorPipeline`` merges into later events (see ``EventAdditions``):
  /// in memory by default, so a test's recorder sees merged events; live: persisted in the storage
  /// directory. `nil` in ``notConfigured``, where they are dropped and counted like every event, until a
  /// test assigns ``send``.
  @usableFromInline
  package var additions: EventAdditions? {
    @inlinable get { storage.fields.additions }
    set { change { $0.additions = newValue } }
  }
  /// The vendor's own form of the vocabulary, applied by ``VendorPipeline`` to each event first, before
  /// anything is added, redacted, mapped or validated: a vendor with stricter naming rules than the app's
  /// adapts names here (GA4's `GoogleAnalyticsConfiguration.naming = .snakeCase` turns `Product Added` into
  /// `product_added`), so its rules and its super properties see the adapted names. `nil`, the default,
  /// leaves events as the app gave them. The pipeline never adapts a ``Trackers/AnalyticsData/timeEvent(name:)``:
  /// a timer stops at the event of the name the app gave, whatever the adaptation makes of that name.
  ///
  /// It runs on every event, on the caller's thread: keep it cheap (cache what it computes per name, with
  /// a bound), and idempotent.
  ///
  /// ```swift
  /// var environment = MixpanelEnvironment.mock
  /// environment.adaptation = { data in
  ///   guard case let .event(name, properties) = data else { return data }
  ///   return .event(name: name.lowercased(), properties: properties)
  /// }
  /// ```
  public var adaptation: (@Sendable (AnalyticsData) -> AnalyticsData)? {
    @inlinable get { storage.fields.adaptation }
    set { change { $0.adaptation = newValue } }
  }
  /// Applies ``Trackers/AnalyticsData/reset`` to the stored identity (a new anonymous id, no user id,
  /// groups or stored user properties) and counts it as ``TrackerCounters/identityUpdates`` in this
  /// environment's own ``counters``: the live environment's, on its ``VendorDelivery``. `nil` (a test's
  /// environment, which keeps no identity) leaves ``VendorPipeline`` to count it as a local update.
  @usableFromInline
  package var resetIdentity: (@Sendable () -> Void)? {
    @inlinable get { storage.fields.resetIdentity }
    set { change { $0.resetIdentity = newValue } }
  }
  /// Sends an event ``VendorPipeline`` repaired (``DeliveryOptions/InvalidEvents/repairAsTheSDKDoes``), with
  /// the repairs: the live environment settles what `send` would as ``EventFate/repaired(_:records:)``.
  /// `nil` (a test's environment): the pipeline reports and counts the repair in the module's tally and
  /// hands the event to ``send``.
  @usableFromInline
  package var sendRepaired: (@Sendable (_ event: Event, _ repairs: [ValidationIssue]) -> Void)? {
    @inlinable get { storage.fields.sendRepaired }
    set { change { $0.sendRepaired = newValue } }
  }
  /// Whether ``VendorPipeline`` refuses an event that breaks a rule instead of repairing it
  /// (``DeliveryOptions/InvalidEvents/refuse``); `false` repairs, as the vendor's SDK does.
  @usableFromInline
  package var refusesInvalidEvents: Bool {
    @inlinable get { storage.fields.refusesInvalidEvents }
    set { change { $0.refusesInvalidEvents = newValue } }
  }
  /// Whether ``VendorPipeline`` refuses lifecycle events: a live environment configured for a server
  /// (``DeliveryOptions/host``).
  @usableFromInline
  package var refusesLifecycle: Bool {
    @inlinable get { storage.fields.refusesLifecycle }
    set { change { $0.refusesLifecycle = newValue } }
  }
  /// The live environment's consent check (``DeliveryOptions/privacy``): `true` when the user's consent
  /// keeps the event from being encoded, which it then counts (``TrackerCounters/deniedConsent``,
  /// ``TrackerCounters/unknownConsent``) and reports. `nil` outside a live environment: nothing to check.
  /// The description is only built for a refused event's report.
  @usableFromInline
  package var refusesConsent: (@Sendable (_ event: () -> String) -> Bool)? {
    @inlinable get { storage.fields.refusesConsent }
    set { change { $0.refusesConsent = newValue } }
  }
  /// On virtual time (``DeliveryOptions/virtualTime``): moves the queue's clock to the next deadline its
  /// sender sleeps until and returns `true`, or returns `false` while it sends or has nothing to wait for;
  /// `nil` on the device's clocks. For `deliverPending()`.
  @usableFromInline
  package var advanceVirtualTime: (@Sendable () -> Bool)? {
    @inlinable get { storage.fields.advanceVirtualTime }
    set { change { $0.advanceVirtualTime = newValue } }
  }

  /// `tracker`, behind the user's consent as the live environment applies it before it encodes an event:
  /// for a test that records what a live module would send, with its privacy registry
  /// (``DeliveryOptions/privacy``). A refused event never reaches `tracker` and is counted in ``counters``
  /// (``TrackerCounters/deniedConsent``, ``TrackerCounters/unknownConsent``) as live; outside a live
  /// environment, which has no consent to apply, `tracker` is returned as it is.
  ///
  /// `Current.send = recorder.tracker` replaces the live `send`, consent check included; this keeps it:
  ///
  /// ```swift
  /// MixpanelTracker.Current = try .live(configuration)  // configuration.privacy = consent.registry
  /// MixpanelTracker.Current.send = MixpanelTracker.Current.applyingConsent(to: recorder.tracker)
  /// consent.deny()
  /// mixpanelTracker("Signed Up")
  /// recorder.expectNoEvents()
  /// ```
  public func applyingConsent(to tracker: @escaping Tracker<Event>) -> Tracker<Event> {
    guard let refusesConsent else { return tracker }
    return { event in
      if refusesConsent({ event.description }) { return }
      tracker(event)
    }
  }

  /// Creates an environment; the closures you leave out do nothing. Its super properties and timers are
  /// kept in memory, timed by `now`: a test that gives a fixed clock asserts a timer's exact duration.
  ///
  /// ```swift
  /// let clock = TestClock(1_793_817_970_000)
  /// MixpanelTracker.Current = MixpanelEnvironment(send: recorder.tracker, now: { clock.now })
  /// ```
  public init(
    send: @escaping Tracker<Event>,
    flush: @escaping @Sendable () async -> Void = {},
    close: @escaping @Sendable (_ timeout: Duration?) async -> Void = { _ in },
    counters: @escaping @Sendable () -> TrackerCounters = { TrackerCounters() },
    redactor: Redactor? = nil,
    onReport: (@Sendable (TrackerReport) -> Void)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      send: send, flush: flush, close: close, counters: counters, redactor: redactor, onReport: onReport,
      additions: EventAdditions(now: now))
  }

  /// Creates an environment with its additions (`nil`: events are dropped as not configured).
  package init(
    send: @escaping Tracker<Event>,
    flush: @escaping @Sendable () async -> Void = {},
    close: @escaping @Sendable (_ timeout: Duration?) async -> Void = { _ in },
    counters: @escaping @Sendable () -> TrackerCounters = { TrackerCounters() },
    redactor: Redactor? = nil,
    onReport: (@Sendable (TrackerReport) -> Void)? = nil,
    additions: EventAdditions?
  ) {
    storage = Storage(
      Fields(
        send: send, flush: flush, close: close, counters: counters, redactor: redactor, onReport: onReport,
        additions: additions))
  }

  /// Does nothing: for previews and for tests where the vendor does not matter.
  public static var mock: Self {
    Self(send: { _ in })
  }

  /// Reports an issue from every closure (failing the running test): start a test from it to prove which
  /// closures the code under test uses.
  public static var unimplemented: Self {
    let name = "\(Event.vendorModule.name).Current"
    let flush = Trackers.unimplemented("\(name).flush", placeholder: ())
    let close = Trackers.unimplemented("\(name).close", placeholder: ())
    var environment = Self(
      send: Trackers.unimplemented("\(name).send"),
      flush: { flush() },
      close: { _ in close() },
      counters: Trackers.unimplemented("\(name).counters", placeholder: TrackerCounters())
    )
    environment.sync = Trackers.unimplemented("\(name).sync", placeholder: ())
    return environment
  }

  /// The value the module's `Current` starts with: drops and counts events, warning once how to configure.
  /// A test that assigns ``send`` (`Current.send = recorder.tracker`) receives every event, super
  /// properties and timers applied, as with ``mock``.
  public static var notConfigured: Self {
    notConfigured(onReport: nil)
  }

  /// ``notConfigured`` with its reports (the first event's ``TrackerReport/Kind/notConfigured``, invalid
  /// events) going to `onReport`: for an app that hears of everything through its handler even before,
  /// or instead of, a live environment (`live` threw).
  public static func notConfigured(onReport: (@Sendable (TrackerReport) -> Void)?) -> Self {
    let module = Event.vendorModule
    var environment = Self(
      send: module.notConfigured(onReport: onReport), counters: { module.counters }, onReport: onReport,
      additions: nil)
    environment.isNotConfigured = true
    return environment
  }
}
