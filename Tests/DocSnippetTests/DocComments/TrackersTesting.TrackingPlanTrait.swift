// The Swift blocks of Sources/TrackersTesting/TrackingPlan/TrackingPlanTrait.swift, compiled: see DocSnippetTests.swift.
import Foundation
import GoogleAnalyticsTracker
import Testing
import Trackers
import TrackersDelivery
import TrackersDeliveryTesting
import TrackersTesting

struct TrackersTestingTrackingPlanTrait1 {
  // snippet: Sources/TrackersTesting/TrackingPlan/TrackingPlanTrait.swift#1
  @Suite(.trackingPlan(module: "Catalog", receivers: [.init("GA4", GoogleAnalyticsTracker.validate)]))
  struct CatalogAnalyticsTests { ... }
  // end snippet
}

private func trackersTestingTrackingPlanTrait2() {
  compile {
    // snippet: Sources/TrackersTesting/TrackingPlan/TrackingPlanTrait.swift#2
    func testTheTrackingPlan() async {
      await withTrackingPlan(module: "Catalog") { trackEveryCatalogEvent() }
    }
    // end snippet
  }
}
