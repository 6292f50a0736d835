// The Swift blocks of Sources/GoogleAnalyticsTracker/GoogleAnalyticsConfiguration.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerConfiguration1(secrets: Secrets, consent: ConsentStore) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/GoogleAnalyticsConfiguration.swift#1
    GoogleAnalyticsTracker.Current = try .live(
      GoogleAnalyticsConfiguration(measurementId: "G-XXXXXXX", apiSecret: secrets.ga4, privacy: consent.registry)
    )
    // end snippet
  }
}
