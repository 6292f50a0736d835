// The Swift blocks of Sources/TrackersTesting/Documentation.docc/TrackingPlans.md, compiled: see
// DocSnippetTests.swift. Not run: Catalog's plan is checked by CatalogTests, beside its TrackingPlan.json.
import Catalog
import GoogleAnalyticsTracker
import MixpanelTracker
import Testing
import Trackers
import TrackersTesting
import TrackersTrackingPlan

/// Tracks each kind of catalog event once, as a module's tests would.
private func trackEveryCatalogEvent(_ track: Tracker<CatalogEvent>) {
  track(.homeViewed)
}

@Suite(.disabled("compiled only: CatalogTests keeps Catalog's plan")) struct TrackingPlansTrait {
  // snippet: Sources/TrackersTesting/Documentation.docc/TrackingPlans.md#1
  @Suite(
    .isolatedEnvironments,
    .trackingPlan(
      module: "Catalog",
      receivers: [
        .init("GA4", googleAnalyticsIssues(for:), receives: { googleAnalyticsEvent(for: $0).description }),
        .init("Mixpanel", mixpanelIssues(for:), receives: { mixpanelEvent(for: $0).description }),
      ]))
  struct CatalogAnalyticsTests {
    @Test func categoryViewed() {
      let recorder = TrackerRecorder<AnalyticsData>()
      let track: Tracker<CatalogEvent> = pullback(recorder.tracker, transform: catalogAnalytics)
      track(.categoryViewed(name: "Green tea"))
      recorder.expect(.screen(name: "Category", properties: ["category": "Green tea"]))
    }
  }
  // end snippet
}

/// A local class, which XCTest does not run.
private func trackingPlansXCTest() {
  compileDeclarations {
    // snippet: Sources/TrackersTesting/Documentation.docc/TrackingPlans.md#2
    final class CatalogAnalyticsTests: IsolatedEnvironmentsTestCase {
      func testTheTrackingPlan() async {
        let recorder = TrackerRecorder<AnalyticsData>(exhaustivity: .nonExhaustive)
        let track: Tracker<CatalogEvent> = pullback(recorder.tracker, transform: catalogAnalytics)
        await withTrackingPlan(module: "Catalog", receivers: [.init("GA4", googleAnalyticsIssues(for:))]) {
          trackEveryCatalogEvent(track)
        }
      }
    }
    // end snippet
  }
}
