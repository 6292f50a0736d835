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

    var mixpanel = MixpanelConfiguration(projectToken: token, privacy: consent.registry)
    mixpanel.redactor = .default
    MixpanelTracker.Current = try .live(mixpanel)
    var amplitude = AmplitudeConfiguration(apiKey: key, privacy: consent.registry)
    amplitude.redactor = .default
    AmplitudeTracker.Current = try .live(amplitude)

    let send: Tracker<AnalyticsData> = combine(mixpanelTracker, amplitudeTracker)
    // end snippet
    _ = send
  }
}

