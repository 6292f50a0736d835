import Testing
import Trackers
import TrackersTrackingPlan

// The one part of the tracking plan that needs Swift Testing, so it lives in the only module that imports a
// test framework; the plan, its check and `withTrackingPlan` are TrackersTrackingPlan's.

/// A suite trait that keeps a module's tracking plan: it records what the suite's tests track through
/// ``TrackerRecorder``s, then fails the suite with a readable diff when that differs from the plan file,
/// or when a planned entry breaks a receiving vendor's rules. Spell it `.trackingPlan(...)`:
///
/// ```swift
/// @Suite(.trackingPlan(module: "Catalog", receivers: [.init("GA4", googleAnalyticsIssues(for:))]))
/// struct CatalogAnalyticsTests { /* ... */ }
/// ```
///
/// `TRACKING_PLAN_RECORD=1 swift test` rewrites the file (and its Markdown beside it) instead.
public struct TrackingPlanTrait: SuiteTrait, TestScoping {
  let file: String
  let module: String
  let receivers: [TrackingPlanReceiver]
  let filePath: String
  let sourceLocation: SourceLocation

  /// Once around the whole suite: the plan is what all its tests tracked together.
  public var isRecursive: Bool { false }

  /// Provides the scope for the suite itself, never per test.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite && testCase == nil ? self : nil
  }

  /// Runs the suite recording what it tracks, then checks the plan.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let recording = TrackingPlanRecording(receivers: receivers.map(\.name))
    try await recording.scope {
      try await function()
    }
    for message in TrackingPlanCheck.verify(recording, module: module, file: file, besides: filePath, receivers: receivers) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}

extension Trait where Self == TrackingPlanTrait {
  /// Keeps `module`'s tracking plan in `file` (beside this test file): see ``TrackingPlanTrait``.
  public static func trackingPlan(
    _ file: String = "TrackingPlan.json", module: String, receivers: [TrackingPlanReceiver] = [],
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    TrackingPlanTrait(file: file, module: module, receivers: receivers, filePath: filePath, sourceLocation: sourceLocation)
  }
}
