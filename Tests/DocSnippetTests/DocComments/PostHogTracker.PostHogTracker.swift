// The Swift blocks of Sources/PostHogTracker/PostHogTracker.swift, compiled: see DocSnippetTests.swift.
import Foundation
import PostHogTracker
import AmplitudeTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func postHogTrackerPostHogTracker1() {
  /// The app's root event, which knows its analytics.
  struct AnalyticsEvent { var analyticsData: AnalyticsData }
  compile {
    // snippet: Sources/PostHogTracker/PostHogTracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(postHogTracker, transform: \.analyticsData),
      pullback(amplitudeTracker, transform: \.analyticsData)
    )
    // end snippet
    _ = send
  }
}
