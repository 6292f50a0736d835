// The Swift blocks of Sources/Trackers/Documentation.docc/Privacy.md, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import MixpanelTracker
import PostHogTracker
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


private func trackersPrivacy2(key: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/Privacy.md#2
    var posthog = PostHogConfiguration(apiKey: key, privacy: consent.registry)
    posthog.whileConsentUnknown = .drop   // nothing before the answer is ever sent
    PostHogTracker.Current = try .live(posthog)

    // When the user agrees:
    consent.grant()
    // end snippet
  }
}

private func trackersPrivacy3(consent: ConsentStore) {
  compileDeclarations {
    // snippet: Sources/Trackers/Documentation.docc/Privacy.md#3
    func optIn() {
      consent.liftOptOut()   // if the user opted out before
      consent.grant()
    }
    func optOut() {
      consent.optOut()
    }
    // end snippet
  }
}

private func trackersPrivacy4(send: @escaping Tracker<AnalyticsData>, consent: ConsentStore) {
  compile {
    // snippet: Sources/Trackers/Documentation.docc/Privacy.md#4
    send(.superProperties(.register(["theme": "dark"])))           // the device's: stays at sign-out
    send(.superProperties(.registerForUser(["plan": "pro"])))      // the user's: goes at sign-out
    send(.userId(nil))                                              // sign-out: "plan" goes, "theme" stays
    consent.registry.reset()                                        // "delete my data": everything goes
    // end snippet
  }
}
