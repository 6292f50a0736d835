// The Swift blocks of Sources/Trackers/Privacy/ConsentState.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentState1() {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentState.swift#1
    var state = ConsentState(status: .granted, destinations: ["Amplitude": .denied])
    state.status(for: .analytics, destination: "Mixpanel")   // .granted
    state.status(for: .analytics, destination: "Amplitude")  // .denied
    state.isOptedOut = true
    state.status(for: .analytics, destination: "Mixpanel")   // .denied
    // end snippet
  }
}
