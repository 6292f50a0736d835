// The Swift blocks of Sources/GoogleAnalyticsTracker/GoogleAnalyticsEnvironment.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func googleAnalyticsTrackerEnvironment1(secret: String, recorder: TrackerRecorder<GoogleAnalyticsEvent>) {
  compile {
    // snippet: Sources/GoogleAnalyticsTracker/GoogleAnalyticsEnvironment.swift#1
    // At launch:
    GoogleAnalyticsTracker.Current = try .live(GoogleAnalyticsConfiguration(measurementId: "G-XXXX", apiSecret: secret))

    // In a test:
    withIsolatedEnvironments {
      GoogleAnalyticsTracker.Current.send = recorder.tracker
      googleAnalyticsTracker(.screen(name: "Cart"))
    }
    // end snippet
  }
}
