// The Swift blocks of Sources/Trackers/Privacy/ConsentGate.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentGate1(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentGate.swift#1
    let gate = ConsentGate(mixpanelTracker, by: consent, destination: "Mixpanel")
    gate.send("App Opened")       // held while consent is unknown
    consent.grant()               // "App Opened" reaches mixpanelTracker now
    gate.counts.released          // 1
    // end snippet
  }
}

private func trackersConsentGate2(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentGate.swift#2
    let send = combine(
      consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
      consentGated(amplitudeTracker, by: consent, destination: "Amplitude", whileUnknown: .drop)
    )
    // end snippet
  }
}
