import Trackers

/// The one order every vendor module's tracker runs, written once: redact, map, validate the vendor event,
/// then hand it to the module's `Current.send`, where the live environment checks consent, encodes and
/// queues it.
///
/// ```text
/// redact     Current.redactor (DeliveryOptions.redactor in live; none otherwise)
/// map        AnalyticsData -> the vendor event
/// validate   the vendor event; issues counted under their first rule and reported (onReport)
/// send       Current.send: tests record here; live: consent, then encode and enqueue
/// ```
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

  /// A pipeline that validates the vendor event alone.
  ///
  /// - Parameters:
  ///   - current: the module's environment, read once per event (`{ Current }`).
  ///   - map: the vendor form of a (redacted) vocabulary event.
  ///   - validate: the vendor's rules; an empty result sends the event.
  @inlinable
  public init(
    current: @escaping @Sendable () -> VendorEnvironment<Event>,
    map: @escaping @Sendable (AnalyticsData) -> Event,
    validate: @escaping @Sendable (Event) -> [ValidationIssue]
  ) {
    self.current = current
    self.map = map
    self.validate = { event, _ in validate(event) }
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
  @inlinable
  public init(
    current: @escaping @Sendable () -> VendorEnvironment<Event>,
    map: @escaping @Sendable (AnalyticsData) -> Event,
    validateWithSource validate: @escaping @Sendable (_ event: Event, _ source: AnalyticsData) -> [ValidationIssue]
  ) {
    self.current = current
    self.map = map
    self.validate = validate
  }

  /// Runs one event through the pipeline: redacted, mapped, validated, then sent or rejected as invalid
  /// (counted under its first rule in ``TrackerCounters/invalidByRule``, and reported to the
  /// environment's ``VendorEnvironment/onReport``).
  @inlinable
  public func track(_ data: AnalyticsData) {
    let environment = current()
    if let redactor = environment.redactor { return trackRedacted(data, by: redactor, in: environment) }
    process(data, in: environment)
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
    guard issues.isEmpty else { return reject(issues, data, in: environment) }
    environment.send(event)
  }

  @usableFromInline
  func reject(_ issues: [ValidationIssue], _ data: AnalyticsData, in environment: VendorEnvironment<Event>) {
    if let first = issues.first { environment.countInvalid?(first.rule) }
    Event.vendorModule.rejectInvalid(issues, event: data.description, onReport: environment.onReport)
  }
}
