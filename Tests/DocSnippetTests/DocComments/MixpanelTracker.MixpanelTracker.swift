// The Swift blocks of Sources/MixpanelTracker/MixpanelTracker.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func mixpanelTrackerMixpanelTracker1() {
  compile {
    // snippet: Sources/MixpanelTracker/MixpanelTracker.swift#1
    mixpanelTracker(.userId("user-42"))
    mixpanelTracker(.event(name: "Signed Up", properties: ["plan": "pro"]))
    // end snippet
  }
}
