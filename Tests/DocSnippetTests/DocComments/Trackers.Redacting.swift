// The Swift blocks of Sources/Trackers/Privacy/Redacting.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersRedacting1(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/Redacting.swift#1
    let send = redacting(combine(
      consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
      logging(amplitudeTracker, label: "amplitude")
    ))
    send(.event(name: "Signup", properties: ["email": "ada@example.com"]))
    // Mixpanel and Amplitude receive {"email": "[redacted:email]"}
    // end snippet
  }
}
