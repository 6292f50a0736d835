// The Swift blocks of Sources/AmplitudeTracker/AmplitudeTracker.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import SegmentTracker
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func amplitudeTrackerAmplitudeTracker1() {
  /// The app's root event, which knows its analytics.
  struct AnalyticsEvent { var analyticsData: AnalyticsData }
  compile {
    // snippet: Sources/AmplitudeTracker/AmplitudeTracker.swift#1
    let send: Tracker<AnalyticsEvent> = combine(
      pullback(amplitudeTracker, transform: \.analyticsData),
      pullback(segmentTracker, transform: \.analyticsData)
    )
    // end snippet
    _ = send
  }
}
