// The Swift blocks of Sources/Trackers/Privacy/*.swift, compiled: see DocSnippetTests.swift.
import AmplitudeTracker
import Foundation
import MixpanelTracker
import Trackers
import TrackersDelivery

/// A consent banner, as the example assumes one.
private struct Banner: Sendable { var isHidden: Bool { get { false } nonmutating set {} } }

private func consent(consent: ConsentStore, appSupport: URL, banner: Banner) {
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentGate.swift#1
    let send = combine(
      consentGated(mixpanelTracker, by: consent, destination: "Mixpanel"),
      consentGated(amplitudeTracker, by: consent, destination: "Amplitude", whileUnknown: .drop)
    )
    // end snippet
    _ = send
  }
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentObservation.swift#1
    let observation = consent.observe { state in banner.isHidden = state.status != .unknown }
    // keep `observation` for as long as you want the calls
    // end snippet
    _ = observation
  }
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentPurpose.swift#1
    consent.grant(.analytics)
    consent.deny(.marketing)
    let personalization: ConsentPurpose = "personalization"   // your own purpose
    // end snippet
    _ = personalization
  }
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentState+File.swift#1
    let url = URL.applicationSupportDirectory.appending(path: "consent.json")
    let state = try ConsentState.read(from: url) ?? ConsentState()
    // end snippet
    _ = state
  }
  compile {
    // snippet: Sources/Trackers/Privacy/ConsentState.swift#1
    var state = ConsentState(status: .granted, destinations: ["Amplitude": .denied])
    state.status(for: .analytics, destination: "Mixpanel")   // .granted
    state.status(for: .analytics, destination: "Amplitude")  // .denied
    state.isOptedOut = true
    state.status(for: .analytics, destination: "Mixpanel")   // .denied
    // end snippet
  }
}

private func consentStore(appSupport: URL) {
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
  compile {
    let consent = ConsentStore()
    // snippet: Sources/Trackers/Privacy/ConsentStore.swift#2
    consent.optOut()       // "stop tracking me"
    consent.liftOptOut()   // the earlier answers apply again: unknown stays unknown
    consent.grant()        // "yes": events are sent
    // end snippet
  }
}

/// At launch, and in the app.
private func privacyRegistry(
  configuration: MixpanelConfiguration, queue: DeliveryQueue, identity: IdentityStore<[UInt8]>,
  consent: ConsentStore, token: String
) {
  compile {
    // snippet: Sources/Trackers/Privacy/PrivacyRegistry.swift#1
    MixpanelTracker.Current = try .live(.init(projectToken: token, privacy: consent.registry))

    // In the app, on logout or "delete my data":
    consent.registry.reset()
    // end snippet
  }
}

private func redaction(consent: ConsentStore) {
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
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor+KeyRule.swift#1
    let loyaltyNumber = Redactor.KeyRule.keys(named: ["loyalty_number"], marker: "loyalty")
    let isInternal = Redactor.KeyRule.custom(marker: "internal") { $0.hasPrefix("x_internal_") }
    // end snippet
    _ = (loyaltyNumber, isInternal)
  }
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor+ValueRule.swift#1
    let frenchSocialSecurity = Redactor.ValueRule.custom("nir") { value in
      value.utf8.count == 15 && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? Redactor.marker("nir") : nil
    }
    // end snippet
    _ = frenchSocialSecurity
  }
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor.swift#1
    let redactor = Redactor.default
    redactor.redact(.event(name: "Signup", properties: [
      "email": "ada@example.com", "note": "call +33 6 12 34 56 78", "plan": "pro",
    ]))
    // event Signup {"email": "[redacted:email]", "note": "call [redacted:phone]", "plan": "pro"}
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/Privacy/Redactor.swift#2
    let redactor = Redactor(
      keyRules: Redactor.KeyRule.defaults + [.keys(named: ["loyalty_number"], marker: "loyalty")],
      valueRules: Redactor.ValueRule.defaults + [.wholeValue("nir") { isFrenchSocialSecurityNumber($0) }]
    )
    // end snippet
    _ = redactor
  }
}

/// A rule of the app's own.
private func isFrenchSocialSecurityNumber(_ value: String) -> Bool { value.utf8.count == 15 }
