// The Swift blocks of Sources/Trackers/Privacy/ConsentStore.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersConsentStore1(appSupport: URL) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentStore.swift#1
    let consent = try ConsentStore(contentsOf: appSupport.appending(path: "consent.json"))
    let send = consentGated(mixpanelTracker, by: consent, destination: "Mixpanel")
    send("App Opened")            // held: the user has not answered
    consent.grant()               // the held event goes out now
    consent.deny(destination: "Mixpanel")   // Mixpanel's pending events are purged
    consent.optOut()              // nothing goes anywhere, and that survives a restart
    // end snippet
  }
}
