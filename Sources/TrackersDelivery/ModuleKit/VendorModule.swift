import Trackers

/// The vendor-neutral half of a vendor tracker module: its names for messages, its counters, and the
/// shared ways an event leaves without being sent (invalid, not configured, refused by the queue).
///
/// Each vendor module declares one, next to its `Current`, and routes every such exit through it, so the
/// messages read the same in every module and every event is accounted for in ``TrackerCounters``. Each
/// exit is a ``TrackerReport`` for the app's handler (``DeliveryOptions/onReport``, passed as `onReport:`),
/// or, without one, the default: an issue in debug builds and tests, a log line in release. The
/// module's ``VendorPipeline`` rejects invalid events through it; a module's own code passes the event's
/// description, which is only built when a report is written:
///
/// ```swift
/// let acmeModule = VendorModule(
///   name: "AcmeTracker", vendor: "Acme",
///   configuration: #"AcmeTracker.Current = try .live(AcmeConfiguration(apiKey: "..."))"#
/// )
///
/// extension AcmeEvent: VendorEvent {
///   // The module constant is named after the vendor: inside this extension, `vendorModule` names this property.
///   public static var vendorModule: VendorModule { acmeModule }
/// }
///
/// func reject(_ data: AnalyticsData, _ issues: [ValidationIssue]) {
///   acmeModule.rejectInvalid(issues, event: data.description)   // built only if it is reported
/// }
/// ```
public final class VendorModule: Sendable {
  /// The module's name, as users import it: "GoogleAnalyticsTracker".
  public let name: String
  /// The vendor's short name used in messages: "GA4".
  public let vendor: String
  /// The line that configures the module at launch, quoted in the not-configured warning.
  package let configurationExample: String
  /// Where release builds log dropped events, at ``Trackers/LogSink/Level/error`` (debug builds and tests
  /// report them as issues instead).
  package let log: LogSink

  private struct Tally: Sendable {
    var counters = TrackerCounters()
    var warnedNotConfigured = false
  }

  private let tally = LockIsolated(Tally())

  /// Creates the module's support object.
  public init(name: String, vendor: String, configuration example: String, log: LogSink = .default) {
    self.name = name
    self.vendor = vendor
    self.configurationExample = example
    self.log = log
  }

  /// The process-wide counters of events rejected before any environment saw them (invalid) and of events
  /// the not-configured environment dropped; a live environment counts its own, invalid ones included
  /// (``VendorEnvironment/counters``).
  public var counters: TrackerCounters {
    tally.withLock { $0.counters }
  }

