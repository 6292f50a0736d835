import Foundation
import PostHogTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func eventIsCapture() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "price": 9.99, "renews": .date(propertyDate)]
    #expect(postHogEvent(for: .event(name: "order completed", properties: properties))
      == .capture(event: "order completed", properties: properties))
  }

  @Test func screenIsDollarScreen() {
    #expect(postHogEvent(for: .screen(name: "Cart", properties: ["items": 3]))
      == .capture(event: "$screen", properties: ["$screen_name": "Cart", "items": 3]))
  }

  @Test func errorIsErrorEvent() {
    #expect(postHogEvent(for: .error(message: "GET /cart timed out", properties: ["status": 504]))
      == .capture(event: "Error", properties: ["message": "GET /cart timed out", "status": 504]))
  }

  @Test func userPropertyIsSetAndUserIdIsKept() {
    #expect(postHogEvent(for: .userProperty(name: "tier", value: "gold")) == .setPersonProperties(["tier": "gold"]))
    #expect(postHogEvent(for: .userId("user-42")) == .userId("user-42"))
    #expect(postHogEvent(for: .userId(nil)) == .userId(nil))
  }

  /// posthog-ios's names (`captureApplicationLifecycleEvents`), Segment's spec: "Application ..." with
  /// `version`, `build`, `previous_version`, `previous_build`, `from_background`; an unknown version or build
  /// is left out.
  @Test func lifecycleEventsUseTheSegmentSpecNames() {
    let cases: [(LifecycleEvent, PostHogEvent)] = [
      (.installed(version: "2.1.0", build: "142"),
       .capture(event: "Application Installed", properties: ["version": "2.1.0", "build": "142"])),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .capture(event: "Application Updated", properties: [
         "previous_version": "2.0.0", "previous_build": "130", "version": "2.1.0", "build": "142",
       ])),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .capture(event: "Application Opened", properties: ["from_background": true, "version": "2.1.0", "build": "142"])),
      (.opened(fromBackground: false, version: nil, build: nil),
       .capture(event: "Application Opened", properties: ["from_background": false])),
      (.backgrounded, .capture(event: "Application Backgrounded", properties: [:])),
    ]
    for (event, expected) in cases {
      #expect(postHogEvent(for: .lifecycle(event)) == expected, "\(event)")
      #expect(postHogIssues(for: .lifecycle(event)).isEmpty, "\(event)")
    }
  }
}
