// The Swift blocks of Sources/Trackers/Documentation.docc/Privacy.md, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import MixpanelTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersPrivacy1(token: String, key: String, appSupport: URL) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/Privacy.md#1
    let consent = try ConsentStore(contentsOf: appSupport.appending(path: "consent.json"))

    MixpanelTracker.Current = try .live(.init(projectToken: token, privacy: consent.registry))
    AmplitudeTracker.Current = try .live(.init(apiKey: key, privacy: consent.registry))

    let send: Tracker<AnalyticsData> = redacting(combine(
      consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
      consentGated(amplitudeTracker, by: consent, purpose: .analytics, destination: "Amplitude", whileUnknown: .drop)
    ))
    // end snippet
    _ = send
  }
}

/// Inside a vendor module's `live`, with its queue and identity.
private func trackersPrivacy2(
  configuration: MixpanelConfiguration, queue: DeliveryQueue, identity: IdentityStore<[UInt8]>
) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/Privacy.md#2
    configuration.privacy?.register(
      destination: "Mixpanel",                 // the name the app gives consentGated
      purgePending: { try? queue.purge() },    // delete every pending event, in memory and on disk
      resetIdentity: { identity.reset() },     // forget user id and anonymous id; the next one is new
      consentChanged: { queue.shouldSendChanged() }   // send what waited for consent
    )
    // end snippet
  }
}
