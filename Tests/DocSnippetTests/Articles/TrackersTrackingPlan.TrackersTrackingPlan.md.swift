// The Swift blocks of Sources/TrackersTrackingPlan/Documentation.docc/TrackersTrackingPlan.md, compiled: see
// DocSnippetTests.swift. Not run: Catalog's plan is checked by CatalogTests, beside its TrackingPlan.json.
import Testing
import TrackersTesting
import TrackersTrackingPlan

@Suite(.disabled("compiled only: CatalogTests keeps Catalog's plan")) struct TrackersTrackingPlanLanding {
  // snippet: Sources/TrackersTrackingPlan/Documentation.docc/TrackersTrackingPlan.md#1
  @Suite(.isolatedEnvironments, .trackingPlan(module: "Catalog"))
  struct CatalogAnalyticsTests { /* the module's usual recorder tests */ }
  // end snippet
}
