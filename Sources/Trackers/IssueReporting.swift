import Foundation
#if canImport(os)
import os
#endif

/// Where in the source a reported issue comes from.
public struct IssueLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file as `Module/File.swift`, for messages.
  package var fileID: String
  /// The full path of the file, for test frameworks that attribute failures to it.
  package var filePath: String
  /// The line, starting at 1.
  package var line: Int
  /// The column, starting at 1.
  package var column: Int

  /// Creates a location; the defaults capture the caller's position.
  package init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = Int(line)
    self.column = Int(column)
  }

  /// `Module/File.swift:line`.
  public var description: String { "\(fileID):\(line)" }
}

/// Receives the issues that library code reports: a misused API, an unconfigured module, an unexpected
/// call to an `unimplemented` environment.
///
/// Library modules never import a test framework. They call ``reportIssue(_:fileID:filePath:line:column:)``,
/// which goes to the reporter in force: inside a test run by `TrackersTesting`, one that fails the test;
/// elsewhere a runtime warning (an `os.Logger` fault on Apple platforms, standard error elsewhere), which
/// lets the app go on. Install a reporter of your own for a scope with
/// ``withIssueReporter(_:operation:)-(_,()->R)``.
public struct IssueReporter: Sendable {
  /// Handles one issue.
  package var report: @Sendable (_ message: String, _ location: IssueLocation) -> Void

  /// Reports `report` kept for later: a test's reporter given an issue on a task that is not the test's
  /// (a queue's sender), which the test framework could only record against no test, keeps it until the
  /// test's own task calls ``deliverDeferredReports()``. `nil`: nothing is ever kept.
  package var deliverDeferred: (@Sendable () -> Void)?

  /// Creates a reporter from a closure.
  public init(_ report: @escaping @Sendable (_ message: String, _ location: IssueLocation) -> Void) {
    self.report = report
  }

  /// A reporter that may keep issues for later, delivered by `deliverDeferred` (see ``deliverDeferredReports()``).
  package init(
    _ report: @escaping @Sendable (_ message: String, _ location: IssueLocation) -> Void,
    deliverDeferred: @escaping @Sendable () -> Void
  ) {
    self.report = report
    self.deliverDeferred = deliverDeferred
  }

  /// Delivers, on the calling task, the issues the current task's reporter kept from other tasks: library
  /// code calls it where a test's task gets control back from work done elsewhere (a `flush` awaited, a
  /// transport's requests read), so that an issue the queue's sender reported fails that test, and a
  /// `withKnownIssue` around it sees it. Outside a test, a task-local read that finds nothing.
  package static func deliverDeferredReports() {
    taskLocal?.deliverDeferred?()
  }

  /// Logs the issue as a runtime warning (`os.Logger` fault on Apple platforms, standard error elsewhere)
  /// and lets the program continue.
  package static let runtimeWarning = IssueReporter { message, location in
    let line = "[swift-trackers] warning: \(message) (\(location))"
    #if canImport(os)
    Logger(subsystem: "swift-trackers", category: "runtime-warning").fault("\(line, privacy: .public)")
    #endif
    LogSink.standardError.write(line)
  }

  /// The reporter in force: the task's (see ``withIssueReporter(_:operation:)-(_,()->R)``), else the
  /// process-wide one, which is `runtimeWarning`.
  package static var current: IssueReporter {
    taskLocal ?? processWide.current
  }

  /// The reporter a test harness (or ``withIssueReporter(_:operation:)-(_,()->R)``) installed for the
  /// current task, or `nil` outside such a scope.
  ///
  /// Release builds use it to tell a test from an app: rule violations that an app only logs still fail
  /// a test that runs under a reporter.
  package static var scoped: IssueReporter? {
    taskLocal
  }

  /// The reporter used outside any ``withIssueReporter(_:operation:)-(_,()->R)`` scope.
  package static var processWideDefault: IssueReporter {
    get { processWide.current }
    set { processWide.current = newValue }
  }

  @TaskLocal static var taskLocal: IssueReporter?
  private static let processWide = LockIsolated(IssueReporter.runtimeWarning)
}

/// Reports an issue to the reporter in force (see ``IssueReporter``).
///
/// ```swift
/// reportIssue("""
///   MixpanelTracker.Current is not configured, so events are dropped. \
///   To fix this, set `MixpanelTracker.Current = .live(...)` at launch.
///   """)
/// ```
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporter.current.report(
    message(),
    IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Runs `operation` with `reporter` receiving every issue reported in it and in its child tasks.
public func withIssueReporter<R>(_ reporter: IssueReporter, operation: () throws -> R) rethrows -> R {
  try IssueReporter.$taskLocal.withValue(reporter, operation: operation)
}

/// Runs an asynchronous `operation` with `reporter` receiving every issue reported in it and in its child
/// tasks.
public func withIssueReporter<R>(
  _ reporter: IssueReporter,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueReporter.$taskLocal.withValue(reporter, operation: operation)
}
