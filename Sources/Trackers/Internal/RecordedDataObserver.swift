/// What a `TrackerRecorder` (TrackersTesting) also hands each `AnalyticsData` it records to: TrackersTrackingPlan's
/// recording, while a tracking-plan scope runs. The observer is task-local, as `Current` is, so suites
/// running in parallel never mix their events, and outside such a scope (in an app) nothing is noted.
package protocol RecordedDataObserver: Sendable {
  /// Notes one value a recorder received.
  func observe(_ data: AnalyticsData)
}

/// The observer of the running scope (see ``RecordedDataObserver``).
package enum RecordedData {
  /// The running scope's observer, if any.
  @TaskLocal package static var observer: (any RecordedDataObserver)?
}
