// The Swift blocks of Sources/Trackers/Privacy/ConsentObservation.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentObservation1(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentObservation.swift#1
    let observation = consent.observe { state in banner.isHidden = state.status != .unknown }
    // keep `observation` for as long as you want the calls
    // end snippet
  }
}
