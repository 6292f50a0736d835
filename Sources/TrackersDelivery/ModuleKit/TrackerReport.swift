import Trackers

/// Something a vendor module did with an event other than deliver it, or a failure on the way: the one
/// channel an app hooks for a module, ``DeliveryOptions/onReport``.
///
/// Every report names its module and kind: an invalid event with the rules it broke, the not-configured
/// warning, an event the user's consent refused, a kind the vendor has no use for, an event the queue
/// refused, a failure that is not about one event (an identity file that could not be saved), and, as
/// ``Kind/delivery(_:)``, everything the delivery queue reports (drops, retries, storage failures).
///
/// ```swift
/// var configuration = MixpanelConfiguration(projectToken: "<project token>")
/// configuration.onReport = { report in
///   if case let .invalidEvent(issues) = report.kind { print("tracking plan broken:", issues.map(\.rule)) }
///   if case let .delivery(delivery) = report.kind, case .dropped = delivery { print("lost:", delivery) }
///   if report.isFailure { print(report) }
/// }
/// ```
///
/// A handler replaces the defaults for its module: without one, a failure about the app's code (an
/// invalid event, the not-configured warning, an event not queued, a storage failure) is an issue in
/// debug builds and tests (``Trackers/reportIssue(_:fileID:filePath:line:column:)``) and an error line in
/// the module's log in release builds, a failing ``Kind/delivery(_:)`` report is a line in the log at its
/// ``logLevel``, and what is not a failure (a refusal by consent, an unsupported kind, a
/// scheduled retry) is only counted, except the one ``Kind/heldForConsent`` report, a debug line in the log. To keep the default too, call ``reportByDefault(fileID:filePath:line:column:)`` from the handler.
public struct TrackerReport: Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable {
    /// The event broke the vendor's rules and was not sent; counted in ``TrackerCounters/invalidByRule``
    /// under the first issue's ``Trackers/ValidationIssue/rule``.
    case invalidEvent([ValidationIssue])
    /// The event broke the vendor's rules and was repaired as the vendor's own SDK repairs it (a parameter
    /// dropped, a string cut), then sent (``DeliveryOptions/invalidEvents``); counted in
    /// ``TrackerCounters/repairedByRule`` under the first repair's ``Trackers/ValidationIssue/rule``. A
    /// failure: the app's tracking code breaks a rule, and it is reported as an invalid event is.
    case repairedEvent([ValidationIssue])
    /// The module's `Current` is not configured: events are dropped and counted in
    /// ``TrackerCounters/notConfigured``; reported for the first event of the process (or of the
    /// environment made by ``VendorEnvironment/notConfigured(onReport:)``).
    case notConfigured
    /// The user's consent refuses the destination: the event was counted in
    /// ``TrackerCounters/deniedConsent``, never encoded. Not a failure.
    case deniedConsent
    /// The user has not answered consent and the module drops such events
    /// (``DeliveryOptions/UnknownConsent/drop``): the event was counted in
    /// ``TrackerCounters/unknownConsent``, never encoded. Not a failure; by default only counted.
    case unknownConsent
    /// The user has not answered consent: events are queued and held on disk until an answer
    /// (``DeliveryOptions/UnknownConsent/hold``), counted in ``TrackerCounters/heldForConsent``. Reported
    /// once, for the first event held, and again only after an answer was given and consent became unknown
    /// again. Not a failure; by default a debug line in the module's log.
    case heldForConsent
    /// The vendor has no use for this kind of event (`"userId"` for a vendor without identity): counted in
    /// ``TrackerCounters/unsupportedByKind``, never sent. Not a failure.
    case unsupportedKind(String)
    /// The queue refused `count` valid events for `reason` ("queue full", "payload too large", "queue
    /// closed", a storage error); counted in ``TrackerCounters/notEnqueued``. The first refusal for a
    /// reason is reported alone, the ones after it within
    /// ``DeliveryConfiguration/repeatedReportInterval`` as one report. Or the queue refused `count`
    /// records of one event it queued others of ("2 of 3 records of an event not queued"), counted in
    /// ``TrackerCounters/recordsNotEnqueued``: the reports' counts add up to the two counters.
    case notEnqueued(reason: String, count: Int)
    /// A failure not about one event: the identity or the session could not be saved, pending events
    /// could not be purged.
    case failure
    /// What the delivery queue reported: drops, permanent failures, damaged data, retries, storage
    /// failures. (Before `TrackerReport`, `DeliveryOptions.onReport` received this value alone.)
    case delivery(DeliveryReport)
  }

  /// The module's name, as apps import it: "MixpanelTracker".
  public let module: String
  /// The vendor's short name: "Mixpanel".
  public let vendor: String
  /// What happened.
  public let kind: Kind
  /// One or more sentences on what happened and, for a failure, how to fix it; secrets redacted.
  public let message: String
  /// The module's log, for ``reportByDefault(fileID:filePath:line:column:)``.
  private let log: LogSink

  /// A report of `module`'s.
  package init(module: VendorModule, kind: Kind, message: String) {
    self.module = module.name
    self.vendor = module.vendor
    self.kind = kind
    self.message = message
    self.log = module.log
  }

  /// Whether an event was lost for a reason the app can fix, or a configuration or storage is wrong. A
  /// refusal by consent, an unsupported kind and a scheduled retry are not failures.
  public var isFailure: Bool {
    switch kind {
    case .invalidEvent, .repairedEvent, .notConfigured, .notEnqueued, .failure: true
    case .deniedConsent, .unknownConsent, .heldForConsent, .unsupportedKind: false
    case let .delivery(report): report.isFailure
    }
  }

  /// The level to log the report at (see ``Trackers/LogSink/Level``): ``Trackers/LogSink/Level/error``
  /// for a failure, ``Trackers/LogSink/Level/debug`` otherwise. A ``Kind/delivery(_:)`` report is an error
  /// when records are lost or refused for good, damaged on disk or can't be stored (a full disk), and a
  /// debug line for a scheduled retry or a purge the app asked for.
  public var logLevel: LogSink.Level {
    switch kind {
    case let .delivery(report): report.logLevel
    default: isFailure ? .error : .debug
    }
  }

  /// The module's name and the message, on one line.
  public var description: String { "\(module): \(message)" }

  /// Does what the module does with the report when the app set no handler: an issue in debug builds and
  /// tests, a line in the module's log in release builds, for a failure about the app's code; a line in
  /// the log for a failing ``Kind/delivery(_:)`` report; nothing for what is not a failure.
  public func reportByDefault(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    switch kind {
    case .deniedConsent, .unknownConsent, .unsupportedKind:
      return
    case .heldForConsent:
      log.write("[swift-trackers] \(module): \(message)", level: .debug)
    case let .delivery(report):
      if report.isFailure { log.write("[swift-trackers] \(module): \(report)", level: report.logLevel) }
    case .notConfigured:
      // A warning in every build: a release app that forgot to configure a module must hear of it.
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    case .invalidEvent, .repairedEvent, .notEnqueued, .failure:
      #if DEBUG
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
      #else
      // A release app logs and goes on; a test (even a release-mode one) still fails through its reporter.
      if let reporter = IssueReporter.scoped {
        reporter.report(message, IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      } else {
        // Every report here is an event lost or a failure: `.error`, which release builds keep.
        log.write("[swift-trackers] \(module): \(message)", level: .error)
      }
      #endif
    }
  }
}
