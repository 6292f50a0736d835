// The Swift blocks of Sources/Trackers/CurrentEnvironment.swift, compiled: see DocSnippetTests.swift. The
// module is the shop's ShopGoogleAnalytics.
import AppLifecycle
import ShopGoogleAnalytics
import Trackers
import TrackersTesting

/// What a module declares, with ShopGoogleAnalytics' `Environment`.
struct CurrentEnvironmentDeclared {
  // snippet: Sources/Trackers/CurrentEnvironment.swift#1
  let current = CurrentEnvironment(Environment.mock)
  public var Current: Environment {
    get { current.value }
    set { current.value = newValue }
  }
  // end snippet
}

/// A feature's model, whose checkout tracks.
private struct CheckoutModel { func checkout() async {} }

private func isolatedEnvironments(recorder: TrackerRecorder<AnalyticsData>, model: CheckoutModel) {
  compile {
    // snippet: Sources/Trackers/CurrentEnvironment.swift#2
    withIsolatedEnvironments {
      Current.send = recorder.tracker
      googleAnalyticsTracker(.appLaunched)
    }
    // end snippet
  }
  compile {
    // snippet: Sources/Trackers/CurrentEnvironment.swift#3
    await withIsolatedEnvironments {
      Current.send = recorder.tracker
      await model.checkout()
    }
    // end snippet
  }
}
