// The Swift blocks of Sources/SegmentTracker/SegmentTracker.swift, compiled: see DocSnippetTests.swift.
import Foundation
import SegmentTracker
import PostHogTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func segmentTrackerSegmentTracker1() {
  /// The app's root event, which knows its analytics.
  struct AnalyticsEvent { var analyticsData: AnalyticsData }
  compile {
    // snippet: Sources/SegmentTracker/SegmentTracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(segmentTracker, transform: \.analyticsData),
      pullback(postHogTracker, transform: \.analyticsData)
    )
    // end snippet
    _ = send
  }
}
