import Trackers
import XCTest

/// An `XCTestCase` that runs each test in its own isolated environments: the XCTest counterpart of the
/// `.isolatedEnvironments` trait.
///
/// Subclass it instead of `XCTestCase`:
///
/// ```swift
/// import TrackersTesting
/// import XCTest
/// import ShopGoogleAnalytics
///
/// final class GoogleAnalyticsTrackerTests: IsolatedEnvironmentsTestCase {
///   func testAppLaunch() {
///     let recorder = TrackerRecorder<AnalyticsData>()
///     Current.send = recorder.tracker
///     googleAnalyticsTracker(.appLaunched)
///     recorder.expect("app_launch")
///   }
/// }
/// ```
///
/// Each test method, with its `setUp` and `tearDown`, runs inside ``withIsolatedTestEnvironments(_:)``:
/// every module's `Current` starts fresh and its changes stay in the test, `reportIssue` fails the test at
/// the reported file and line, and exhaustive ``TrackerRecorder``s are checked for unconsumed events after
/// `tearDown`.
///
/// If your test cases already share a base class, override `invokeTest()` in it the same way:
///
/// ```swift
/// override func invokeTest() {
///   withIsolatedTestEnvironments { super.invokeTest() }
/// }
/// ```
open class IsolatedEnvironmentsTestCase: XCTestCase {
  /// Runs the test inside isolated test environments.
  override open func invokeTest() {
    XCTestCaseBinding.$current.withValue(XCTestCaseBinding(self)) {
      withIsolatedTestEnvironments {
        super.invokeTest()
      }
    }
  }
}
