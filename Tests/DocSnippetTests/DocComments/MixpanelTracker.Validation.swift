// The Swift blocks of Sources/MixpanelTracker/Validation.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func mixpanelTrackerValidation1() {
  compile {
    // snippet: Sources/MixpanelTracker/Validation.swift#1
    #expect(mixpanelIssues(for: .event(name: "Signed Up")).isEmpty)
    mixpanelIssues(for: .userId("null")).map(\.description)
    // ["Mixpanel: user id 'null' is a placeholder Mixpanel treats as no id; ..."]
    // end snippet
  }
}
