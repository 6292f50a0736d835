// The Swift blocks of Sources/Trackers/Lifecycle/LifecycleEvent.swift, compiled: see DocSnippetTests.swift.
import Foundation
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersLifecycleEvent1() {
  compile {
    // snippet: Sources/Trackers/Lifecycle/LifecycleEvent.swift#1
    let opened = AnalyticsData.lifecycle(.opened(fromBackground: true, version: "2.1.0", build: "142"))
    opened.name         // "Application Opened"
    opened.properties   // ["from_background": true, "version": "2.1.0", "build": "142"]
    // end snippet
  }
}
