// The Swift blocks of Sources/Trackers/Privacy/ConsentState+File.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentStateFile1(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentState+File.swift#1
    let url = URL.applicationSupportDirectory.appending(path: "consent.json")
    let state = try ConsentState.read(from: url) ?? ConsentState()
    // end snippet
  }
}
