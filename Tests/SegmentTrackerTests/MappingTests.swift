import Foundation
import SegmentTracker
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func eventIsTrack() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "price": 9.99, "renews": .date(propertyDate)]
    #expect(segmentMessage(for: .event(name: "Order Completed", properties: properties))
      == .track(event: "Order Completed", properties: properties))
  }

  @Test func screenIsScreen() {
    #expect(segmentMessage(for: .screen(name: "Cart", properties: ["items": 3])) == .screen(name: "Cart", properties: ["items": 3]))
  }

  @Test func errorIsTrackError() {
    #expect(segmentMessage(for: .error(message: "GET /cart timed out", properties: ["status": 504]))
      == .track(event: "Error", properties: ["message": "GET /cart timed out", "status": 504]))
  }

  @Test func userPropertyIsIdentifyWithTraitsAndUserIdIsKept() {
    #expect(segmentMessage(for: .userProperty(name: "tier", value: "gold")) == .identify(traits: ["tier": "gold"]))
    #expect(segmentMessage(for: .userId("user-42")) == .userId("user-42"))
    #expect(segmentMessage(for: .userId(nil)) == .userId(nil))
  }

  /// Segment's mobile spec: "Application Opened" and the others, with from_background, version, build,
  /// previous_version and previous_build.
  @Test func lifecycleEventsAreTrackCallsWithTheSpecNamesAndProperties() {
    let expected: [(LifecycleEvent, SegmentMessage)] = [
      (.installed(version: "2.1.0", build: "142"),
       .track(event: "Application Installed", properties: ["version": "2.1.0", "build": "142"])),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .track(event: "Application Updated", properties: [
         "previous_version": "2.0.0", "previous_build": "130", "version": "2.1.0", "build": "142",
       ])),
      (.opened(fromBackground: false, version: "2.1.0", build: "142"),
       .track(event: "Application Opened", properties: ["from_background": false, "version": "2.1.0", "build": "142"])),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .track(event: "Application Opened", properties: ["from_background": true, "version": "2.1.0", "build": "142"])),
      (.backgrounded, .track(event: "Application Backgrounded", properties: [:])),
      // An unknown version or build is left out.
      (.updated(previousVersion: nil, previousBuild: nil, version: "2.1.0", build: nil),
       .track(event: "Application Updated", properties: ["version": "2.1.0"])),
    ]
    for (event, mapped) in expected {
      #expect(segmentMessage(for: .lifecycle(event)) == mapped, "\(event)")
      #expect(segmentIssues(for: .lifecycle(event)).isEmpty, "\(event)")
    }
  }
}
