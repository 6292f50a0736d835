import Trackers

/// The vendor-neutral half of a vendor tracker module: its names for messages, its counters, and the
/// shared ways an event leaves without being sent (invalid, not configured, refused by the queue).
///
/// Each vendor module declares one, next to its `Current`, and routes every such exit through it, so the
/// messages read the same in every module and every event is accounted for in ``TrackerCounters``. The
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
  public let configurationExample: String
  /// Where release builds log dropped events, at ``Trackers/LogSink/Level/error`` (debug builds and tests
  /// report them as issues instead).
  public let log: LogSink

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
  /// the not-configured environment dropped; the live environment adds its own (``VendorDelivery/counters``).
  public var counters: TrackerCounters {
    tally.withLock { $0.counters }
  }

  /// Drops an event that broke the vendor's rules: counts it under its first rule, then reports it (debug
  /// builds and tests: ``Trackers/reportIssue(_:fileID:filePath:line:column:)``, which fails the running test;
  /// release builds: one log line).
  public func rejectInvalid(
    _ issues: [ValidationIssue],
    event: @autoclosure () -> String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    guard let first = issues.first else { return }
    tally.withLock { $0.counters.invalidByRule[first.rule, default: 0] += 1 }
    let rules = issues.map(\.description).joined(separator: "; ")
    let message = """
      \(rules). The event was not sent: \(event()). To fix this, change the event so it meets \
      \(vendor)'s rules (check a tracking plan in tests with `\(issuesFunction)`).
      """
    report(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The module's public validation function by the naming convention: "MixpanelTracker" has
  /// `mixpanelIssues(for:)`.
  private var issuesFunction: String {
    let prefix = name.hasSuffix("Tracker") ? name.dropLast("Tracker".count) : Substring(name)
    return prefix.prefix(1).lowercased() + prefix.dropFirst() + "Issues(for:)"
  }

  /// A tracker for the not-configured `Current`: drops every event and counts it; the first one in the
  /// process produces a warning that says how to configure the module.
  public func notConfigured<Event>() -> Tracker<Event> {
    return { [self] event in
      let isFirst = tally.withLock { tally in
        tally.counters.notConfigured += 1
        defer { tally.warnedNotConfigured = true }
        return !tally.warnedNotConfigured
      }
      guard isFirst else { return }
      reportIssue(
        """
        \(name).Current is not configured, so events are dropped and counted (first: \(event)). \
        To fix this, set it once at launch, before the first event: `\(configurationExample)`; \
        in tests, assign `\(name).Current = .mock` or a recorder.
        """
      )
    }
  }

  /// Reports a valid event that the delivery queue refused (`error` says why); ``VendorDelivery`` counts it,
  /// and reports only the first of a run of refusals for one reason (see
  /// ``TrackersDelivery/DeliveryConfiguration/repeatedReportInterval``).
  public func reportNotEnqueued(_ error: any Error, event: @autoclosure () -> String) {
    report(
      Redaction.redact("\(vendor): event not queued: \(error) (event: \(event()))"),
      fileID: #fileID, filePath: #filePath, line: #line, column: #column
    )
  }

  /// Reports a problem that is not about one event (an identity file that could not be written).
  public func reportFailure(_ message: String) {
    report(Redaction.redact("\(vendor): \(message)"), fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  private func report(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if DEBUG
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    #else
    // A release app logs and goes on; a test (even a release-mode one) still fails through its reporter.
    if let reporter = IssueReporter.scoped {
      reporter.report(message, IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    } else {
      // Every report here is an event lost or a failure: `.error`, which release builds keep.
      log.write("[swift-trackers] \(name): \(message)", level: .error)
    }
    #endif
  }
}
