// The Swift blocks of Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md, compiled:
// see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerGoogleAnalyticsTracker1(secrets: Secrets) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#1
    GoogleAnalyticsTracker.Current = try .live(
      GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4)
    )
    googleAnalyticsTracker(.screen(name: "Cart"))
    // end snippet
  }
}

private func googleAnalyticsTrackerGoogleAnalyticsTracker2(secrets: Secrets) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#2
    var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4)
    configuration.naming = .keepingAcceptedNames  // the names the Firebase SDK sent, kept
    GoogleAnalyticsTracker.Current = try .live(configuration)
    googleAnalyticsTracker(.event(name: "clicked_SignIn_on_email_auth_screen", properties: ["LoginInteractionType": "tap"]))
    // GA4 receives: clicked_SignIn_on_email_auth_screen {"LoginInteractionType": "tap"}
    googleAnalyticsTracker(.userProperty(name: "Sign In Method", value: "email"))
    // later requests carry: "user_properties": {"Sign_In_Method": {"value": "email"}}
    // end snippet
  }
}

private func googleAnalyticsTrackerGoogleAnalyticsTracker3(secret: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#3
    GoogleAnalyticsTracker.Current = try .live(GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secret, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

@MainActor private func googleAnalyticsTrackerGoogleAnalyticsTracker4(secrets: Secrets, storage: URL) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#4
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4)
    configuration.lifecycle = lifecycle
    GoogleAnalyticsTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: googleAnalyticsTracker)  // application_installed/updated, application_opened
    lifecycle.observeApplicationNotifications()           // Apple platforms, on the main thread: the rest
    // end snippet
  }
}

private func googleAnalyticsTrackerGoogleAnalyticsTracker5() {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#5
    googleAnalyticsTracker(.userProperty(name: "plan", value: "pro"))    // "user_properties": {"plan": {"value": "pro"}}
    googleAnalyticsTracker(.userProperty(name: "plan", value: .null))    // as Firebase's setUserProperty(nil, forName: "plan")
    googleAnalyticsTracker(.profile(.unset(name: "plan")))               // the same, in the vendor-neutral form
    googleAnalyticsTracker(.userProperties(["plan": .null, "seats": 5])) // clears one, sets the other
    // end snippet
  }
}
