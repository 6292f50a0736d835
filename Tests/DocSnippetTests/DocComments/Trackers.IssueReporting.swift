// The Swift blocks of Sources/Trackers/IssueReporting.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersIssueReporting1() {
  compile {
    // snippet: Sources/Trackers/IssueReporting.swift#1
    reportIssue("""
      MixpanelTracker.Current is not configured, so events are dropped. \
      To fix this, set `MixpanelTracker.Current = .live(...)` at launch.
      """)
    // end snippet
  }
}
