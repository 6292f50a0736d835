// The Swift blocks of Sources/Trackers/Logging.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersLogging1() {
  compile {
    // snippet: Sources/Trackers/Logging.swift#1
    let send = logging(pullback(mixpanelTracker, action: \.user), label: "mixpanel")
    send(.user(.loggedOut))
    // mixpanel: loggedOut
    // end snippet
  }
}
