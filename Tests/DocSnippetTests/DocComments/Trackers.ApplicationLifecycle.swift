// The Swift blocks of Sources/Trackers/Lifecycle/ApplicationLifecycle.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersApplicationLifecycle1(token: String, storage: URL) {
  compile {
    // snippet: Sources/Trackers/Lifecycle/ApplicationLifecycle.swift#1
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)   // version and build from Bundle.main
    var mixpanel = MixpanelConfiguration(projectToken: token)
    mixpanel.lifecycle = lifecycle
    MixpanelTracker.Current = try .live(mixpanel)

    lifecycle.launched(tracking: mixpanelTracker)   // Installed/Updated, Opened
    lifecycle.enteredForeground()                  // Opened (from_background)
    await lifecycle.enteredBackground()            // Backgrounded, then flush
    // end snippet
  }
}
