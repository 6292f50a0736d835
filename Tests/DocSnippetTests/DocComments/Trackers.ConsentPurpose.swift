// The Swift blocks of Sources/Trackers/Privacy/ConsentPurpose.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentPurpose1(consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentPurpose.swift#1
    consent.grant(.analytics)
    consent.deny(.marketing)
    let personalization: ConsentPurpose = "personalization"   // your own purpose
    // end snippet
  }
}
