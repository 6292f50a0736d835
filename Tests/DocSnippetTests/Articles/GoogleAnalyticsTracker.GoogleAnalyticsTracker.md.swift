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

private func googleAnalyticsTrackerGoogleAnalyticsTracker2(secret: String, consent: ConsentStore) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#2
    GoogleAnalyticsTracker.Current = try .live(GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secret, privacy: consent.registry))
    // end snippet
    _ = send
  }
}

@MainActor private func googleAnalyticsTrackerGoogleAnalyticsTracker3(secrets: Secrets, storage: URL) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/Documentation.docc/GoogleAnalyticsTracker.md#3
    let lifecycle = ApplicationLifecycle(storageDirectory: storage)  // keeps lifecycle.json there
    var configuration = GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4)
    configuration.lifecycle = lifecycle
    GoogleAnalyticsTracker.Current = try .live(configuration)

    lifecycle.launched(tracking: googleAnalyticsTracker)  // application_installed/updated, application_opened
    lifecycle.observeApplicationNotifications()           // Apple platforms, on the main thread: the rest
    // end snippet
  }
}
