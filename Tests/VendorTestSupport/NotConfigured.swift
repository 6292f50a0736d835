import Testing
import Trackers
import TrackersDelivery

/// Checks the contract every vendor module's initial `Current` keeps: events sent before the app configures
/// the module are dropped and counted, and the first one in the process warns once, saying how to configure it.
///
/// Call it from the one test of a target that sends through the initial `Current`: the module's count and its
/// warning are process-wide, so a second such test running in parallel would see this one's events.
///
/// ```swift
/// @Test func notConfiguredDropsCountsAndWarnsOnceWithTheFix() {
///   expectNotConfigured(amplitudeTracker, module: "AmplitudeTracker") { Current.counters() }
/// }
/// ```
public func expectNotConfigured(
  _ tracker: Tracker<AnalyticsData>,
  module: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  counters: () -> TrackerCounters
) {
  let before = counters().notConfigured
  // The warning goes with the first count, so a count of 0 means it is unspent; a repeated run finds it spent.
  let issues = knownIssues(isIntermittent: before > 0, sourceLocation: sourceLocation) {
    tracker("Login")
    tracker("Logout")
  }
  #expect(counters().notConfigured - before == 2, sourceLocation: sourceLocation)
  #expect(issues.count == (before == 0 ? 1 : 0), sourceLocation: sourceLocation)
  if let issue = issues.first {
    #expect(
      issue.hasPrefix("\(module).Current is not configured, so events are dropped and counted"),
      sourceLocation: sourceLocation)
    #expect(issue.contains("To fix this, set it once at launch"), sourceLocation: sourceLocation)
    #expect(issue.contains("`\(module).Current = try .live("), sourceLocation: sourceLocation)
  }
}
