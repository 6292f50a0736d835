// The Swift blocks of Sources/Trackers/Tracker+Enriching.swift, compiled: see DocSnippetTests.swift.
import SegmentTracker
import Trackers

private struct Accessibility { var isVoiceOverRunning = false }
private struct User { var id: String }

private func enrichingEveryDestination(
  appDataStoreTracker: @escaping Tracker<AnalyticsData>, accessibility: Accessibility, user: User?
) {
  compile {
    // snippet: Sources/Trackers/Tracker+Enriching.swift#1
    let send: Tracker<AnalyticsData> = enriching(combine(segmentTracker, appDataStoreTracker)) {
      ["session_voiceover_enabled": .bool(accessibility.isVoiceOverRunning), "user_uid": user.map { .string($0.id) }]
    }
    // end snippet
    _ = send
  }
}
