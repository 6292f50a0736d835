// The Swift blocks of the doc comments of Sources/TrackersTesting, compiled (and the tests among them run):
// see DocSnippetTests.swift. `Current` and `googleAnalyticsTracker` are the shop's ShopGoogleAnalytics'.
import AppLifecycle
import Catalog
import GoogleAnalyticsTracker
import ShopGoogleAnalytics
import Testing
import Trackers
import TrackersTesting
import TrackersTrackingPlan
import XCTest

/// A local class, which XCTest does not run: TestingTrackers+GoogleAnalytics runs the same test.
private func isolatedEnvironmentsTestCase() {
  compileDeclarations {
    // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTestCase.swift#1
    final class GoogleAnalyticsTrackerTests: IsolatedEnvironmentsTestCase {
      func testAppLaunch() {
        let recorder = TrackerRecorder<AnalyticsData>()
        Current.send = recorder.tracker
        googleAnalyticsTracker(.appLaunched)
        recorder.expect("app_launch")
      }
    }
    // end snippet
  }
}

/// Test cases that already share a base class.
class IsolatedEnvironmentsBaseClass: XCTestCase {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTestCase.swift#2
  override func invokeTest() {
    withIsolatedTestEnvironments { super.invokeTest() }
  }
  // end snippet
}

/// The same, as `withIsolatedTestEnvironments` shows it.
class IsolatedTestEnvironmentsBaseClass: XCTestCase {
  // snippet: Sources/TrackersTesting/IsolatedTestEnvironments.swift#1
  override func invokeTest() {
    withIsolatedTestEnvironments { super.invokeTest() }
  }
  // end snippet
}

enum IsolatedEnvironmentsTraitExample {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTrait.swift#1
  @Suite(.isolatedEnvironments)
  struct GoogleAnalyticsTrackerTests {
    @Test func appLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")
    }
  }
  // end snippet
}

struct IsolatedEnvironmentsTraitSpelling {
  // snippet: Sources/TrackersTesting/IsolatedEnvironmentsTrait.swift#2
  @Suite(.isolatedEnvironments) struct MixpanelTests { /* ... */ }
  @Test(.isolatedEnvironments) func logout() { /* ... */ }
  // end snippet
}

enum TrackerRecorderExample {
  // snippet: Sources/TrackersTesting/TrackerRecorder.swift#1
  @Suite(.isolatedEnvironments)
  struct GoogleAnalyticsTests {
    @Test func appLaunch() {
      let recorder = TrackerRecorder<AnalyticsData>()
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
      recorder.expect("app_launch")
    }
  }
  // end snippet
}

/// A feature's model, whose checkout tracks.
private struct CheckoutModel {
  func checkout() {}
  func checkout() async {}
}

private func recorders(recorder: TrackerRecorder<AnalyticsData>, model: CheckoutModel) {
  compile {
    // snippet: Sources/TrackersTesting/TrackerRecorder.swift#2
    googleAnalyticsTracker(.appEnteredForeground)
    recorder.expect("app_foreground")
    recorder.expectNoEvents()
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersTesting/TrackerRecorder.swift#3
    recorder.expect { $0.name == "purchase" }
    recorder.expect({ $0.name == "cart_viewed" }, { $0.name == "checkout_started" })
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersTesting/IsolatedTestEnvironments.swift#2
    await withIsolatedTestEnvironments {
      Current.send = recorder.tracker
      await model.checkout()
    }
    // end snippet
  }
  compile {
    // snippet: Sources/TrackersTesting/IssueReporter+TestFailure.swift#1
    withIssueReporter(.testFailure) {
      model.checkout()
    }
    // end snippet
  }
}

@Suite(.disabled("compiled only: CatalogTests keeps Catalog's plan")) struct TrackingPlanTraitExample {
  // snippet: Sources/TrackersTesting/TrackingPlanTrait.swift#1
  @Suite(.trackingPlan(module: "Catalog", receivers: [.init("GA4", googleAnalyticsIssues(for:))]))
  struct CatalogAnalyticsTests { /* ... */ }
  // end snippet
}

/// Tracks each kind of catalog event once, as a module's tests would.
private func trackEveryCatalogEvent() {}

/// A local class, which XCTest does not run.
private func withTrackingPlanExample() {
  compileDeclarations {
    final class CatalogAnalyticsTests: XCTestCase {
      // snippet: Sources/TrackersTrackingPlan/TrackingPlanCheck.swift#1
      func testTheTrackingPlan() async {
        await withTrackingPlan(module: "Catalog") { trackEveryCatalogEvent() }
      }
      // end snippet
    }
  }
}
