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
}
