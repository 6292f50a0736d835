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
}
