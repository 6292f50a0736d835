import AmplitudeTracker
import Foundation
import Testing
import Trackers
import VendorTestSupport

@Suite struct MappingTests {
  @Test func eventKeepsTypeAndTypedProperties() {
    let properties: AnalyticsData.Properties = ["plan": "pro", "seats": 5, "price": 9.99, "renews": .date(propertyDate)]
    #expect(amplitudeEvent(for: .event(name: "Order Completed", properties: properties))
      == .event(type: "Order Completed", properties: properties))
  }

  @Test func screenIsAmplitudeScreenViewed() {
    #expect(amplitudeEvent(for: .screen(name: "Cart", properties: ["items": 3]))
      == .event(type: "[Amplitude] Screen Viewed", properties: ["[Amplitude] Screen Name": "Cart", "items": 3]))
  }

  @Test func errorIsErrorEventWithMessage() {
    #expect(amplitudeEvent(for: .error(message: "GET /cart timed out", properties: ["endpoint": "/cart"]))
      == .event(type: "Error", properties: ["message": "GET /cart timed out", "endpoint": "/cart"]))
  }

  @Test func userIdAndUserProperty() {
    #expect(amplitudeEvent(for: .userId("user-42")) == .userId("user-42"))
    #expect(amplitudeEvent(for: .userId(nil)) == .userId(nil))
    #expect(amplitudeEvent(for: .userProperty(name: "tier", value: 3)) == .userProperty(name: "tier", value: 3))
  }

  /// Amplitude-Swift's names (`autocapture: .appLifecycles`): "[Amplitude] Application ..." with
  /// "[Amplitude] ..." properties; an unknown version or build is left out.
  @Test func lifecycleEventsUseAmplitudeSwiftsNames() {
    let cases: [(LifecycleEvent, AmplitudeEvent)] = [
      (.installed(version: "2.1.0", build: "142"),
       .event(type: "[Amplitude] Application Installed", properties: [
         "[Amplitude] Version": "2.1.0", "[Amplitude] Build": "142",
       ])),
      (.updated(previousVersion: "2.0.0", previousBuild: "130", version: "2.1.0", build: "142"),
       .event(type: "[Amplitude] Application Updated", properties: [
         "[Amplitude] Previous Version": "2.0.0", "[Amplitude] Previous Build": "130",
         "[Amplitude] Version": "2.1.0", "[Amplitude] Build": "142",
       ])),
      (.opened(fromBackground: true, version: "2.1.0", build: "142"),
       .event(type: "[Amplitude] Application Opened", properties: [
         "[Amplitude] From Background": true, "[Amplitude] Version": "2.1.0", "[Amplitude] Build": "142",
       ])),
      (.opened(fromBackground: false, version: nil, build: nil),
       .event(type: "[Amplitude] Application Opened", properties: ["[Amplitude] From Background": false])),
      (.backgrounded, .event(type: "[Amplitude] Application Backgrounded", properties: [:])),
    ]
    for (event, expected) in cases {
      #expect(amplitudeEvent(for: .lifecycle(event)) == expected, "\(event)")
      #expect(amplitudeIssues(for: .lifecycle(event)).isEmpty, "\(event)")
    }
  }
}
