// The Swift blocks of Sources/TrackersDelivery/Context/TrackingContext.swift, compiled: see DocSnippetTests.swift.
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersTrackingContext1(token: String) {
  compile {
    // snippet: Sources/TrackersDelivery/Context/TrackingContext.swift#1
    var configuration = MixpanelConfiguration(projectToken: token)
    configuration.context = ContextProvider.live { $0.app.name = "Shop"; $0.app.version = "2.1.0" }
    MixpanelTracker.Current = try .live(configuration)

    // In a test:
    let pinned = ContextProvider(TrackingContext(os: .init(name: "iOS", version: "18.1")))
    // end snippet
    _ = pinned
  }
}
