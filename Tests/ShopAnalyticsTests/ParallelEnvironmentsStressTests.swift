import ShopAnalytics
import ShopFirebase
import ShopGoogleAnalytics
import Testing
import Trackers
import TrackersTesting

/// 200 test cases in parallel, each swapping the `Current` of two vendor modules and sending from child
/// tasks, 20 rounds each, every round in a fresh nested isolation scope: 4,000 scopes in one run.
///
/// An event that leaked from one case or round into another would be an extra event in some exhaustive
/// recorder, and fail that case.
@Suite(.isolatedEnvironments)
struct ParallelEnvironmentsStressTests {
  static let rounds = 20

  @Test(arguments: 0..<200)
  func parallelCasesAndRoundsNeverSeeOneAnothersEnvironments(testCase: Int) async {
    // The case's own scope; every round below nests in it, and must leave it untouched.
    let caseGoogle = TrackerRecorder<AnalyticsData>()
    ShopGoogleAnalytics.Current.send = caseGoogle.tracker
    ShopFirebase.Current = .unimplemented

    for round in 0..<Self.rounds {
      await withIsolatedEnvironments {
        let google = TrackerRecorder<AnalyticsData>()
        let firebase = TrackerRecorder<AnalyticsData>()
        ShopGoogleAnalytics.Current.send = google.tracker
        ShopFirebase.Current.send = firebase.tracker
        let endpoint = "/case/\(testCase)/round/\(round)"

        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            await Task.yield()
            googleAnalyticsTracker(.appEnteredForeground)
          }
          group.addTask {
            await Task.yield()
            // A grandchild task, through the app's composition: API failures reach only Firebase.
            async let failure: Void = shopTracker(.api(.timeout(endpoint: endpoint)))
            await failure
          }
        }

        google.expect("app_foreground")
        firebase.expect(.error(message: "timeout", properties: ["endpoint": .string(endpoint)]))
      }
    }

    // The rounds' assignments ended with their scopes: the case's own values are back.
    googleAnalyticsTracker(.appEnteredBackground)
    caseGoogle.expect("app_background_entered")
  }
}
