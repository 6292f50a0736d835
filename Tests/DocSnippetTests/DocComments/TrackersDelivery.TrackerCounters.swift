// The Swift blocks of Sources/TrackersDelivery/ModuleKit/TrackerCounters.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

private func trackersDeliveryTrackerCounters1() {
  compile {
    // snippet: Sources/TrackersDelivery/ModuleKit/TrackerCounters.swift#1
    let counters = GoogleAnalyticsTracker.Current.counters()
    print(counters)   // invalid=0 notConfigured=0 notEnqueued=0 identityUpdates=1 delivery: enqueued=12 ...
    // end snippet
  }
}
