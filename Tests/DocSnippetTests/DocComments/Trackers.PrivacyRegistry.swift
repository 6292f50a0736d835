// The Swift blocks of Sources/Trackers/Privacy/PrivacyRegistry.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersPrivacyRegistry1(consent: ConsentStore, queue: DeliveryQueue) {
  compile {
    // snippet: Sources/Trackers/Privacy/PrivacyRegistry.swift#1
    // Inside a vendor module's `Environment.live(_ configuration:)`:
    configuration.privacy?.register(
      destination: "Mixpanel",
      purgePending: { try? queue.purge() },     // delete every pending event, on disk too
      resetIdentity: { identity.reset() },      // forget user id, make a new anonymous id
      consentChanged: { queue.shouldSendChanged() }
    )

    // In the app, on logout or "delete my data":
    consent.registry.reset()
    // end snippet
  }
}