  /// Drops an event that broke the vendor's rules: counts it under its first rule, then reports it as
  /// ``TrackerReport/Kind/invalidEvent(_:)`` to `onReport`, or, without one, by default (debug builds and
  /// tests: ``Trackers/reportIssue(_:fileID:filePath:line:column:)``, which fails the running test; release
  /// builds: one log line).
  public func rejectInvalid(
    _ issues: [ValidationIssue],
    event: @autoclosure () -> String,
    onReport: (@Sendable (TrackerReport) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let issues = named(issues)
    tally.withLock { $0.counters.invalidByRule[issues[0].rule, default: 0] += 1 }
    let rules = issues.map(\.description).joined(separator: "; ")
    // A rule's message may end its own sentence ("... To fix this, rename it."): one period, not two.
    let sentence = rules.hasSuffix(".") ? rules : rules + "."
    let message = """
      \(sentence) The event was not sent: \(event()). To fix this, change the event so it meets \
      \(vendor)'s rules (check a tracking plan in tests with `\(issuesFunction)`).
      """
    report(
      .invalidEvent(issues), message, to: onReport, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `issues`, or, when a module's code gave none, one that says so: every refused or repaired event is
  /// counted under a rule and reported, even one a module refused without naming why.
  package func named(_ issues: [ValidationIssue]) -> [ValidationIssue] {
    guard issues.isEmpty else { return issues }
    return [
      ValidationIssue(
        vendor: vendor, rule: "unnamed-rule",
        message: "\(name) gave no rule for this event (rule unnamed-rule): a bug in the module, please report it")
    ]
  }

  /// Reports an event a vendor rule changed before it was sent (``TrackerReport/Kind/repairedEvent(_:)``),
  /// as ``rejectInvalid(_:event:onReport:fileID:filePath:line:column:)`` reports a refused one: to
  /// `onReport`, or by default an issue in debug builds and tests (so the tracking line is fixed before it
  /// ships) and a log line in release builds. The live environment counts it; ``countRepaired(rule:)``
  /// counts one outside it.
  package func reportRepaired(
    _ repairs: [ValidationIssue], event: @autoclosure () -> String, onReport: (@Sendable (TrackerReport) -> Void)? = nil
  ) {
    let repairs = named(repairs)
    let rules = repairs.map(\.description).joined(separator: "; ")
    let sentence = rules.hasSuffix(".") ? rules : rules + "."
    let message =
      "\(sentence) The event was repaired as \(vendor)'s own SDK repairs it, and sent: \(event()). To fix this, "
      + "change the event so it meets \(vendor)'s rules (check a tracking plan in tests with `\(issuesFunction)`), "
      + "or set the configuration's invalidEvents to .refuse to refuse such events."
    report(.repairedEvent(repairs), message, to: onReport)
  }

  /// Counts a repaired event outside a live environment (a test's recorder), under its first rule, in
  /// the process-wide tally.
  package func countRepaired(rule: String) {
    tally.withLock { $0.counters.repairedByRule[rule, default: 0] += 1 }
  }

  /// The module's public validation function by the naming convention: "MixpanelTracker" has
  /// `mixpanelIssues(for:)`.
  private var issuesFunction: String {
    let prefix = name.hasSuffix("Tracker") ? name.dropLast("Tracker".count) : Substring(name)
    return prefix.prefix(1).lowercased() + prefix.dropFirst() + "Issues(for:)"
  }

  /// A tracker for the not-configured `Current`: drops every event and counts it; the first one in the
  /// process produces ``TrackerReport/Kind/notConfigured``, which says how to configure the module, to
  /// `onReport` (without one: a warning, in every build).
  package func notConfigured<Event>(onReport: (@Sendable (TrackerReport) -> Void)? = nil) -> Tracker<Event> {
    return { [self] event in
      let isFirst = tally.withLock { tally in
        tally.counters.notConfigured += 1
        defer { tally.warnedNotConfigured = true }
        return !tally.warnedNotConfigured
      }
      guard isFirst else { return }
      report(
        .notConfigured,
        """
        \(name).Current is not configured, so events are dropped and counted (first: \(event)). \
        To fix this, set it once at launch, before the first event: `\(configurationExample)`; \
        in tests, assign a recorder, `\(name).Current.send = recorder.tracker`, or `\(name).Current = .mock`.
        """,
        to: onReport
      )
    }
  }

  /// Counts a change of local state (a super property, a timer) made outside a live environment, as
  /// ``TrackerCounters/identityUpdates`` in the process-wide tally.
  package func countLocalUpdate() {
    tally.withLock { $0.counters.identityUpdates += 1 }
  }

  /// Reports a valid event that the delivery queue refused (`error` says why) as
  /// ``TrackerReport/Kind/notEnqueued(reason:count:)``; ``VendorDelivery`` counts it, and reports only the
  /// first of a run of refusals for one reason (see
  /// ``TrackersDelivery/DeliveryConfiguration/repeatedReportInterval``).
  package func reportNotEnqueued(
    _ error: any Error, event: @autoclosure () -> String, onReport: (@Sendable (TrackerReport) -> Void)? = nil
  ) {
    report(
      .notEnqueued(reason: Self.reason(of: error), count: 1),
      Redaction.redact("\(vendor): event not queued: \(error) (event: \(event()))"),
      to: onReport
    )
  }

  /// Reports a problem that is not about one event (an identity file that could not be written) as
  /// ``TrackerReport/Kind/failure``.
  package func reportFailure(_ message: String, onReport: (@Sendable (TrackerReport) -> Void)? = nil) {
    report(.failure, Redaction.redact("\(vendor): \(message)"), to: onReport)
  }

  /// Hands a report to `onReport`, or does the default with it; what is only counted by default (a
  /// refusal by consent, an unsupported kind) is not even described without a handler.
  func report(
    _ kind: TrackerReport.Kind, _ message: @autoclosure () -> String, to onReport: (@Sendable (TrackerReport) -> Void)?,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    if let onReport {
      onReport(TrackerReport(module: self, kind: kind, message: message()))
      return
    }
    switch kind {
    case .deniedConsent, .unknownConsent, .unsupportedKind: return
    case let .delivery(report) where !report.isFailure: return
    default: break
    }
    TrackerReport(module: self, kind: kind, message: message())
      .reportByDefault(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The reason a refusal repeats: the error's case, without its values (a full queue's byte counts).
  static func reason(of error: any Error) -> String {
    guard let error = error as? DeliveryError else { return String(describing: type(of: error)) }
    switch error {
    case .payloadTooLarge: return "payload too large"
    case .queueFull: return "queue full"
    case .closed: return "queue closed"
    case .insecureURL: return "insecure URL"
    case let .storage(operation, _, code): return "storage \(operation) errno \(code)"
    case .directoryInUse: return "directory in use"
    }
  }
}
